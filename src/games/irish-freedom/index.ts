/** Irish Freedom (2013 edition): the game module. */
import type { Decision, GameEnv, GameModule, Options } from '../../engine/module.js';
import { IllegalChoice } from '../../engine/module.js';
import { meta } from './meta.js';
import type { Faction, IFRules, IFState, IFView, PhaseKey, Unit } from './state.js';
import { initialState, optionsOf } from './setup.js';
import { stepCombat, startCombat, upgrade, UPGRADE_TIE } from './combat.js';
import { drawCard, endEvent, applyEventTarget } from './events.js';
import { britishMove, britishUpgrade, treatyCheck } from './british-phases.js';
import { republicanMove, republicanUpgrade, surrenderCheck } from './civil-war.js';
import { beginTreatySetup, placeSetupSupport, runTreatySetup, treatySequence } from './treaty.js';
import { actionOptions, applyAction, applyMove, applyRide, moveOptions, rideOptions } from './irish-actions.js';
import {
  factionOf,
  isBritish,
  isSupport,
  mapArg,
  mapEnv,
  optUnitText,
  requireRules,
  unitById,
  unitLabel,
  unitOpt,
  unitText,
  points,
  type MapIndex,
} from './map.js';
import { result, turnMark, victoryLevels } from './victory.js';
import { render, renderRules, RULES_TOPICS, status } from './render.js';
import { oddsText, upgradePreview } from './previews.js';
import { bots } from './bots.js';
import { checkRules } from './rules-check.js';
import { invariants } from './invariants.js';
import { outcomeFacts } from './outcomes.js';
import { help } from './help.js';
import { phaseTitle, phaseTitleOf } from './phases.js';

export { PHASE_NAME, phaseTitle } from './phases.js';

export type { IFRules, IFState, IFView } from './state.js';

/** Ends the turn: "Advance the turn marker by 1 ... beyond turn 10 ... you have lost". */
function endTurn(s: IFState, env: GameEnv): void {
  s.turn++;
  s.effects.limerickSoviet = false;
  s.effects.emmetDalton = false;
  s.effects.dublinGuards = null;
  // Michael Collins: performed and discarded in the event phase, its +2 waits this turn only (option collins)
  if (s.options.collins === 'turn') s.effects.michaelCollins = false;
  if (s.turn > mapEnv(env).rules.lastTurn.turn) {
    s.over = s.war === 'independence' ? 'british-victory' : 'republican-victory';
    s.phase = 'over';
    if (env.verbose) env.log({ kind: 'text', text: 'The turn marker passes turn 10: you have lost.', tone: 'bad' });
    return;
  }
  s.phase = s.war === 'independence' ? 'event' : 'cw-event';
}

/** Runs every automatic phase until the player must decide or the game is over. */
export function advance(s: IFState, env: GameEnv, announce = true): void {
  const m = mapEnv(env);
  let last: PhaseKey | null = announce ? null : s.phase;
  let guard = 0;
  while (!s.ask && !s.over) {
    if (++guard > 1_000_000) throw new Error('Irish Freedom: the turn sequence makes no progress');
    if (env.verbose && s.phase !== last && !s.combat) {
      last = s.phase;
      env.log({ kind: 'text', text: `Turn ${s.turn} - ${phaseTitle(s)}`, tone: 'phase' });
    }
    if (s.combat) {
      stepCombat(s, env);
      continue;
    }
    const first = s.turn === 1;
    switch (s.phase) {
      case 'event':
      case 'cw-event':
        // Random event phase: skipped on the first turn, and when the cards are left out
        if (first || !s.options.events) {
          if (env.verbose)
            env.log(
              first
                ? 'No Random event on turn 1: the Turn Sequence skips it.'
                : 'No Random event: the cards are left out (option events=off).',
            );
          s.phase = s.war === 'independence' ? 'treaty-check' : 'surrender-check';
        } else {
          drawCard(s, env);
          if (!s.ask) endEvent(s, m);
        }
        break;
      case 'treaty-check':
        if (first) {
          if (env.verbose) env.log('No Treaty check on turn 1: the Turn Sequence skips it.');
          s.phase = 'british-upgrade';
        } else treatyCheck(s, env);
        break;
      case 'british-upgrade':
        britishUpgrade(s, env);
        break;
      case 'british-move':
        britishMove(s, env);
        break;
      case 'irish-actions':
      case 'free-state-actions':
        if (s.actionsLeft > 0) s.ask = { kind: 'action' };
        else startCombat(s, m, s.war === 'independence' ? 'end-turn' : 'cw-end-turn');
        break;
      case 'end-turn':
      case 'cw-end-turn':
        endTurn(s, env);
        break;
      case 'treaty':
        treatySequence(s, env);
        break;
      case 'treaty-setup':
        runTreatySetup(s, env);
        break;
      case 'surrender-check':
        if (first) {
          if (env.verbose) env.log('No Surrender check on turn 1: the Turn Sequence skips it.');
          s.phase = 'republican-upgrade';
        } else surrenderCheck(s, env);
        break;
      case 'republican-upgrade':
        republicanUpgrade(s, env);
        break;
      case 'republican-move':
        republicanMove(s, env);
        break;
      case 'over':
        return;
    }
  }
}

