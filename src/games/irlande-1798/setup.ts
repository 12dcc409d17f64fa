/**
 * Set-up (rulebook 12): the French at sea in Killala Bay (0207), the English garrisons, the Sligo
 * Garrison frozen; the landing of turn 1: disembark in a coastal hex not adjacent to an enemy unit,
 * or first send one unit without a general against Killala.
 */
import type { GameEnv, Options } from '../../engine/module.js';
import { declareCombat } from './combat.js';
import { enterHex } from './control.js';
import { beginPhase, logText, opt, phaseLabel, registerStage } from './flow.js';
import { adjacentEnemy, hasEnemy, hexName, namedHex, namedUnit, positionsOf, rulesOf, unitData, unitsIn, type Positions } from './map.js';
import type { IrlRules, IrlState, UnitState } from './state.js';

export function setupGame(rules: IrlRules, options: Options, env: GameEnv): IrlState {
  if (env.rules !== rules) env = { ...env, rules };
  const units: Record<string, UnitState> = {};
  for (const u of rules.units) units[u.id] = { id: u.id, place: 'reinforcement', hex: null, strength: u.full, routed: false };
  for (const u of rules.setup.french.units) units[u] = { ...units[u], place: 'sea', hex: rules.setup.french.hex };
  for (const e of rules.setup.english) units[e.unit] = { ...units[e.unit], place: 'map', hex: e.hex };
  for (const u of rules.setup.unitsInPool) units[u] = { ...units[u], place: 'pool', strength: 0 };
  const generals = {} as IrlState['generals'];
  for (const g of rules.generals) generals[g.id] = { id: g.id, place: 'reinforcement', hex: null };
  for (const g of rules.setup.french.generals) generals[g] = { id: g, place: 'sea', hex: rules.setup.french.hex };
  const control: IrlState['control'] = {};
  for (const t of rules.victory.towns) control[t.hex] = 'English'; // rulebook 13.2
  const s: IrlState = {
    turn: 1,
    phase: 'A',
    stage: 'move',
    units,
    generals,
    control,
    landed: false,
    landedThisTurn: [],
    sligoFree: false,
    moved: [],
    group: null,
    attackedThisPhase: [],
    attackedThisTurn: [],
    combat: null,
    tasks: [],
    resume: 'move',
    departures: {},
    killalaTried: false,
    stratagemThisTurn: { French: false, English: false },
    spent: [],
    withHumbertAtStart: [],
    forcedMarch: [],
    defeats: { french: [], english: [] },
    lastTurnDefeats: { french: [], english: [] },
    recruits: 0,
    vpAtEnd: [],
    humbertRevealed: false,
    options: {
      routExit: options['rout-exit'] === 'stop' ? 'stop' : 'leave',
      humbertSize: options['humbert-size'] === 'hidden' ? 'hidden' : 'shown',
      ...(options['humbert-combat'] === 'hidden' ? { humbertCombat: 'hidden' as const } : {}),
    },
    over: false,
    winner: null,
    victory: null,
    endTurn: null,
    stats: { combats: 0, frenchDefeats: 0, englishDefeats: 0, surrenders: 0, recruited: 0, bombardments: 0 },
  };
  beginPhase(s, 'A', env);
  return s;
}

/** Coastal hexes the fleet may land in now (rule 12.1): on its sea, not adjacent to an enemy unit. */
export function landingHexes(s: IrlState, rules: IrlRules, at: Positions = positionsOf(s, rules)): string[] {
  return rules.index.landing.filter((h) => !hasEnemy(at, rules, h, 'French') && !adjacentEnemy(at, rules, h, 'French'));
}

/** Disembarks everything still at sea in `h`; those units neither move nor attack this turn (rule 12.1). */
export function landFleet(s: IrlState, rules: IrlRules, h: string, env: GameEnv): void {
  const landing = rules.units.filter((u) => s.units[u.id].place === 'sea').map((u) => u.id);
  for (const u of landing) {
    s.units[u].place = 'map';
    s.units[u].hex = h;
    s.landedThisTurn.push(u);
  }
  for (const g of rules.generals) if (s.generals[g.id].place === 'sea') s.generals[g.id] = { id: g.id, place: 'map', hex: h };
  s.landed = true;
  logText(env, `The French disembark at ${hexName(rules, h)}.`, 'event', 'French');
  enterHex(s, rules, h, 'French', unitsIn(positionsOf(s, rules), rules, h, 'French'), env);
}

registerStage('landing', {
  ask(s, rules, at) {
    const options = landingHexes(s, rules, at).map((h) =>
      opt(`land ${h}`, () => `Disembark everyone at ${hexName(rules, h)} (${rules.index.hex[h].terrain})`),
    );
    if (!s.killalaTried && unitsIn(at, rules, rules.setup.killala, 'English').length) {
      for (const u of rules.units)
        if (s.units[u.id].place === 'sea')
          options.push(opt(`attack-killala ${u.id}`, () => `Send ${u.name} (${s.units[u.id].strength} SP) alone against Killala first`));
    }
    if (!options.length)
      options.push(opt(`land ${rules.index.landing[0]}`, () => `Disembark at ${hexName(rules, rules.index.landing[0])}`));
    return { side: 'French', phase: phaseLabel(s), prompt: 'The French fleet is in Killala Bay: where do they land (rule 12.1)?', options };
  },
  act(s, id, env) {
    const rules = rulesOf(env);
    if (id.startsWith('land ')) {
      landFleet(s, rules, namedHex(rules, id.slice(5)), env);
      s.stage = 'move';
      return;
    }
    const u = namedUnit(rules, id.slice('attack-killala '.length));
    logText(env, `${unitData(rules, u).name} attacks Killala from the fleet.`, 'combat', 'French');
    declareCombat(s, rules, 'French', rules.setup.killala, true);
    s.combat!.attackers.push(u);
    s.combat!.attackHexes.push(rules.setup.fleetHex);
  },
  step() {},
});
