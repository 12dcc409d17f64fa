/** War of Independence: treaty check, British upgrade and British move phases. */
import type { GameEnv } from '../../engine/module.js';
import { startCombat, weakest } from './combat.js';
import { factionOf, isBritish, isSupport, mapEnv, moveUnit, place, reason, unitCode, type MapIndex } from './map.js';
import type { IFState, RegionKey, Unit } from './state.js';
import { plural } from '../../ui/text.js';

function say(env: GameEnv, text: string, tone: 'info' | 'roll' | 'phase' | 'good' | 'bad' = 'info'): void {
  if (env.verbose) env.log({ kind: 'text', text, tone });
}

/** Treaty check phase: "Calculate the British Morale Points". */
export function britishMorale(s: IFState, m: MapIndex): { regions: number; cities: number; eliminated: number; total: number } {
  const bm = m.rules.britishMorale;
  let mask = 0;
  let irishCities = 0;
  for (const u of s.units) {
    const i = m.areaIndex.get(u.area)!;
    if (isBritish(u.colour)) mask |= 1 << m.regionNumberAt[i];
    else if (m.terrainAt[i] === 2) irishCities |= 1 << i;
  }
  let regions = 0;
  for (let i = 1; i <= 6; i++) if (mask & (1 << i)) regions++;
  let cities = 0;
  for (const a of m.cityAreas) if (!(irishCities & (1 << m.areaIndex.get(a)!))) cities++;
  const total = regions * bm.perRegion + cities * bm.perCity - s.britishEliminated * bm.perEliminated;
  return { regions, cities, eliminated: s.britishEliminated, total };
}

/** "Roll a D6. If the result is greater than the British morale points ... the Treaty happens." */
export function treatyCheck(s: IFState, env: GameEnv): void {
  const m = mapEnv(env);
  const bm = britishMorale(s, m);
  s.britishMorale = bm.total;
  const die = env.dice.roll(6, 'Treaty check: D6 against British morale');
  if (env.verbose)
    say(
      env,
      `British morale ${bm.total} = ${plural(bm.regions, 'Region')} with British units + ${plural(bm.cities, 'City', 'Cities')} without Irish units - ${bm.eliminated} eliminated Army/RIC/Tans; roll ${die}: ${die > bm.total ? 'the Treaty!' : 'no treaty.'}`,
      die > bm.total ? 'good' : 'info',
    );
  s.phase = die > bm.total ? 'treaty' : 'british-upgrade';
}

/** British upgrade phase: RIC to Tans, or Tans raise an Irish Mob, or nothing. */
export function britishUpgrade(s: IFState, env: GameEnv): void {
  const m = mapEnv(env);
  const d = env.dice.roll(6, 'British upgrade phase: Region');
  const r = m.regionByDie[d];
  // The RIC in the Region, and whether Tans stand there, in one pass
  const ric: Unit[] = [];
  let tans = false;
  for (const u of s.units) {
    if (u.type !== 'ric' && u.type !== 'tans') continue;
    if (m.regionOf.get(u.area) !== r) continue;
    if (u.type === 'ric') ric.push(u);
    else tans = true;
  }
  if (ric.length) {
    // Interpretation: with several RIC in the Region, one is picked at random.
    const u = env.dice.pick(ric, 'British upgrade phase: which RIC (tie)');
    u.type = 'tans';
    if (env.verbose) say(env, `British upgrade in ${m.regionName.get(r)}: RIC ${u.id} becomes Tans.`, 'bad');
  } else if (tans) {
    const a = m.areaByDie.get(r)![env.dice.roll(6, reason(m, 'British upgrade phase: Area in', r))];
    const c =
      env.dice.roll(6, 'British upgrade phase: blue Mob if greater than the Region number') > m.regionNumber.get(r)! ? 'blue' : 'green';
    place(s, m, 'mob', c, a);
    if (env.verbose) say(env, `British upgrade in ${m.regionName.get(r)}: Tans provoke a ${c} Mob in ${m.areaLabel.get(a)}.`, 'good');
  } else if (env.verbose) say(env, `British upgrade in ${m.regionName.get(r)}: no RIC or Tans, nothing happens.`);
  startCombat(s, m, 'british-move');
}

