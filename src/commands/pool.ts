/**
 * What `simulate` and `compare` share to play their games on every core (src/engine/sim-pool.ts):
 * the --threads flag, the worker file and the tasks it is sent.
 */
import { availableParallelism } from 'node:os';
import type { CompareSpec } from '../engine/compare.js';
import type { SimSpec } from '../engine/sim-run.js';
import { wholeFlag } from './number-flag.js';

/** The most worker threads --threads allows. */
export const MAX_THREADS = 256;

/** --threads: a whole number from 1 to 256; absent, the cores. Throws CliError (exit 2). */
export function threadsFlag(flag: string | undefined): number {
  return flag === undefined ? availableParallelism() : wholeFlag('--threads', flag, 1, MAX_THREADS);
}

/** A chunk of games for a worker (src/commands/pool-worker.ts): games `from`..`to` of a run. */
export type PoolTask =
  { kind: 'simulate'; spec: SimSpec; from: number; to: number } | { kind: 'compare'; spec: CompareSpec; from: number; to: number };

/** The worker file of the pool. */
export const POOL_WORKER = new URL('./pool-worker.js', import.meta.url).href;

/**
 * Without --threads a run that looks shorter than about a second stays in this thread (starting
 * workers would take longer); with --threads the workers start at once. Results are the same either way.
 */
export const quickMs = (flag: string | undefined): number | undefined => (flag === undefined ? 1000 : undefined);