import { LazyOption, opt, optWords } from './map.js';

/** The legal options of the pending decision (labels only when asked: apply checks ids alone). */
/**
 * The legal options of the pending decision. Built once per state change: the engine keeps the
 * decision it computed and passes it to apply (GameEnv.pending), which does not build them again.
 */
export function options(s: IFState, m: MapIndex): LazyOption[] {
  const a = s.ask;
  if (!a || s.over) return [];
  return buildOptions(s, m, a);
}

function buildOptions(s: IFState, m: MapIndex, a: NonNullable<IFState['ask']>): LazyOption[] {
  switch (a.kind) {
    case 'action':
      return actionOptions(s, m);
    case 'move':
      return moveOptions(s, m, a.unit);
    case 'ride':
      return rideOptions(s, m, a);
    case 'upgrade': {
      // Whether is the player's choice; among tied candidates a die picks ("chose one randomly")
      if (a.candidates.length === 1)
        return [unitOpt(UPGRADE, 'upgrade', m, unitById(s, a.candidates[0])!), opt('upgrade none', () => 'Do not upgrade')];
      // The candidates as they stand now, named when the label is read
      const tied = a.candidates.map((id) => unitById(s, id)!).map((u) => [u.colour, u.type, u.id, u.area] as const);
      const label = () => {
        const names = tied.map(([colour, type, id, area]) => unitText(m, colour, type, id, area));
        return `Upgrade one of ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} (tied: a die picks)`;
      };
      return [new LazyOption('upgrade random', label, 'upgrade', 'random'), opt('upgrade none', () => 'Do not upgrade')];
    }
    case 'collins': {
      // Built now (rare): the odds of this attack with and without the +2.
      const odds = collinsOdds(s, m);
      const use = `Use Michael Collins: +2 to the Free State in this attack (${odds.with})`;
      const save = `Keep Michael Collins for a later attack${s.options.collins === 'turn' ? ' this turn' : ''} (this one: ${odds.without})`;
      return [opt('collins use', () => use), opt('collins save', () => save)];
    }
    case 'event':
      return a.targets.map((t) => {
        const label = eventTargetLabel(s, m, a.card, t); // built now (rare): never reads a later state
        return optWords(() => label, a.verb, t);
      });
    case 'treaty':
      return [
        opt('treaty continue', () => 'Go on to the Civil War'),
        opt('treaty stop', () => 'Stop at the Treaty and take the War of Independence result'),
      ];
    case 'setup-artillery':
      return a.areas.map((x) => optWords(() => `Place the blue Artillery in ${m.areaLabel.get(x)}`, 'artillery', x));
    case 'setup-armoured-car':
      return a.areas.map((x) => optWords(() => `Place the blue Armoured car in ${m.areaLabel.get(x)}`, 'armoured-car', x));
  }
}

