/**
 * Fast playouts: bots on every side, no log, no record. Used by `simulate`, `npm run bench` and the
 * random-playout tests. Same seed, options and bots give the same game as `muster play --bot`.
 */
import { botRngsFor, EngineDice } from './dice.js';
import { makeEnv } from './env.js';
import { applyForced } from './forced.js';
import { viewFor } from './bots.js';
import type { Bot, Decision, GameModule, Options, Outcome } from './module.js';
import { runawayMessage, stepLimitOf } from './step-limit.js';

export interface PlayoutResult<S> {
  state: S;
  outcome: Outcome;
  /** Decisions made. */
  steps: number;
  /** The choice ids, in order (only when `keepChoices`). */
  choices?: string[];
  /** Set when the game reached the step limit unfinished: why (step-limit.ts runawayMessage). */
  runaway?: string;
}

export interface PlayoutConfig<S> {
  seed: string;
  options: Options;
  /** The bot of each side. */
  bots: Record<string, Bot<unknown>>;
  /** Stop after this many decisions, the game unfinished (a runaway game). Default: the module's step limit. Forced decisions do not count. */
  maxSteps?: number;
  keepChoices?: boolean;
  /** Called after every decision (tests check invariants here); must not change the state (the decision `apply` handed back is used after it). */
  afterStep?: (state: S, step: number) => void;
  /** Called once with the state the first decision is asked in (after the set-up's forced steps). */
  onStart?: (state: S) => void;
}

/**
 * Plays one game to its end, or to the step limit (then `runaway` says why it had not ended).
 * Throws IllegalChoice for a bot that picks an illegal option, and whatever `afterStep` throws.
 */
export function playout<S>(mod: GameModule<S, unknown, unknown>, rules: unknown, cfg: PlayoutConfig<S>): PlayoutResult<S> {
  const env = makeEnv(EngineDice.seeded(cfg.seed), undefined, false, rules);
  const state = mod.setup(rules, cfg.options, env);
  const max = cfg.maxSteps ?? stepLimitOf(mod);
  const choices: string[] | undefined = cfg.keepChoices ? [] : undefined;
  let steps = 0;
  const botRng = botRngsFor(cfg.seed);
  // Forced decisions (one option) are applied by the engine, not asked and not counted (forced.ts).
  let d = applyForced(mod, state, env);
  cfg.onStart?.(state);
  // The decision `apply` hands back for the state it leaves (GameModule.apply), used by applyForced.
  let next: Decision | null | void = undefined;
  for (; d; d = applyForced(mod, state, env, undefined, next)) {
    if (steps >= max) {
      return { state, outcome: mod.result(state, rules), steps, choices, runaway: runawayMessage(mod, state, rules, max) };
    }
    const bot = cfg.bots[d.side];
    const id = bot(viewFor(mod, bot, state, d.side, rules), d, botRng(d.side, steps + 1));
    env.pending = d;
    next = mod.apply(state, id, env);
    env.pending = undefined;
    choices?.push(id);
    steps++;
    cfg.afterStep?.(state, steps);
  }
  return { state, outcome: mod.result(state, rules), steps, choices };
}
