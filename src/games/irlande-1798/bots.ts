/**
 * Bots (module contract): pure functions of their side's view, the decision and the rng. The
 * heuristic English never look inside Humbert's stack: they guess its strength from its counters,
 * conservatively (every counter a strong one, bot-sight.ts). The heuristic French are in bots-french.ts.
 */
import type { Bot, Decision } from '../../engine/module.js';
import {
  attackChance,
  attackOffers,
  believedStrength,
  enemyHexes,
  exposed,
  myUnitsIn,
  optionIds,
  passable,
  reached,
  spOf,
  stepToward,
  threatened,
  unitOf,
  type Goal,
} from './bot-sight.js';
import { frenchBot } from './bots-french.js';
import { distance, neighboursOf } from './map.js';
import type { HexId, SideName, UnitId } from './state.js';
import type { IrlView, UnitView } from './view.js';

export { randomBot } from '../../engine/bots.js';

/** Least chance of winning (by the CRT, as the English see the odds) for which they attack or march to attack. */
const ATTACK_CHANCE = 0.5;

/**
 * Garrisons (rule 13.2: towns are worth VP to whoever controls them at the end): in a VP town held by
 * `me` with an enemy within reach, one unit stays: the Sligo Garrison where it is, else the weakest.
 */
function garrisonOf(v: IrlView, me: SideName, h: HexId): UnitId | null {
  const r = v.rules;
  if (!r.index.town[h] || v.control[h] !== me || !threatened(v, me, h)) return null;
  const here = myUnitsIn(v, me, h).filter((u) => !u.routed);
  if (!here.length) return null;
  const sligo = here.find((u) => u.id === r.rout.sligoGarrison);
  if (sligo) return sligo.id;
  return here.slice().sort((a, b) => a.strength - b.strength || (a.id < b.id ? -1 : 1))[0].id;
}

/**
 * Where an English stack marches: a French stack it can beat, a town to take back or hold, or Lake's army.
 * The English goal for the stack of `movers` in `from` (the garrison left out; `sp` strength points,
 * theirs unless told), or null when it is best where it stands. A town counts as held only by the
 * English who stay in it once the stack has marched on (Lake's army stepped into an empty Claremorris,
 * took it as held by itself, walked on, and came back the next turn). Each candidate is worth its value
 * over (1 + distance):
 * - a French stack it (with friends already next to it) beats at the odds it can see: 3 x its chance;
 * - a VP town held by the French with no French unit in it: its VP + 0.5;
 * - for a stack without Lake, one of its own VP towns left empty with a French unit in reach: 1.5 (his
 *   army strikes, and leaves a garrison in such a town on its way);
 * - Lake's army, for a stack without him (concentrate before attacking): 1.
 */
function englishGoal(v: IrlView, from: HexId, movers: UnitView[], sp = spOf(movers)): Goal | null {
  const r = v.rules;
  const me: SideName = 'English';
  const dist = (h: HexId) => distance(r, from, h);
  const left = (h: HexId) => myUnitsIn(v, me, h).filter((u) => !movers.some((m) => m.id === u.id));
  const lake = v.generals.find((g) => g.id === 'lake');
  const withLake = lake?.place === 'map' && lake.hex === from;
  const cands: { goal: Goal; value: number }[] = [];
  const enemies = enemyHexes(v, me);
  for (const e of enemies) {
    const friends = v.units
      .filter((u) => u.side === me && u.place === 'map' && u.hex && u.hex !== from && !u.routed && distance(r, u.hex, e) === 1)
      .reduce((t, u) => t + u.strength, 0);
    const chance = attackChance(v, me, sp + friends, e, [from]);
    if (chance >= ATTACK_CHANCE) cands.push({ goal: { hex: e, kind: 'attack' }, value: (3 * chance) / (1 + dist(e)) });
  }
  for (const t of r.victory.towns) {
    if (enemies.includes(t.hex)) continue;
    if (v.control[t.hex] !== me) cands.push({ goal: { hex: t.hex, kind: 'town' }, value: (t.english + 0.5) / (1 + dist(t.hex)) });
    else if (!withLake && !left(t.hex).length && threatened(v, me, t.hex))
      cands.push({ goal: { hex: t.hex, kind: 'town' }, value: 1.5 / (1 + dist(t.hex)) });
  }
  if (lake?.place === 'map' && lake.hex && !withLake)
    cands.push({ goal: { hex: lake.hex, kind: 'join' }, value: 1 / (1 + dist(lake.hex)) });
  cands.sort((a, b) => b.value - a.value || (a.goal.hex < b.goal.hex ? -1 : 1));
  const best = cands[0]?.goal;
  if (!best || reached(v, from, best)) return null;
  return best;
}