const NO_RIDERS: readonly Unit[] = [];

/** Moves `u` onto the weakest of `targets`, or along a rolled road (Army/Tans, Flying Columns), else nothing. */
export function moveToWeakest(
  s: IFState,
  env: GameEnv,
  m: MapIndex,
  u: Unit,
  enemy: (x: Unit) => boolean,
  canRoad: boolean,
  phase: string,
): void {
  const r = m.regionOf.get(u.area)!;
  const f = factionOf(u.colour, s.war);
  // "Green Armoured car or Artillery units will move along with any green Irish unit they started in the same
  // Area with" (Republican move phase); a captured one moves so with its new side (interpretation). Support
  // counters exist only in the Civil War.
  const riders =
    s.war === 'civil' ? s.units.filter((x) => x.area === u.area && isSupport(x) && factionOf(x.colour, s.war) === f) : NO_RIDERS;
  const mover = () => (riders.length ? `${unitCode(m, u)} with ${riders.map((x) => unitCode(m, x)).join(' ')}` : unitCode(m, u));
  const inRegion = (reg: RegionKey) => s.units.filter((x) => !isSupport(x) && enemy(x) && m.regionOf.get(x.area) === reg);
  const here = inRegion(r);
  if (here.length) {
    const t = weakest(s, env, m, here, `${phase}: weakest enemy unit (tie)`);
    moveUnit(s, u, t.area, riders);
    if (env.verbose) say(env, `${phase}: ${mover()} moves onto ${unitCode(m, t)} in ${m.areaLabel.get(t.area)}.`, 'bad');
    return;
  }
  if (!canRoad) {
    if (env.verbose)
      say(env, `${phase}: ${unitCode(m, u)} has no enemy in ${m.regionName.get(r)} and cannot take a road; nothing happens.`);
    return;
  }
  const to = m.roadByDie.get(r)![env.dice.roll(6, `${phase}: road from ${m.regionName.get(r)}`)];
  const there = inRegion(to);
  const dest = there.length
    ? weakest(s, env, m, there, `${phase}: weakest enemy unit (tie)`).area
    : m.areaByDie.get(to)![env.dice.roll(6, reason(m, `${phase}: Area in`, to))];
  moveUnit(s, u, dest, riders);
  if (env.verbose) say(env, `${phase}: ${mover()} takes the road to ${m.areaLabel.get(dest)}.`, 'bad');
}

/** Picks the strongest unit by a fixed type order (ties random); Mobs are never picked. */
export function strongestByOrder(env: GameEnv, pool: Unit[], order: string[], reason: string): Unit | null {
  let best = Infinity;
  let tied: Unit[] = [];
  for (const u of pool) {
    const i = order.indexOf(u.type);
    if (i < 0) continue;
    if (i < best) {
      best = i;
      tied = [u];
    } else if (i === best) tied.push(u);
  }
  return tied.length ? env.dice.pick(tied, reason) : null;
}

/** British move phase: the strongest British unit in a rolled Region goes for the weakest Irish unit. */
export function britishMove(s: IFState, env: GameEnv): void {
  const m = mapEnv(env);
  const r = m.regionByDie[env.dice.roll(6, 'British move phase: Region')];
  const pool = s.units.filter((u) => isBritish(u.colour) && m.regionOf.get(u.area) === r);
  const u = strongestByOrder(env, pool, m.rules.britishMoveOrder.order, 'British move phase: strongest British unit (tie)');
  if (!u) {
    if (env.verbose) say(env, `British move in ${m.regionName.get(r)}: no British unit to move.`);
  } else {
    // "Limerick Soviet - British units cannot move from one Region to another this turn."
    const road = (u.type === 'army' || u.type === 'tans') && !s.effects.limerickSoviet;
    moveToWeakest(s, env, m, u, (x) => !isBritish(x.colour), road, 'British move');
  }
  s.actionsLeft = m.rules.actions.independence;
  startCombat(s, m, 'irish-actions');
}
