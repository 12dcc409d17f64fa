/** Civil War: surrender check, Republican upgrade/recruitment and Republican move phases. */
import type { GameEnv } from '../../engine/module.js';
import { strongestByOrder, moveToWeakest } from './british-phases.js';
import { startCombat } from './combat.js';
import { isBritish, isSupport, mapEnv, place, type MapIndex } from './map.js';
import type { IFState } from './state.js';
import { civilWarBreakdown } from './victory.js';
import { plural } from '../../ui/text.js';

function say(env: GameEnv, text: string, tone: 'info' | 'good' | 'bad' = 'info'): void {
  if (env.verbose) env.log({ kind: 'text', text, tone });
}

export interface MoraleParts {
  regions: number;
  greenOnly: number;
  cities: number;
  total: number;
}

/** Bits set in a number (Regions or Areas counted from their bit masks). */
function count(bits: number): number {
  let n = 0;
  for (; bits !== 0; bits &= bits - 1) n++;
  return n;
}

function regionParts(s: IFState, m: MapIndex): { regions: number; greenOnly: number } {
  // One bit per Region number: Regions with green units, Regions with blue or British units
  let green = 0;
  let other = 0;
  for (const u of s.units) {
    if (isSupport(u)) continue;
    const r = 1 << m.regionNumberAt[m.areaIndex.get(u.area)!];
    if (u.colour === 'green') green |= r;
    else if (u.colour === 'blue' || isBritish(u.colour)) other |= r;
  }
  return { regions: count(green), greenOnly: count(green & ~other) };
}

/** Surrender check phase: cities "either unoccupied by any unit, or with a Republican (green) unit in it". */
export function republicanMorale(s: IFState, m: MapIndex): MoraleParts {
  const { regions, greenOnly } = regionParts(s, m);
  // One pass, one bit per Area: which Cities are occupied, and which hold a green unit (support counters aside).
  let occupied = 0;
  let green = 0;
  for (const u of s.units) {
    const i = m.areaIndex.get(u.area)!;
    if (m.terrainAt[i] !== 2) continue; // not a City
    occupied |= 1 << i;
    if (u.colour === 'green' && !isSupport(u)) green |= 1 << i;
  }
  const cities = count(m.cityMask & (~occupied | green));
  return { regions, greenOnly, cities, total: regions + greenOnly + cities };
}

/** Civil War set-up step 14: cities "that do not contain blue Irish or British units". */
export function republicanMoraleAtSetup(s: IFState, m: MapIndex): MoraleParts {
  const { regions, greenOnly } = regionParts(s, m);
  let cities = 0;
  for (const a of m.cityAreas) if (!s.units.some((u) => u.area === a && !isSupport(u) && u.colour !== 'green')) cities++;
  return { regions, greenOnly, cities, total: regions + greenOnly + cities };
}

/** "Roll a D6. If the result is greater than the Republican morale points ... Republican surrender". */
export function surrenderCheck(s: IFState, env: GameEnv): void {
  const m = mapEnv(env);
  const rm = republicanMorale(s, m);
  s.republicanMorale = rm.total;
  const die = env.dice.roll(6, 'Surrender check: D6 against Republican morale');
  if (env.verbose)
    say(
      env,
      `Republican morale ${rm.total} = ${plural(rm.regions, 'Region')} with green units + ${rm.greenOnly} of them without blue/British units + ${plural(rm.cities, 'City', 'Cities')} empty or green; roll ${die}: ${die > rm.total ? 'the Republicans surrender!' : 'they fight on.'}`,
      die > rm.total ? 'good' : 'info',
    );
  if (die > rm.total) {
    s.surrenderTurn = s.turn;
    const cw = civilWarBreakdown(s, m);
    s.cwPoints = cw.total;
    if (env.verbose) say(env, `Civil War points: ${cw.text}.`, 'good');
    s.over = 'surrender';
    s.phase = 'over';
  } else s.phase = 'republican-upgrade';
}

/** Republican upgrade/recruitment phase. */
export function republicanUpgrade(s: IFState, env: GameEnv): void {
  const m = mapEnv(env);
  const r = m.regionByDie[env.dice.roll(6, 'Republican upgrade/recruitment phase: Region')];
  const green = s.units.filter((u) => u.colour === 'green' && !isSupport(u) && m.regionOf.get(u.area) === r);
  const mobs = green.filter((u) => u.type === 'mob');
  const gue = green.filter((u) => u.type === 'guerrilla');
  const name = m.regionName.get(r);
  if (mobs.length) {
    const u = env.dice.pick(mobs, 'Republican upgrade: which green Mob (tie)');
    u.type = 'guerrilla';
    if (env.verbose) say(env, `Republican upgrade in ${name}: Mob ${u.id} becomes a Guerrilla.`, 'bad');
  } else if (gue.length) {
    const u = env.dice.pick(gue, 'Republican upgrade: which green Guerrilla (tie)');
    u.type = 'flying-column';
    if (env.verbose) say(env, `Republican upgrade in ${name}: Guerrilla ${u.id} becomes a Flying Column.`, 'bad');
  } else {
    // "If the Region contains no green units, or just Flying column(s)"
    const a = m.areaByDie.get(r)![env.dice.roll(6, `Republican recruitment: Area in ${name}`)];
    const mob = env.dice.roll(6, 'Republican recruitment: Mob if greater than the Region number') > m.regionNumber.get(r)!;
    place(s, m, mob ? 'mob' : 'guerrilla', 'green', a);
    if (env.verbose) say(env, `Republican recruitment: a green ${mob ? 'Mob' : 'Guerrilla'} in ${m.areaLabel.get(a)}.`, 'bad');
  }
  startCombat(s, m, 'republican-move');
}

/** Republican move phase: the strongest British or Republican unit in a rolled Region attacks. */
export function republicanMove(s: IFState, env: GameEnv): void {
  const m = mapEnv(env);
  const r = m.regionByDie[env.dice.roll(6, 'Republican move phase: Region')];
  const pool = s.units.filter((u) => (u.colour === 'green' || isBritish(u.colour)) && !isSupport(u) && m.regionOf.get(u.area) === r);
  const u = strongestByOrder(env, pool, m.rules.civilWarMoveOrder.order, 'Republican move phase: strongest unit (tie)');
  if (!u) {
    if (env.verbose) say(env, `Republican move in ${m.regionName.get(r)}: no unit to move.`);
  } else if (isBritish(u.colour)) moveToWeakest(s, env, m, u, (x) => !isBritish(x.colour), false, 'Republican move (British unit)');
  else moveToWeakest(s, env, m, u, (x) => x.colour === 'blue' || isBritish(x.colour), u.type === 'flying-column', 'Republican move');
  s.actionsLeft = m.rules.actions.civil;
  startCombat(s, m, 'free-state-actions');
}