/** The English units in `h` that would march together (everyone but the garrison and the routed). */
function marchers(v: IrlView, h: HexId): UnitView[] {
  const keep = garrisonOf(v, 'English', h);
  return myUnitsIn(v, 'English', h).filter((u) => u.id !== keep && !u.routed);
}

/** Whether the stack in `h` has somewhere better to be, one step nearer its goal (no aimless walks). */
function englishWantsToMarch(v: IrlView, h: HexId): boolean {
  const movers = marchers(v, h);
  const sp = spOf(movers);
  if (!sp) return false;
  const goal = englishGoal(v, h, movers);
  if (!goal) return false;
  const steps = neighboursOf(v.rules, h).filter((n) => passable(v, 'English', n));
  return stepToward(v, 'English', h, steps, goal, sp) !== null;
}

/**
 * The unit a marching stack leaves in `h`, one of its VP towns with no other English unit and the French
 * in reach (13.2: control passes to the last side through it): the weakest, never the last one.
 */
function garrisonOnTheWay(v: IrlView, h: HexId, moving: UnitView[]): UnitId | null {
  const r = v.rules;
  if (moving.length < 2 || !r.index.town[h] || v.control[h] !== 'English' || !threatened(v, 'English', h)) return null;
  if (myUnitsIn(v, 'English', h).some((u) => !moving.some((m) => m.id === u.id))) return null;
  return moving.slice().sort((a, b) => a.strength - b.strength || (a.id < b.id ? -1 : 1))[0].id;
}

/** Hexes within which a cavalry raider rides for a town; SP Lake's stack keeps when a raider leaves it. */
const RAID_RANGE = 4;
const RAID_MAIN_SP = 12;

/** The town a lone English horseman can take back: not held, no French in it or next to it, nearest first. */
function raidTown(v: IrlView, from: HexId): HexId | null {
  const r = v.rules;
  const enemies = enemyHexes(v, 'English');
  const towns = r.victory.towns
    .filter((t) => v.control[t.hex] !== 'English' && distance(r, from, t.hex) <= RAID_RANGE)
    .filter((t) => !enemies.some((e) => distance(r, e, t.hex) <= 1))
    .sort((a, b) => distance(r, from, a.hex) - distance(r, from, b.hex) || b.english - a.english || (a.hex < b.hex ? -1 : 1));
  return towns[0]?.hex ?? null;
}

/** Raids: a cavalry unit of Lake's army rides off alone to retake an empty town while the army stays strong. */
function raider(v: IrlView, u: UnitView): HexId | null {
  const lake = v.generals.find((g) => g.id === 'lake');
  if (u.type !== 'cavalry' || u.routed || !u.hex || lake?.hex !== u.hex) return null;
  if (spOf(marchers(v, u.hex)) - u.strength < RAID_MAIN_SP) return null;
  return raidTown(v, u.hex);
}