/** The odds of the pending Free State attack without and with Michael Collins' +2 (previews.ts). */
function collinsOdds(s: IFState, m: MapIndex): { without: string; with: string } {
  const f = s.combat!.fight!;
  const side = (x: Faction) => s.units.filter((u) => u.area === f.area && factionOf(u.colour, s.war) === x);
  const [att, def] = [side(f.att), side(f.def)];
  return { without: oddsText(s, m, f.area, att, def), with: oddsText(s, m, f.area, att, def, 2) };
}

const UPGRADE = (o: LazyOption) => `Upgrade ${optUnitText(o)}${upgradePreview(o)}`;

/** What picking an event target does, naming the unit(s) concerned. */
function eventTargetLabel(s: IFState, m: MapIndex, card: string, target: string): string {
  const u = unitById(s, target);
  const names = (pred: (x: Unit) => boolean) => {
    const list = s.units.filter((x) => x.area === target && !isSupport(x) && pred(x)).map((x) => unitText(m, x.colour, x.type, x.id, null));
    return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : (list[0] ?? 'nothing');
  };
  switch (card) {
    case 'tom-barry':
      return `Place the green Flying Column on ${names((x) => isBritish(x.colour))} in ${m.areaLabel.get(target)}`;
    case 'uvf-mobilisation':
      return `Place the UVF unit on ${names((x) => !isBritish(x.colour))} in ${m.areaLabel.get(target)}`;
    case 'g-division':
      return `Replace ${unitLabel(m, u!)} with a Mob of its colour`;
    case 'bloody-sunday':
      return u!.type === 'ric' ? `Eliminate ${unitLabel(m, u!)}` : `Revert ${unitLabel(m, u!)} to RIC`;
    case 'churchill':
      return `Place a blue Artillery with ${unitLabel(m, u!)}`;
    case 'dublin-guards':
      return `Nominate ${unitLabel(m, u!)} for the Dublin Guards`;
    default:
      return `${target}: ${u ? unitLabel(m, u) : m.areaLabel.get(target)}`;
  }
}

function actionPrompt(turn: number, action: number, total: number): string {
  return `Turn ${turn}: action ${action} of ${total} - recruit or move.`;
}

/** Every turn's action prompts (by actions left), made once per rules: every action decision shows one. */
function actionPrompts(m: MapIndex): NonNullable<MapIndex['actionPrompts']> {
  if (m.actionPrompts) return m.actionPrompts;
  const war = (total: number) => {
    const turns: string[][] = [];
    for (let turn = 1; turn <= m.rules.lastTurn.turn; turn++) {
      turns[turn] = [];
      for (let left = 1; left <= total; left++) turns[turn][left] = actionPrompt(turn, total - left + 1, total);
    }
    return turns;
  };
  return (m.actionPrompts = { independence: war(m.rules.actions.independence), civil: war(m.rules.actions.civil) });
}

/** "Turn 3: action 1 of 2 - recruit or move." */
function actionPromptFor(m: MapIndex, war: IFState['war'], turn: number, left: number): string {
  const total = war === 'independence' ? m.rules.actions.independence : m.rules.actions.civil;
  return actionPrompts(m)[war][turn]?.[left] ?? actionPrompt(turn, total - left + 1, total);
}

