/**
 * One chunk of `simulate`'s games (k = from..to), played one after the other into a tally: the same
 * function runs in the main thread and in every worker (sim-pool.ts), so where a chunk is played never
 * changes what it adds up to. Game k is played with the seed S/k and a bot per side, as
 * `muster play GAME --seed S/k --bot …` plays it.
 */
import { playout } from './playout.js';
import type { Options, Side, AnyGameModule } from './module.js';
import { addGame, newTally, type Tally } from './sim-tally.js';

/** What a chunk needs besides the module and its rules (plain data: it is sent to the workers). */
export interface SimSpec {
  /** The game's id and the --rules file (workers load both). */
  game: string;
  rulesFile?: string;
  /** Base seed: game k uses `${seed}/${k}`. */
  seed: string;
  /** Options with their defaults filled in. */
  options: Options;
  /** The bot of each side, by name. */
  bots: Record<Side, string>;
  /** Check the module's invariants after every decision. */
  check: boolean;
}

/** The first game of a chunk that could not be played through: a broken invariant or an error. */
export interface Failure {
  k: number;
  seed: string;
  /** Decisions made when it happened. */
  step: number;
  kind: 'invariant' | 'error';
  /** The broken invariants, or the error's message. */
  message: string;
  /** The error's stack (kind "error"), for MUSTER_DEBUG. */
  stack?: string;
}

export interface ChunkResult {
  tally: Tally;
  /** Set when a game failed: the tally then holds the games before it only. */
  failure: Failure | null;
}

/** Thrown inside a playout when an invariant breaks (caught below). */
class Broken extends Error {
  constructor(
    readonly step: number,
    readonly broken: string[],
  ) {
    super(broken.join('; '));
  }
}

/** The side with the highest score, or null on a tie. */
function leaderOf(score: Record<Side, number>): Side | null {
  let best: Side | null = null;
  let top = -Infinity;
  let tie = false;
  for (const [side, v] of Object.entries(score)) {
    if (v > top) [best, top, tie] = [side, v, false];
    else if (v === top) tie = true;
  }
  return tie ? null : best;
}

/**
 * Plays games `from`..`to` (inclusive) into a new tally. Stops at the first game that breaks an
 * invariant (when checked) or throws, and reports it as the failure.
 */
export function runChunk(mod: AnyGameModule, rules: unknown, spec: SimSpec, from: number, to: number): ChunkResult {
  const tally = newTally();
  const bots = Object.fromEntries(mod.sides.map((s) => [s, mod.bots[spec.bots[s]]]));
  for (const [side, bot] of Object.entries(bots)) if (!bot) throw new Error(`${mod.id} has no bot "${spec.bots[side]}"`);
  const scored = typeof mod.score === 'function' && mod.sides.length > 1;
  for (let k = from; k <= to; k++) {
    const seed = `${spec.seed}/${k}`;
    let step = 0;
    let firstMover: Side | null | undefined;
    // Decisiveness: the leader now, and the decision from which it has led without a break.
    let leader: Side | null = null;
    let since = 0;
    try {
      const r = playout(mod, rules, {
        seed,
        options: spec.options,
        bots,
        onStart: (state) => {
          firstMover = mod.firstMoverOf?.(state, rules);
          if (scored) leader = leaderOf(mod.score!(state, rules));
        },
        afterStep: (state, n) => {
          step = n;
          if (spec.check) {
            const broken = mod.invariants(state, rules);
            if (broken.length) throw new Broken(n, broken);
          }
          if (scored) {
            const now = leaderOf(mod.score!(state, rules));
            if (now !== leader) [leader, since] = [now, n];
          }
        },
      });
      const winner = r.outcome.winner;
      const clearAt = scored && winner && r.steps > 0 ? Math.round((1000 * (leader === winner ? since : r.steps)) / r.steps) : undefined;
      addGame(tally, { k, outcome: r.outcome, decisions: r.steps, runaway: r.runaway, firstMover, clearAt }, mod.sides);
    } catch (e) {
      if (e instanceof Broken) return { tally, failure: { k, seed, step: e.step, kind: 'invariant', message: e.message } };
      const err = e as Error;
      return { tally, failure: { k, seed, step, kind: 'error', message: String(err?.message ?? e), stack: err?.stack } };
    }
  }
  return { tally, failure: null };
}