/** English movement: stacks with Lake first, then the strongest; garrisons stay; each step nears a goal. */
function englishMovement(v: IrlView, d: Decision): string {
  const ids = d.options.map((o) => o.id);
  if (v.moving) {
    const here = v.moving.path[v.moving.path.length - 1];
    const from = v.moving.path[0];
    // Take along everyone in the start hex but its garrison.
    const keep = v.moving.path.length === 1 ? garrisonOf(v, 'English', from) : null;
    const alone = v.moving.units?.length === 1 ? unitOf(v, v.moving.units[0]) : undefined;
    const raid = alone && (v.moving.path.length === 1 ? raider(v, alone) : alone.type === 'cavalry' ? raidTown(v, here) : null);
    const withs = raid ? [] : optionIds(d, 'with ').filter((w) => w !== 'with all' && w !== `with ${keep}`);
    if (!raid && ids.includes('with all') && !(keep && ids.includes(`with ${keep}`))) return 'with all';
    if (withs.length) return withs[0];
    const moving = (v.moving.units ?? []).map((u) => unitOf(v, u)).filter((u): u is UnitView => !!u);
    const sp = spOf(moving);
    let goal: Goal | null = raid ? { hex: raid, kind: 'town' } : englishGoal(v, here, moving);
    // Passing through one of its VP towns left empty with the French in reach, the stack leaves a garrison
    // (13.2), unless the stack needs all its strength for the attack it marches to (then it goes on whole).
    const drop = !raid && v.moving.path.length > 1 ? garrisonOnTheWay(v, here, moving) : null;
    if (drop && ids.includes(`drop ${drop}`)) {
      const rest = moving.filter((u) => u.id !== drop);
      const whole = englishGoal(v, here, rest, sp);
      const weaker = englishGoal(v, here, rest);
      if (whole?.kind !== 'attack' || (weaker?.kind === 'attack' && weaker.hex === whole.hex)) return `drop ${drop}`;
      goal = whole;
    }
    const steps = optionIds(d, 'to ')
      .map((id) => id.slice(3))
      .filter((h) => !v.moving!.path.includes(h));
    const step = goal ? stepToward(v, 'English', here, steps, goal, sp) : null;
    if (step) return `to ${step}`;
    if (ids.includes('stop')) return 'stop';
    // The first step is owed (no 'stop' before it): the nearest to the goal, else the least exposed.
    const fallback = steps
      .slice()
      .sort((a, b) => Number(exposed(v, 'English', a, sp, goal)) - Number(exposed(v, 'English', b, sp, goal)))[0];
    return fallback ? `to ${fallback}` : ids[0];
  }
  const lake = v.generals.find((g) => g.id === 'lake');
  const raiders = optionIds(d, 'move ').filter((id) => {
    const u = unitOf(v, id.slice(5));
    return !!u && raider(v, u) !== null;
  });
  if (raiders.length) return raiders[0];
  const candidates = optionIds(d, 'move ')
    .map((id) => ({ id, u: unitOf(v, id.slice(5)) }))
    .filter((c) => c.u?.hex && c.u.id !== garrisonOf(v, 'English', c.u.hex) && englishWantsToMarch(v, c.u.hex))
    .sort(
      (a, b) => Number(b.u!.hex === lake?.hex) - Number(a.u!.hex === lake?.hex) || b.u!.strength - a.u!.strength || (a.id < b.id ? -1 : 1),
    );
  return candidates[0]?.id ?? 'end movement';
}

/** Where the English want to go: French-held VP towns, weighted by their value, and the French army. */
function objectives(v: IrlView): { hex: HexId; value: number }[] {
  const r = v.rules;
  const out = r.victory.towns.filter((t) => v.control[t.hex] !== 'English').map((t) => ({ hex: t.hex, value: t.english }));
  for (const h of enemyHexes(v, 'English')) out.push({ hex: h, value: 1.5 });
  return out;
}

/** How attractive standing at `h` is for the English: near valuable objectives, not next to a stronger enemy. */
function hexScore(v: IrlView, h: HexId, mySp: number): number {
  const r = v.rules;
  const me: SideName = 'English';
  let score = 0;
  for (const o of objectives(v)) score += o.value / (1 + distance(r, h, o.hex));
  for (const e of enemyHexes(v, me)) {
    const dist = distance(r, h, e);
    if (dist > 1) continue;
    const theirs = believedStrength(v, e, 'French');
    // Next to a weaker enemy is good (an attack follows); next to a much stronger one is not.
    score += theirs > mySp * 1.5 ? -0.8 : 0.25;
  }
  if (r.index.town[h] && v.control[h] !== me) score += 1.5;
  // Hold one's own towns when the enemy is near.
  const town = r.index.town[h];
  if (town && v.control[h] === me && enemyHexes(v, me).some((e) => distance(r, e, h) <= 3)) score += town.english;
  return score;
}

/** The attack worth most (every eligible unit joins), none below an even chance of winning. */
function englishAttack(v: IrlView, d: Decision): string {
  let best = 'end combat';
  let bestWorth = 0;
  for (const { id, hex: h, avail } of attackOffers(d)) {
    const from = [
      ...new Set(
        v.units.filter((u) => u.side === 'English' && u.place === 'map' && u.hex && distance(v.rules, u.hex, h) === 1).map((u) => u.hex!),
      ),
    ];
    const chance = attackChance(v, 'English', avail, h, from);
    if (chance < ATTACK_CHANCE) continue;
    // Worth: the chance times what a win takes (the strength it beats, the town it opens).
    const worth = chance * (believedStrength(v, h, 'French') + (v.rules.index.town[h]?.english ?? 0));
    if (worth > bestWorth) {
      bestWorth = worth;
      best = id;
    }
  }
  return best;
}