function prompt(s: IFState, m: MapIndex): string {
  const a = s.ask!;
  switch (a.kind) {
    case 'action':
      return actionPromptFor(m, s.war, s.turn, s.actionsLeft);
    case 'move':
      return `Where does ${unitLabel(m, unitById(s, a.unit)!)} go?`;
    case 'ride':
      return `One Armoured car or Artillery may ride along with ${unitLabel(m, unitById(s, a.unit)!)} to ${m.areaLabel.get(a.to)} for free.`;
    case 'upgrade':
      return a.candidates.length > 1
        ? 'Your side won the combat: you may upgrade one unit (the candidates are tied: a die picks which).'
        : 'Your side won the combat: you may upgrade one unit.';
    case 'collins': {
      const odds = collinsOdds(s, m);
      return `Michael Collins: add 2 to the Free State strength in this attack in ${m.areaLabel.get(s.combat!.fight!.area)}? Without: ${odds.without}; with: ${odds.with}.`;
    }
    case 'event': {
      const card = m.card.get(a.card);
      return `${card?.name ?? a.card}: ${card?.text ?? ''} Pick the target.`;
    }
    case 'treaty':
      return `The Treaty is signed (${points(s.woiPoints ?? 0, 'victory point')}). Stop here, or go on to the Civil War?`;
    case 'setup-artillery':
      return 'Civil War set-up step 9: place the blue Artillery on a blue unit in Dublin.';
    case 'setup-armoured-car':
      return 'Civil War set-up step 10: place the blue Armoured car on a blue unit outside Ulster.';
  }
}

export function decision(s: IFState, rules?: IFRules): Decision | null {
  const m = mapArg(rules, 'decision');
  if (s.over || !s.ask) return null;
  return new IFDecision(s.war, s.phase, s.combat !== null, promptMaker(s, m), options(s, m));
}

/**
 * How the prompt of the pending decision is written when someone reads it: for the frequent questions
 * (an action, where a unit goes) the values it names are captured now and the text is made on reading
 * (bots and batch playouts never read it); the rare ones are written now.
 */
function promptMaker(s: IFState, m: MapIndex): () => string {
  const a = s.ask!;
  switch (a.kind) {
    case 'action': {
      const [war, turn, left] = [s.war, s.turn, s.actionsLeft];
      return () => actionPromptFor(m, war, turn, left);
    }
    case 'move': {
      const u = unitById(s, a.unit)!;
      const [colour, type, id, area] = [u.colour, u.type, u.id, u.area];
      return () => `Where does ${unitText(m, colour, type, id, area)} go?`;
    }
    default: {
      const text = prompt(s, m);
      return () => text;
    }
  }
}

/** A decision of Irish Freedom (the player's side decides everything): its phase and prompt written when first
 *  read, from the values captured when it was asked. */
