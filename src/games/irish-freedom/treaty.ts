/** Treaty Sequence and the Civil War set-up (the 14 steps). */
import type { GameEnv } from '../../engine/module.js';
import { contestedAreas, startCombat } from './combat.js';
import { isBritish, isSupport, mapEnv, place, points, unitCode, type MapIndex } from './map.js';
import type { AreaId, IFState } from './state.js';
import { republicanMoraleAtSetup } from './civil-war.js';
import { treatyPoints } from './victory.js';
import { plural } from '../../ui/text.js';

function say(env: GameEnv, text: string, tone: 'info' | 'good' | 'phase' = 'info'): void {
  if (env.verbose) env.log({ kind: 'text', text, tone });
}

/** Treaty Sequence: victory points by turn and the Ulster bonus; then stop or go on to the Civil War. */
export function treatySequence(s: IFState, env: GameEnv): void {
  const m = mapEnv(env);
  const tp = treatyPoints(s, m, s.turn);
  s.treatyTurn = s.turn;
  s.woiPoints = tp.total;
  s.ulsterBonus = tp.ulsterBonus;
  if (env.verbose)
    say(
      env,
      `The Treaty on turn ${s.turn}: ${points(tp.turnPoints)}${tp.ulsterBonus ? ' + 1 for Irish strength in Ulster' : ''} = ${tp.total}: ${tp.level}.`,
      'good',
    );
  if (s.options.war === 'independence') {
    s.over = 'treaty-independence';
    s.phase = 'over';
    return;
  }
  s.ask = { kind: 'treaty' };
}

/** Begins the Civil War set-up (after "treaty continue", or at once for war=civil). */
export function beginTreatySetup(s: IFState): void {
  s.war = 'civil';
  s.cleanSeq = -1; // Republicans and Free State become enemies
  s.phase = 'treaty-setup';
  s.setupStep = 1;
  s.effects = { limerickSoviet: false, emmetDalton: false, dublinGuards: null, michaelCollins: false };
}

function blueAreas(s: IFState, m: MapIndex, pred: (a: AreaId) => boolean): AreaId[] {
  return m.areaIds.filter((a) => pred(a) && s.units.some((u) => u.area === a && u.colour === 'blue' && !isSupport(u)));
}

/** Runs the set-up from `setupStep` until a decision or the start of Civil War turn 1. */
export function runTreatySetup(s: IFState, env: GameEnv): void {
  const m = mapEnv(env);
  const ts = m.rules.treatySetup;
  const ulster = (a: AreaId) => m.regionOf.get(a) === 'ulster';
  if (s.setupStep === 1) {
    if (env.verbose) say(env, 'Civil War set-up.', 'phase');
    // 1. Remove British units in all Regions, except for Ulster.
    s.units = s.units.filter((u) => !isBritish(u.colour) || ulster(u.area));
    // 2. In Ulster remove Army, RIC and Tans; place the new garrison (or the united-Ireland variant).
    s.units = s.units.filter((u) => !(ulster(u.area) && (u.type === 'army' || u.type === 'ric' || u.type === 'tans')));
    for (const p of s.options.ulster === 'united' ? ts.ulsterUnited : ts.ulsterPartition) place(s, m, p.type, p.colour, p.area);
    // 3-5. Guerrillas upgrade (blue to Regular, green to Flying Column), then Irish Mobs to Guerrillas.
    for (const u of s.units) {
      if (u.type === 'guerrilla') u.type = u.colour === 'blue' ? 'regular' : 'flying-column';
    }
    for (const u of s.units) if (u.type === 'mob' && !isBritish(u.colour)) u.type = 'guerrilla';
    // 6. A random Irish recruitment in each Region except Ulster.
    for (const r of m.regionKeys) {
      if (r === 'ulster') continue;
      const a = m.areaByDie.get(r)![env.dice.roll(6, `Civil War set-up step 6: Area in ${m.regionName.get(r)}`)];
      const c =
        env.dice.roll(6, 'Civil War set-up step 6: blue Guerrilla if greater than the Region number') > m.regionNumber.get(r)!
          ? 'blue'
          : 'green';
      place(s, m, 'guerrilla', c, a);
      if (env.verbose) say(env, `Set-up step 6: a ${c} Guerrilla in ${m.areaLabel.get(a)}.`);
    }
    // 7-8. Dublin: a green Guerrilla in Area 6, a blue Regular in Area 3-4.
    for (const p of ts.dublin) place(s, m, p.type, p.colour, p.area);
    s.setupStep = 9;
  }
  if (s.setupStep === 9) {
    // 9. A blue Artillery on another blue counter in any Area of Dublin (the player's choice).
    const areas = blueAreas(s, m, (a) => m.regionOf.get(a) === ts.artilleryRegion);
    if (areas.length > 1) {
      s.ask = { kind: 'setup-artillery', areas };
      return;
    }
    if (areas.length) place(s, m, 'artillery', 'blue', areas[0]);
    s.setupStep = 10;
  }
  if (s.setupStep === 10) {
    // 10. A blue Armoured car on another blue counter anywhere except Ulster.
    const areas = blueAreas(s, m, (a) => m.regionOf.get(a) !== ts.armouredCarExcludedRegion);
    if (areas.length > 1) {
      s.ask = { kind: 'setup-armoured-car', areas };
      return;
    }
    if (areas.length) place(s, m, 'armoured-car', 'blue', areas[0]);
    s.setupStep = 11;
  }
  if (s.setupStep === 11) {
    // 11. Blue and green in one Area: immediate combat, blue attacking.
    s.setupStep = 12;
    // (the filter names the attacker: combat.ts setupAttacker)
    if (contestedAreas(s, m, 'green-blue').length) {
      startCombat(s, m, 'treaty-setup', 'green-blue');
      return;
    }
  }
  if (s.setupStep === 12) {
    // 12. Irish and British in one Ulster Area: immediate combat, the Irish attacking.
    s.setupStep = 13;
    if (contestedAreas(s, m, 'ulster-british').length) {
      startCombat(s, m, 'treaty-setup', 'ulster-british');
      return;
    }
  }
  if (s.setupStep === 13) {
    // 13-14. Turn marker on turn 1; Republican morale.
    s.setupStep = 14;
    if (contestedAreas(s, m).length) {
      startCombat(s, m, 'treaty-setup');
      return;
    }
  }
  s.turn = 1;
  const rm = republicanMoraleAtSetup(s, m);
  s.republicanMorale = rm.total;
  if (env.verbose)
    say(
      env,
      `Republican morale ${rm.total} = ${plural(rm.regions, 'Region')} with green units + ${rm.greenOnly} without blue/British units + ${plural(rm.cities, 'City', 'Cities')} without blue/British units.`,
    );
  s.setupStep = 0;
  s.phase = 'cw-event';
}

/** Step 9/10 choice: place the support counter in the chosen Area. */
export function placeSetupSupport(s: IFState, env: GameEnv, type: 'artillery' | 'armoured-car', area: AreaId): void {
  const m = mapEnv(env);
  const u = place(s, m, type, 'blue', area);
  s.ask = null;
  s.setupStep = type === 'artillery' ? 10 : 11;
  if (env.verbose) say(env, `Set-up: ${unitCode(m, u)} placed in ${m.areaLabel.get(area)}.`);
}