/** Advance after combat: the English send one unit (never a garrison) into a VP town they won and keep their stack whole otherwise. */
function advance(v: IrlView, d: Decision): string {
  const me: SideName = 'English';
  const opts = optionIds(d, 'advance ');
  const done = d.options.some((o) => o.id === 'done') ? 'done' : opts[0];
  if (v.units.some((u) => u.side === 'English' && u.place === 'map' && opts.some((id) => id.endsWith(` ${u.hex}`)))) return done; // one unit has gone in already
  const into = opts.find((id) => {
    const [, unit, h] = id.split(' ');
    const u = unitOf(v, unit);
    return !!v.rules.index.town[h] && !(u?.hex && garrisonOf(v, me, u.hex) === u.id);
  });
  return into ?? done;
}

/** The English general: garrison threatened towns, march on goals, attack at the odds they can see. */
const englishBot: Bot<IrlView> = (v, d, rng) => {
  const me: SideName = 'English';
  const r = v.rules;
  const ids = d.options.map((o) => o.id);
  const has = (id: string) => ids.includes(id);
  const pick = (list: string[]) => list[Math.floor(rng() * list.length)];

  const movement = !!v.moving || ids.some((i) => i.startsWith('to ') || i.startsWith('move ')) || has('stop') || has('end movement');
  if (movement) return englishMovement(v, d);
  // Combat: the English attack where the CRT, at the odds they can see, gives them the best chance (at least even).
  if (ids.some((i) => i.startsWith('attack ')) || has('end combat')) return englishAttack(v, d);
  if (has('fight') || ids.some((i) => i.startsWith('with '))) {
    const st = optionIds(d, 'stratagem ');
    if (st.length) return st[0];
    const withs = optionIds(d, 'with ');
    if (withs.length) return withs[0];
    return 'fight';
  }
  if (has('no stratagem')) return optionIds(d, 'stratagem ')[0] ?? 'no stratagem';
  // Losses: the weakest or the least valuable first.
  if (ids.some((i) => i.startsWith('lose '))) {
    return optionIds(d, 'lose ').sort((a, b) => {
      const ua = r.index.unit[a.slice(5)];
      const ub = r.index.unit[b.slice(5)];
      const va = (ua.band === 'militia' ? 1 : 2) + (ua.reduced !== null ? -0.5 : 0);
      const vb = (ub.band === 'militia' ? 1 : 2) + (ub.reduced !== null ? -0.5 : 0);
      return va - vb || (a < b ? -1 : 1);
    })[0];
  }
  // Retreats, routs, advances, generals: the safest or the most attractive hex.
  const hexChoice = (prefix: string, idx: number) => {
    let best = '';
    let bs = -Infinity;
    for (const id of optionIds(d, prefix)) {
      const h = id.split(' ')[idx];
      if (h === 'off') continue;
      const sc = hexScore(v, h, 2) - (enemyHexes(v, me).some((e) => distance(r, e, h) === 1) ? 3 : 0) + rng() * 0.01;
      if (sc > bs) {
        bs = sc;
        best = id;
      }
    }
    return best || ids[0];
  };
  if (ids.some((i) => i.startsWith('retreat '))) return hexChoice('retreat ', 2);
  if (ids.some((i) => i.startsWith('rout '))) return hexChoice('rout ', 2);
  if (ids.some((i) => i.startsWith('general '))) return hexChoice('general ', 2);
  if (ids.some((i) => i.startsWith('advance '))) return advance(v, d);
  if (ids.some((i) => i.startsWith('bombard '))) return optionIds(d, 'bombard ').sort()[0];
  if (ids.some((i) => i.startsWith('enter '))) return ids[0];
  return pick(ids);
};

/** The heuristic bot of either side: the English general above, the French one in bots-french.ts. */
export const heuristicBot: Bot<IrlView> = (v, d, rng) => (d.side === 'French' ? frenchBot(v, d, rng) : englishBot(v, d, rng));
