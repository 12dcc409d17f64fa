/**
 * Retreat and rout (rulebook 9): where a unit may retreat one hex (9.1), and where a routing unit may go
 * next (9.2): the English toward 1205-1207 by the shortest route, the Sligo Garrison toward 0101,
 * the French anywhere but an English rout hex. The owner picks among the hexes these functions give.
 */
import { hasEnemy, neighboursOf, positionsOf, sidesOf, type Positions } from './map.js';
import { enterCost } from './move-points.js';
import { mayStand } from './stacking.js';
import type { HexId, HexSide, IrlRules, IrlState, SideName, Task, UnitId } from './state.js';

const sideOfUnit = (rules: IrlRules, u: UnitId): SideName => rules.index.unit[u].side;

// ---- retreat (rulebook 9.1) -----------------------------------------------------------------------

/** Hexes a unit may retreat (or advance) into: next to it, terrain it may enter, no enemy, stacking kept (`at`: who stands where). */
export function retreatHexes(s: IrlState, rules: IrlRules, u: UnitId, at: Positions): HexId[] {
  const st = s.units[u];
  if (st.place !== 'map') return [];
  return neighboursOf(rules, st.hex!).filter(
    (n) =>
      enterCost(rules, u, st.hex!, n) !== null && !hasEnemy(at, rules, n, sideOfUnit(rules, u)) && mayStand(s, rules, at, n, [u], [], [u]),
  );
}

// ---- rout (rulebook 9.2) --------------------------------------------------------------------------

/** Whether a routing unit may pass across the hexside `across` into its neighbour: terrain it may enter at all, no enemy, stacking kept. */
function routPassable(s: IrlState, rules: IrlRules, u: UnitId, across: HexSide, at: Positions): boolean {
  const h = across.toId;
  return (
    across.cost[rules.index.unit[u].type] !== null &&
    !hasEnemy(at, rules, h, sideOfUnit(rules, u)) &&
    mayStand(s, rules, at, h, [u], [], [u])
  );
}

/** The English rout goal of a unit: 1205-1207, or 0101 for the Sligo Garrison. */
function routGoal(rules: IrlRules, u: UnitId): HexId[] {
  return u === rules.rout.sligoGarrison ? [rules.rout.sligoRoutHex] : rules.rout.englishRoutHexes;
}

/**
 * Steps to the rout goal from every hex, over hexes the unit may pass (breadth first, order-free); `at`:
 * who stands where. With `until`, the search stops once that hex has its distance: every hex nearer
 * the goal has its own by then (the others may be missing).
 */
export function routDistances(
  s: IrlState,
  rules: IrlRules,
  u: UnitId,
  at: Positions = positionsOf(s, rules),
  until?: HexId,
): Record<HexId, number> {
  const dist: Record<HexId, number> = {};
  routDistancesByNumber(s, rules, u, at, until).forEach((d, n) => (dist[rules.index.ids[n]] = d));
  return dist;
}

/** routDistances by hex number (rules.index.ids; a hole: not reached), the search going across the hexsides. */
function routDistancesByNumber(s: IrlState, rules: IrlRules, u: UnitId, at: Positions, until?: HexId): number[] {
  const number = rules.index.hexNumber;
  const dist: number[] = new Array(rules.index.ids.length);
  const here = s.units[u].hex;
  const stop = until === undefined ? undefined : number[until];
  let frontier = routGoal(rules, u)
    .filter((h) => !hasEnemy(at, rules, h, 'English') && (here === h || mayStand(s, rules, at, h, [u], [], [u])))
    .map((h) => number[h]);
  for (const h of frontier) dist[h] = 0;
  let d = 0;
  while (frontier.length && (stop === undefined || dist[stop] === undefined)) {
    d++;
    const next: number[] = [];
    for (const h of frontier)
      for (const across of sidesOf(rules, h)) {
        const n = across.to;
        if (dist[n] !== undefined) continue;
        if (across.toId !== here && !routPassable(s, rules, u, across, at)) continue;
        dist[n] = d;
        next.push(n);
      }
    frontier = next;
  }
  return dist;
}

/** Where a routing unit may go next (empty: it cannot rout and is eliminated). 'off' = off the map. */
export function routSteps(s: IrlState, rules: IrlRules, t: Extract<Task, { kind: 'rout' }>, at: Positions): (HexId | 'off')[] {
  const u = t.unit;
  const st = s.units[u];
  const here = st.hex!;
  const hexsides = sidesOf(rules, rules.index.hexNumber[here]);
  const side = sideOfUnit(rules, u);
  if (side === 'French') {
    // The French rout where they like, never into an English rout hex, never back over their path.
    return hexsides
      .filter((x) => !t.visited.includes(x.toId) && !rules.rout.englishRoutHexes.includes(x.toId) && routPassable(s, rules, u, x, at))
      .map((x) => x.toId);
  }
  const dist = routDistancesByNumber(s, rules, u, at, here);
  const d = dist[rules.index.hexNumber[here]];
  if (d === undefined) return [];
  if (d === 0) return s.options.routExit === 'leave' ? ['off'] : [];
  return hexsides.filter((x) => dist[x.to] === d - 1 && routPassable(s, rules, u, x, at)).map((x) => x.toId);
}
