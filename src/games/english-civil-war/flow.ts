/**
 * The turn sequence (rulebook: Turn Sequence): every stage says who decides what. A stage with a
 * single option (a window where the side holds nothing to play, a declaration the rules dictate) is
 * still asked: the engine applies it (src/engine/runner.ts, Forced), so who is asked never depends
 * on a hidden hand.
 */
import type { ChoiceOption, GameEnv } from '../../engine/module.js';
import { LazyPromptDecision } from '../../engine/lazy-option.js';
import { namedCard, rulesOf } from './cards.js';
import type { CardId, EcwRules, EcwState, Role, SideName, Stage } from './state.js';
import { plural } from '../../ui/text.js';

/** A pending question. */
export interface Ask {
  side: SideName;
  phase: string;
  prompt: string;
  options: ChoiceOption[];
  /** A simultaneous secret commitment (src/engine/module.ts, Decision.secret). */
  secret?: boolean;
}

export interface StageHandler {
  ask(s: EcwState, rules: EcwRules): Ask;
  /** The rules are `env.rules`. */
  act(s: EcwState, id: string, env: GameEnv): void;
}

/**
 * A question whose prompt is written only when someone reads it (a person's screen, a transcript):
 * forced decisions and bots never do. `words` captures, when the question is asked, the values it
 * needs (the side, copies of the cards laid so far): src/engine/lazy-option.ts, LazyPromptDecision.
 */
export class Question extends LazyPromptDecision<SideName> implements Ask {}

const handlers = {} as Record<Exclude<Stage, 'over'>, StageHandler>;

/**
 * The phases and segments of the turn (rulebook: Turn Sequence) and what each is begun with. A phase
 * ends by naming the next one (`beginPhase(s, 'plot', env)`), as data: no phase file imports another,
 * so there is no import circle around the turn (style.md). Each file registers its own beginning.
 */
export interface PhaseArgs {
  strategy: [];
  muster: [];
  declarations: [];
  skirmish: [];
  battle: [segment: 'battle' | 'siege', role: Record<SideName, Role>];
  casualties: [];
  capitulation: [];
  plot: [];
  loss: [];
  end: [];
}
export type PhaseName = keyof PhaseArgs;
type Begin<P extends PhaseName> = (s: EcwState, ...rest: [...PhaseArgs[P], GameEnv]) => void;
const phases: { [P in PhaseName]?: Begin<P> } = {};

/** Registers how phase `name` begins (each phase file, for its own phase). */
export function registerPhase<P extends PhaseName>(name: P, begin: (s: EcwState, ...rest: [...PhaseArgs[P], GameEnv]) => void): void {
  (phases as Record<P, Begin<P>>)[name] = begin;
}

/** Begins phase `name` of the turn (its own file's start function, registered with registerPhase). */
export function beginPhase<P extends PhaseName>(s: EcwState, name: P, ...rest: [...PhaseArgs[P], GameEnv]): void {
  (phases[name] as Begin<P>)(s, ...rest);
}

export function registerStage(stage: Exclude<Stage, 'over'>, h: StageHandler): void {
  // Every stage's handler in one shape, so that ask and act below find its functions in one place
  // (each decision calls both).
  handlers[stage] = { ask: h.ask, act: h.act };
}

export function ask(s: EcwState, rules: EcwRules): Ask | null {
  if (s.over || s.stage === 'over') return null;
  return handlers[s.stage].ask(s, rules);
}

/** Applies the answer of the side asked (who becomes the side that decided last). */
export function act(s: EcwState, id: string, env: GameEnv): void {
  if (s.stage === 'over') return;
  s.lastAsked = s.asking;
  handlers[s.stage].act(s, id, env);
}

/** The card of a "play cX" option (the deck's own id: cards.ts, namedCard), null for another option. */
export function playedCard(rules: EcwRules, id: string): CardId | null {
  return id.startsWith('play ') ? namedCard(rules, id, 'play') : null;
}

/** A count and its noun, singular for 1 (shared with the other games: ui/text.ts). */
export { plural };

/** "is" for 1, "are" otherwise (for "1 Regiment is disbanded"). */
export function isAre(n: number): string {
  return n === 1 ? 'is' : 'are';
}

/** Logs the start of a phase ("Turn 3: Muster Phase"). Log lines are made only when someone reads them (env.verbose). */
export function phaseLog(s: EcwState, env: GameEnv, text: string): void {
  if (env.verbose) env.log({ kind: 'text', text: `Turn ${s.turn}: ${text}`, tone: 'phase' });
}

/** Logs a line about no side in particular; like sideLog, `text` may be a function that writes it when read. */
export function gameLog(env: GameEnv, text: string | (() => string), tone: 'info' | 'event' | 'combat' = 'info'): void {
  if (env.verbose) env.log({ kind: 'text', text: typeof text === 'string' ? text : text(), tone });
}

/**
 * Logs a line about `side`. `text` may be a function that writes it: called only when the log is read
 * (env.verbose), so batch playouts never pay for the words of the lines made every turn.
 */
export function sideLog(
  env: GameEnv,
  side: SideName,
  text: string | (() => string),
  tone: 'info' | 'event' | 'combat' | 'good' | 'bad' | 'warn' = 'info',
): void {
  if (env.verbose) env.log({ kind: 'text', text: typeof text === 'string' ? text : text(), tone, side });
}

/** Regiments lost, never below 0 (english-civil-war-notes.md, "Bounds"). Returns how many were lost. */
export function loseRegiments(s: EcwState, side: SideName, n: number): number {
  const lost = Math.min(Math.max(0, n), s.sides[side].regiments);
  s.sides[side].regiments -= lost;
  return lost;
}

/** Rolls `n` D6 with a reason each ("(die 2 of 3)") and returns the sum. */
export function rollDice(env: GameEnv, n: number, reason: string): number {
  return env.dice.rollSum(n, 6, reason);
}

/**
 * Moves Territory Markers (never more than the giver holds). The game ends the moment one player holds
 * all of them (rulebook: Victory). Returns how many moved.
 */
export function transferTerritory(s: EcwState, from: SideName, to: SideName, n: number, env: GameEnv): number {
  const moved = Math.min(n, s.sides[from].territory);
  s.sides[from].territory -= moved;
  s.sides[to].territory += moved;
  if (moved > 0)
    sideLog(
      env,
      to,
      () =>
        `${to} takes ${plural(moved, 'Territory Marker')} from ${from} (${s.sides.Parliament.territory} Parliament, ${s.sides.Royalist.territory} Royalist).`,
      'good',
    );
  const total = rulesOf(env).setup.totalTerritory;
  if (s.sides[to].territory >= total) {
    s.over = true;
    s.stage = 'over';
    s.winner = to;
    sideLog(env, to, () => `${to} controls all ${total} Territory Markers and wins the war.`, 'good');
  }
  return moved;
}
