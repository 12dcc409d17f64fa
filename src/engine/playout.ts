/**
 * Fast playouts: bots on every side, no log, no record. Used by `simulate`, `npm run bench` and the
 * random-playout tests. Same seed, options and bots give the same game as `muster play --bot`.
 */
import { botRngFor, EngineDice } from './dice.js';
import { makeEnv } from './env.js';
import { applyForced } from './forced.js';
import { viewFor } from './bots.js';
import type { Bot, GameModule, Options, Outcome } from './module.js';

export interface PlayoutResult<S> {
  state: S;
  outcome: Outcome;
  /** Decisions made. */
  steps: number;
  /** The choice ids, in order (only when `keepChoices`). */
  choices?: string[];
}

export interface PlayoutConfig<S> {
  seed: string;
  options: Options;
  /** The bot of each side. */
  bots: Record<string, Bot<any>>;
  /** Stop with an Error after this many decisions (a runaway game). Default 100,000. Forced decisions do not count. */
  maxSteps?: number;
  keepChoices?: boolean;
  /** Called after every decision (tests check invariants here). */
  afterStep?: (state: S, step: number) => void;
}

/** Plays one game to its end. Throws Error for a runaway game or a bot that picks an illegal option. */
export function playout<S>(mod: GameModule<S, any, any>, rules: unknown, cfg: PlayoutConfig<S>): PlayoutResult<S> {
  const env = makeEnv(EngineDice.seeded(cfg.seed), undefined, false, rules);
  const state = mod.setup(rules, cfg.options, env);
  const max = cfg.maxSteps ?? 100_000;
  const choices: string[] | undefined = cfg.keepChoices ? [] : undefined;
  let steps = 0;
  // Forced decisions (one option) are applied by the engine, not asked and not counted (forced.ts).
  for (let d = applyForced(mod, state, env); d; d = applyForced(mod, state, env)) {
    if (steps >= max) throw new Error(`runaway game: no end after ${max} decisions (seed ${cfg.seed})`);
    const bot = cfg.bots[d.side];
    const id = bot(viewFor(mod, bot, state, d.side, rules), d, botRngFor(cfg.seed, d.side, steps + 1));
    env.pending = d;
    mod.apply(state, id, env);
    env.pending = undefined;
    choices?.push(id);
    steps++;
    cfg.afterStep?.(state, steps);
  }
  return { state, outcome: mod.result(state, rules), steps, choices };
}
