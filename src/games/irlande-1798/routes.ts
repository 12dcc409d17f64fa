/**
 * Destination moves (rules/irlande-1798.md, "Moves are hex by hex, or a destination with its route"):
 * every hex two or more away that a stack can reach this move, one route per set of enemy-held VP
 * towns it takes (rulebook 7, 13.2).
 */
import { hasEnemy, hexName, sidesOf, unitData, type Positions } from './map.js';
import { mayLeave, movingSide, spentAfter, type Spent } from './move-points.js';
import { mayStand } from './stacking.js';
import type { HexId, HexSide, IrlRules, IrlState, MovingGroup, UnitData } from './state.js';

/**
 * What each unit of a group (`units`, as `spent`) has spent after stepping across the hexside `across`
 * (rulebook 7), or null when one of them may not pay for the step: it stops the group.
 */
function groupSpentAfter(rules: IrlRules, units: readonly UnitData[], spent: readonly Spent[], across: HexSide): Spent[] | null {
  const after = new Array<Spent>(units.length);
  for (let i = 0; i < units.length; i++) {
    const x = spentAfter(rules, units[i], spent[i], across);
    if (!x) return null;
    after[i] = x;
  }
  return after;
}

/**
 * Whether two routes leave every unit the same rest of the move: on the road the steps (and the
 * terrain cost, should it leave it), off it the terrain cost.
 */
function sameRest(a: readonly Spent[], b: readonly Spent[]): boolean {
  for (let i = 0; i < a.length; i++)
    if (a[i].road !== b[i].road || a[i].normal !== b[i].normal || (a[i].road && a[i].steps !== b[i].steps)) return false;
  return true;
}

/** Whether one of `routes` takes the same towns (`sigKey`) and leaves every unit the same rest of the move as `spent`. */
function foundAlready(routes: readonly { sigKey: string; spent: Spent[] }[], sigKey: string, spent: readonly Spent[]): boolean {
  for (const r of routes) if (r.sigKey === sigKey && sameRest(r.spent, spent)) return true;
  return false;
}

/** The first of `routes` (in the order found) for each set of towns taken (`sigKey`). */
function firstByTowns<R extends { sigKey: string }>(routes: readonly R[]): R[] {
  const firsts: R[] = [];
  for (const r of routes) if (!foundSigKey(firsts, r.sigKey)) firsts.push(r);
  return firsts;
}

function foundSigKey(routes: readonly { sigKey: string }[], sigKey: string): boolean {
  for (const r of routes) if (r.sigKey === sigKey) return true;
  return false;
}

/** Whether a unit of the group has used up its move (rulebook 7: the one-hex move spends everything). */
function anyExhausted(spent: readonly Spent[]): boolean {
  for (const x of spent) if (x.exhausted) return true;
  return false;
}

/**
 * Destinations two hexes or more away that the group can reach this move, each with a route
 * ("go <hex>"). Routes that enter different VP towns held by the enemy (or, for the French, different
 * hexes that free the Sligo Garrison) have different effects: each such set is its own option
 * ("go <hex> via <hex>+<hex>"). Among routes with the same effects the one with the fewest hexes is
 * taken, ties going to the route whose hex ids come first (rules/irlande-1798.md, "Destination moves").
 * Offered before the group's first step, once the player asks for the list ("destination").
 */
export function destinations(s: IrlState, rules: IrlRules, g: MovingGroup, at: Positions): { id: string; label: string; path: HexId[] }[] {
  if (g.path.length !== 1) return [];
  const side = movingSide(s);
  // The search goes by hex number (rules.index.ids) across the hexsides; the routes found are given by hex id.
  const ids = rules.index.ids;
  const start = rules.index.hexNumber[g.path[0]];
  const marks = (h: HexId) =>
    (rules.index.town[h] && s.control[h] !== side) || (side === 'French' && !s.sligoFree && rules.setup.sligoFrozenUntil.includes(h));
  interface Node {
    hex: number;
    /** What each unit has spent, as `g.units`. */
    spent: Spent[];
    sig: HexId[];
    /** `sig` joined with "+", made when it changes. */
    sigKey: string;
    /** The hexes entered, by number. */
    path: number[];
  }
  const units = g.units.map((u) => unitData(rules, u));
  // Who stands where does not change during the search: whether the group may stand in a hex (no
  // enemy there, stacking) and whether entering it marks the route are the same whatever the route,
  // worked out once per hex; the rest of stepProblem (the movement points) depends on the route so far.
  const enemySide = units[0].side;
  const hexes: ({ enterable: boolean; marks: boolean } | undefined)[] = new Array(ids.length);
  const hexFacts = (to: number) => {
    let facts = hexes[to];
    if (!facts) {
      const h = ids[to];
      const enterable = !hasEnemy(at, rules, h, enemySide) && mayStand(s, rules, at, h, g.units, g.generals);
      hexes[to] = facts = { enterable, marks: enterable && marks(h) };
    }
    return facts;
  };
  const leaving = mayLeave(s, rules, g, at);
  // The routes reached so far, by hex, in the order found: among those that take the same towns
  // (sigKey) the first is the one with the fewest hexes; the others are searched on only when they
  // leave a unit a different rest of the move.
  const reached: (Node[] | undefined)[] = new Array(ids.length);
  let frontier: Node[] = [{ hex: start, spent: g.units.map((u) => g.spent[u]), sig: [], sigKey: '', path: [] }];
  while (frontier.length) {
    const next: Node[] = [];
    for (const n of frontier) {
      // The first step (from the start hex) also leaves the rest of its stack behind.
      if (!n.path.length && !leaving) continue;
      for (const across of sidesOf(rules, n.hex)) {
        const to = across.to;
        if (to === start || n.path.includes(to)) continue;
        const facts = hexFacts(to);
        if (!facts.enterable) continue;
        const spent = groupSpentAfter(rules, units, n.spent, across);
        if (!spent) continue;
        const sig = facts.marks ? [...n.sig, across.toId].sort() : n.sig;
        const sigKey = sig === n.sig ? n.sigKey : sig.join('+');
        const routes = reached[to];
        if (routes && foundAlready(routes, sigKey, spent)) continue;
        const node = { hex: to, spent, sig, sigKey, path: [...n.path, to] };
        if (routes) routes.push(node);
        else reached[to] = [node];
        if (!anyExhausted(spent)) next.push(node);
      }
    }
    frontier = next;
  }
  const byHex = new Map<HexId, Node[]>();
  reached.forEach((routes, h) => {
    // The first route found for each set of towns taken (in the order found), when it is two hexes or more.
    const firsts = firstByTowns(routes!).filter((n) => n.path.length >= 2);
    if (firsts.length) byHex.set(ids[h], firsts);
  });
  const out: { id: string; label: string; path: HexId[] }[] = [];
  for (const h of [...byHex.keys()].sort()) {
    const nodes = byHex.get(h)!.sort((a, b) => a.sig.join().localeCompare(b.sig.join()));
    for (const n of nodes) {
      const path = n.path.map((x) => ids[x]);
      const id = nodes.length === 1 ? `go ${h}` : `go ${h} via ${n.sig.join('+') || 'none'}`;
      const towns = n.sig.length ? `; takes ${n.sig.join(', ')}` : '';
      const by = path.length > 2 ? ` by ${path.slice(0, -1).join(' ')}` : ` by ${path[0]}`;
      out.push({ id, label: `To ${hexName(rules, h)}, ${path.length} hexes${by}${towns}`, path });
    }
  }
  return out;
}
