/**
 * The sequence of play (rulebook 3.1): every stage says who decides what; `advance` runs the automatic
 * steps and applies single-option decisions until a real choice is pending. Phases name their
 * successor as data (NEXT_PHASE), so no phase file imports the next.
 */
import { LazyOption, LazyPromptDecision } from '../../engine/lazy-option.js';
import type { ChoiceOption, Decision, GameEnv } from '../../engine/module.js';
import { positionsOf, rulesOf, type Positions } from './map.js';
import type { IrlRules, IrlState, Phase, SideName, Stage, Task } from './state.js';

/** A pending question. */
export interface Ask {
  side: SideName;
  phase: string;
  prompt: string;
  options: ChoiceOption[];
}

export interface StageHandler {
  /** The question of the stage, or null when the stage has nothing to ask (then `step` runs); `at`: who stands where in `s`. */
  ask(s: IrlState, rules: IrlRules, at: Positions): Ask | null;
  act(s: IrlState, id: string, env: GameEnv): void;
  /** The automatic work of a stage with nothing to ask (ending a phase, rolling a die); `at`: who stands where as `ask` found it. */
  step(s: IrlState, env: GameEnv, at: Positions): void;
}

const handlers = {} as Record<Exclude<Stage, 'over'>, StageHandler>;
const phaseStarts = {} as Record<Phase, (s: IrlState, env: GameEnv) => void>;

export function registerStage(stage: Exclude<Stage, 'over'>, h: StageHandler): void {
  handlers[stage] = h;
}

/** Registers what a phase does when it begins (sets the stage and its first work). */
export function registerPhase(phase: Phase, begin: (s: IrlState, env: GameEnv) => void): void {
  phaseStarts[phase] = begin;
}

export const PHASE_NAME: Record<Phase, string> = {
  A: 'A Reinforcements',
  B: 'B French movement',
  C: 'C French combat',
  D: 'D English movement',
  E: 'E English combat',
  F: 'F Rally',
  G: 'G Automatic victory',
};

const NEXT_PHASE: Record<Phase, Phase> = { A: 'B', B: 'C', C: 'D', D: 'E', E: 'F', F: 'G', G: 'A' };

/** Ends the current phase and begins the next (phase G of the last turn ends the game in victory.ts). */
export function nextPhase(s: IrlState, env: GameEnv): void {
  const next = NEXT_PHASE[s.phase];
  if (next === 'A') s.turn++;
  beginPhase(s, next, env);
}

export function beginPhase(s: IrlState, phase: Phase, env: GameEnv): void {
  s.phase = phase;
  if (env.verbose) env.log({ kind: 'text', text: `Turn ${s.turn}, phase ${PHASE_NAME[phase]}`, tone: 'phase' });
  phaseStarts[phase](s, env);
}

export function ask(s: IrlState, rules: IrlRules): Ask | null {
  if (s.over || s.stage === 'over') return null;
  return handlers[s.stage].ask(s, rules, positionsOf(s, rules));
}

export function act(s: IrlState, id: string, env: GameEnv): void {
  if (s.stage === 'over') return;
  handlers[s.stage].act(s, id, env);
}

/**
 * A question whose prompt is written when read (bots, replay and simulate never read it), from values
 * the stage captured when it asked: src/engine/lazy-option.ts, LazyPromptDecision.
 */
export class Question extends LazyPromptDecision<SideName> implements Ask {
  #at?: Positions;
  /** Who stood where when it was asked (`advance`), for its answer; private, so no JSON shows it. */
  get positions(): Positions | undefined {
    return this.#at;
  }
  askedIn(at: Positions): this {
    this.#at = at;
    return this;
  }
}

/** A question with a written prompt as the engine's decision, with who stood where when it was asked (private). */
class AskedDecision implements Decision {
  readonly #at: Positions;
  constructor(
    readonly side: SideName,
    readonly phase: string,
    readonly prompt: string,
    readonly options: ChoiceOption[],
    at: Positions,
  ) {
    this.#at = at;
  }
  get positions(): Positions {
    return this.#at;
  }
}

/**
 * The question as the engine's decision (module.ts, Decision); a Question is one already. With `at`,
 * the decision keeps who stood where when it was asked, for its answer (`positionsAsked`).
 */
export function decisionOf(a: Ask, at?: Positions): Decision {
  if (a instanceof Question) return at ? a.askedIn(at) : a;
  return at
    ? new AskedDecision(a.side, a.phase, a.prompt, a.options, at)
    : { side: a.side, phase: a.phase, prompt: a.prompt, options: a.options };
}

/** Who stood where when `d` was asked, when `advance` asked it (positionsOf checks it before using it). */
export function positionsAsked(d: Decision | undefined): Positions | undefined {
  return d instanceof Question || d instanceof AskedDecision ? d.positions : undefined;
}

/**
 * Runs automatic steps until a decision with two or more options is pending, or the game is over.
 * Returns that decision, asked of the state it leaves (null: the game is over), for the engine to
 * take as the pending one (GameModule.apply). `known`: who stood where at the question just answered.
 */
export function advance(s: IrlState, env: GameEnv, known?: Positions): Decision | null {
  const rules = rulesOf(env);
  // Who stands where, taken afresh only when a counter has moved since `known` (the last question's).
  let at = known;
  for (let guard = 0; guard < 100_000; guard++) {
    if (s.over || s.stage === 'over') return null;
    at = positionsOf(s, rules, at);
    const a = handlers[s.stage].ask(s, rules, at);
    if (!a) {
      handlers[s.stage].step(s, env, at);
      continue;
    }
    if (a.options.length > 1) return decisionOf(a, at);
    handlers[s.stage].act(s, a.options[0].id, env);
  }
  throw new Error(`irlande-1798: no decision after 100000 automatic steps (stage ${s.stage})`);
}

/**
 * An option of a question; a label given as a function is made only when read (LazyOption). `number`:
 * the number a person types for it, when the question keeps its numbers stable (module.ts, ChoiceOption).
 */
export function opt(id: string, label: string | (() => string), number?: number): ChoiceOption {
  if (typeof label !== 'string') return new LazyOption(id, label, number);
  return number === undefined ? { id, label } : { id, label, number };
}

export function phaseLabel(s: IrlState): string {
  return `Turn ${s.turn} ${PHASE_NAME[s.phase]}`;
}

export function logText(
  env: GameEnv,
  text: string,
  tone: 'info' | 'event' | 'combat' | 'good' | 'bad' | 'warn' = 'info',
  side?: SideName,
): void {
  if (env.verbose) env.log({ kind: 'text', text, tone, ...(side ? { side } : {}) });
}

/**
 * Queues tasks (the consequences of a combat, a bombardment or a failed rally: tasks.ts) and switches
 * to them; `resume` is where play goes when they are done. Here, not in tasks.ts, so that the phases
 * that start tasks do not import the task stage (no import circle).
 */
export function startTasks(s: IrlState, tasks: Task[], resume: Stage | 'next-phase'): void {
  s.tasks.push(...tasks);
  s.resume = resume;
  s.stage = 'tasks';
}