class IFDecision implements Decision {
  readonly side = 'Irish';
  #prompt: string | undefined;
  readonly #make: () => string;
  readonly #war: IFState['war'];
  readonly #phase: PhaseKey;
  readonly #inCombat: boolean;
  constructor(
    war: IFState['war'],
    phase: PhaseKey,
    inCombat: boolean,
    make: () => string,
    readonly options: LazyOption[],
  ) {
    this.#war = war;
    this.#phase = phase;
    this.#inCombat = inCombat;
    this.#make = make;
  }
  get phase(): string {
    return phaseTitleOf(this.#war, this.#phase, this.#inCombat);
  }
  get prompt(): string {
    return (this.#prompt ??= this.#make());
  }
  toJSON(): Decision {
    return { side: this.side, phase: this.phase, prompt: this.prompt, options: this.options };
  }
}

export function apply(s: IFState, choice: string, env: GameEnv): void {
  const m = mapEnv(env);
  // The engine's pending decision is this state's, its options made by `options` (GameEnv.pending).
  const legal = (env.pending?.options as LazyOption[] | undefined) ?? options(s, m);
  let chosen: LazyOption | null = null;
  for (const o of legal)
    if (o.is(choice)) {
      chosen = o;
      break;
    }
  if (!chosen)
    throw new IllegalChoice(
      choice,
      legal.map((o) => o.id),
    );
  const ask = s.ask!;
  switch (ask.kind) {
    case 'action':
      applyAction(s, env, chosen);
      break;
    case 'move':
      applyMove(s, env, chosen);
      break;
    case 'ride':
      applyRide(s, env, chosen);
      break;
    case 'upgrade':
      s.ask = null;
      if (choice === 'upgrade random')
        upgrade(
          s,
          env,
          m,
          env.dice.pick(
            ask.candidates.map((id) => unitById(s, id)!),
            UPGRADE_TIE,
          ),
        );
      else if (choice !== 'upgrade none') upgrade(s, env, m, unitById(s, chosen.a)!);
      break;
    case 'collins':
      s.ask = null;
      s.combat!.fight!.collins = choice === 'collins use';
      break;
    case 'event':
      applyEventTarget(s, env, chosen.a);
      endEvent(s, m);
      break;
    case 'treaty':
      s.ask = null;
      if (choice === 'treaty stop') {
        s.over = 'treaty-stop';
        s.phase = 'over';
      } else beginTreatySetup(s);
      break;
    case 'setup-artillery':
    case 'setup-armoured-car':
      placeSetupSupport(s, env, ask.kind === 'setup-artillery' ? 'artillery' : 'armoured-car', chosen.a);
      break;
  }
  advance(s, env, false);
}

/** Solitaire hides nothing, and no card order exists in the state: the view is the state's fields (read-only)
 *  with the rules' map index, which render and the bots need (JSON leaves the index out). */
export function view(s: IFState, _side: string, rules?: IFRules): IFView {
  // A small object per call: cheaper than a WeakMap of views (ephemeron tables slow the garbage collector)
  return new LiveView(s, mapArg(rules, 'view')) as unknown as IFView;
}

/** A read-only window on a state: each field reads the state (so the view never goes stale), plus the
 *  map index for render and the bots. JSON gives the state's data alone. (Not a prototype of the state:
 *  that would slow every property access on it.) */
class LiveView {
  constructor(
    readonly state: IFState,
    readonly map: MapIndex,
  ) {}
  toJSON(): IFState {
    return this.state;
  }
}
/** Every field of the state (a Record, so the compiler says when a field is added and not listed here). */
const STATE_FIELDS: Record<keyof IFState, true> = {
  options: true,
  war: true,
  turn: true,
  phase: true,
  actionsLeft: true,
  units: true,
  nextId: true,
  seq: true,
  cleanSeq: true,
  britishMorale: true,
  republicanMorale: true,
  britishEliminated: true,
  decks: true,
  card: true,
  effects: true,
  ask: true,
  combat: true,
  setupStep: true,
  treatyTurn: true,
  woiPoints: true,
  ulsterBonus: true,
  surrenderTurn: true,
  cwPoints: true,
  over: true,
  lastEvent: true,
};
const STATE_KEYS = Object.keys(STATE_FIELDS) as (keyof IFState)[];
for (const k of STATE_KEYS) {
  Object.defineProperty(LiveView.prototype, k, {
    get(this: LiveView) {
      return this.state[k];
    },
    enumerable: true,
  });
}

export const irishFreedom: GameModule<IFState, IFRules, IFView> = {
  ...meta,
  loadRules: (raw: unknown) => checkRules(raw),
  setup(rules: IFRules, o: Options, env: GameEnv<IFRules>): IFState {
    requireRules(rules, 'setup');
    // setup and apply read the rules from env.rules: the same object as the rules argument.
    const e: GameEnv<IFRules> = env.rules === rules ? env : { ...env, rules };
    const s = initialState(rules, o, e);
    advance(s, e);
    return s;
  },
  decision,
  apply,
  result,
  turnMark,
  victoryLevels,
  view,
  render,
  status,
  rulesTopics: RULES_TOPICS,
  renderRules,
  help,
  bots,
  invariants,
  optionsOf,
  outcomeFacts,
  // rules/irish-freedom.md, "Step limit": 20 times the longest of 5,000 random campaigns (97 decisions).
  stepLimit: 2_000,
  runaway: (s: IFState, rules: IFRules) =>
    `it stands at turn ${s.turn} of the ${s.war === 'independence' ? 'War of Independence' : 'Civil War'}; ` +
    `each war ends after turn lastTurn.turn = ${rules.lastTurn.turn}, with actions.independence = ${rules.actions.independence} ` +
    `and actions.civil = ${rules.actions.civil} actions a turn: check these in the rules data`,
};
