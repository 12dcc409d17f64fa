/** War of Independence set-up (and, for war=civil, the start of the Civil War set-up). */
import type { GameEnv, Options } from '../../engine/module.js';
import { mapOf, place } from './map.js';
import type { IFOptions, IFRules, IFState } from './state.js';
import { beginTreatySetup } from './treaty.js';

export function parseOptions(o: Options): IFOptions {
  const war = o.war ?? 'campaign';
  if (war !== 'campaign' && war !== 'independence' && war !== 'civil')
    throw new Error(`war must be campaign, independence or civil, not "${war}"`);
  const onOff = (k: string, d: string) => {
    const v = o[k] ?? d;
    if (v !== 'on' && v !== 'off') throw new Error(`${k} must be on or off, not "${v}"`);
    return v === 'on';
  };
  const oneOf = <T extends string>(k: string, values: readonly T[]): T => {
    const v = o[k] ?? values[0];
    if (!(values as readonly string[]).includes(v))
      throw new Error(`${k} must be ${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}, not "${v}"`);
    return v as T;
  };
  return {
    war,
    events: onOff('events', 'on'),
    highModifier: onOff('high-modifier', 'off'),
    ulster: oneOf('ulster', ['partition', 'united'] as const),
    upgrade: oneOf('upgrade', ['combat', 'anywhere'] as const),
    mobRetreat: oneOf('mob-retreat', ['disperse', 'stand'] as const),
    ports: oneOf('ports', ['area', 'region'] as const),
    enemyAny: oneOf('enemy-any', ['die', 'player', 'rule'] as const),
    collins: oneOf('collins', ['turn', 'until-used'] as const),
  };
}

/** The options a state plays by (GameModule.optionsOf): parseOptions read back. */
export function optionsOf(s: IFState): Options {
  const o = s.options;
  const onOff = (b: boolean) => (b ? 'on' : 'off');
  return {
    war: o.war,
    events: onOff(o.events),
    'high-modifier': onOff(o.highModifier),
    ulster: o.ulster,
    upgrade: o.upgrade,
    'mob-retreat': o.mobRetreat,
    ports: o.ports,
    'enemy-any': o.enemyAny,
    collins: o.collins,
  };
}

/** "Set the turn counter to 1 ... Shuffle the two separate decks ... Set the British morale points to 10." */
export function initialState(rules: IFRules, options: Options, _env: GameEnv): IFState {
  const opts = parseOptions(options);
  const m = mapOf(rules);
  const s: IFState = {
    options: opts,
    war: 'independence',
    turn: 1,
    phase: 'event',
    actionsLeft: 0,
    units: [],
    nextId: 1,
    seq: 0,
    cleanSeq: -1,
    britishMorale: rules.britishMorale.start,
    republicanMorale: null,
    britishEliminated: 0,
    // Cards are drawn one at a time by a die pick among the cards not yet drawn: the same as shuffling.
    decks: { greenDiscard: [], blueDiscard: [] },
    card: null,
    effects: { limerickSoviet: false, emmetDalton: false, dublinGuards: null, michaelCollins: false },
    ask: null,
    combat: null,
    setupStep: 0,
    treatyTurn: null,
    woiPoints: null,
    ulsterBonus: null,
    surrenderTurn: null,
    cwPoints: null,
    over: null,
    lastEvent: null,
  };
  for (const p of rules.independenceSetup) place(s, m, p.type, p.colour, p.area);
  for (const u of s.units) u.arrived = 0;
  s.seq = 0;
  if (opts.war === 'civil') {
    s.woiPoints = 0;
    beginTreatySetup(s);
  }
  return s;
}
