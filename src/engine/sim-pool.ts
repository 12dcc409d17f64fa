/**
 * `simulate` and `compare` on every core (issue 13): the games are cut into chunks of consecutive game
 * numbers, the chunks are played by this thread and a pool of worker threads (tinypool), and their
 * tallies are merged in the order of the chunks as they come back — so the report is the same, to the
 * bit, for one thread or many and for any order in which the workers finish. At most a few chunks per
 * thread are in flight, so memory stays flat however many games are played. The chunk size depends on
 * the number of games only. The pool knows nothing of what a tally holds: each command gives its own
 * (sim-tally.ts for simulate, compare.ts for compare) with how to start, merge and count one.
 *
 * A failed game (sim-run.ts Failure) stops the run once every chunk before its own has come back:
 * the failure reported is the first in game order, as one thread would find it.
 */
import type { Failure } from './sim-run.js';

/** Games per chunk for a run of `n` games: about 200 chunks, from 1 to 100 games each. */
export function chunkSize(n: number): number {
  return Math.min(100, Math.max(1, Math.ceil(n / 200)));
}

/** What a chunk of games adds up to: its tally, and the first game that could not be played (the tally then holds the games before it). */
export interface PoolChunk<T> {
  tally: T;
  failure: Failure | null;
}

/** A kind of tally: plain data (it comes back from the workers), started empty, merged in chunk order. */
export interface Tallies<T> {
  empty(): T;
  /** Adds `part` (the next chunk in game order) to `into`. */
  merge(into: T, part: T): void;
  /** Games in a tally (for the progress). */
  games(t: T): number;
}

export interface PoolRun<T> {
  /** Games to play: 1..n. */
  n: number;
  /** Threads in all: this one plays chunks too, beside `threads - 1` workers. */
  threads: number;
  tallies: Tallies<T>;
  /** Plays a chunk in this thread. */
  local(from: number, to: number): PoolChunk<T>;
  /** The worker file (its default export takes `task(from, to)` and returns a PoolChunk), for threads > 1. */
  workerFile?: string;
  task?(from: number, to: number): unknown;
  /** Games done so far (in any order), after each chunk. */
  onProgress?(done: number): void;
  /**
   * With threads > 1: start the workers only once the run looks longer than this many milliseconds
   * (all games at the pace of the chunks played so far in this thread), so a quick run does not wait
   * for threads to start. Results are the same either way. Default: start them at once.
   */
  quickMs?: number;
}

export interface PoolResult<T> {
  tally: T;
  failure: Failure | null;
  /** Threads that played games (1 when the run stayed in this thread). */
  threadsUsed: number;
}

/**
 * Plays games 1..n in chunks, in this thread and in `threads - 1` workers, and merges their tallies
 * in chunk order.
 */
export async function runPool<T>(run: PoolRun<T>): Promise<PoolResult<T>> {
  const size = chunkSize(run.n);
  const chunks = Math.ceil(run.n / size);
  const range = (c: number): [number, number] => [c * size + 1, Math.min(run.n, (c + 1) * size)];
  const tally = run.tallies.empty();
  const workers = run.workerFile !== undefined && run.task !== undefined ? run.threads - 1 : 0;
  let done = 0;
  let next = 0; // the next chunk to hand out
  let merged = 0; // the next chunk to merge
  const waiting = new Map<number, PoolChunk<T>>();
  let failure: Failure | null = null;
  let error: unknown;
  const onResult = (c: number, r: PoolChunk<T>) => {
    done += run.tallies.games(r.tally);
    run.onProgress?.(done);
    waiting.set(c, r);
    while (!failure && waiting.has(merged)) {
      const w = waiting.get(merged)!;
      waiting.delete(merged++);
      run.tallies.merge(tally, w.tally);
      // Every chunk before this one is merged: this is the first failure in game order.
      if (w.failure) failure = w.failure;
    }
  };
  const more = () => next < chunks && !failure && error === undefined;
  let pool: import('tinypool').default | undefined;
  const inFlight = new Set<Promise<void>>();
  const t0 = Date.now();
  try {
    while (more()) {
      if (!pool && workers > 0 && (run.quickMs === undefined || (done > 0 && ((Date.now() - t0) / done) * run.n > run.quickMs))) {
        const { default: Tinypool } = await import('tinypool');
        // Two chunks sent to each worker at once: it starts the second without waiting for this thread,
        // which may be busy with a chunk of its own.
        pool = new Tinypool({
          filename: run.workerFile!,
          minThreads: workers,
          maxThreads: workers,
          isolateWorkers: false,
          concurrentTasksPerWorker: 2,
        });
      }
      // Keep every worker busy with the next chunks (three each in flight) ...
      while (pool && more() && inFlight.size < workers * 3) {
        const c = next++;
        const p: Promise<void> = (pool.run(run.task!(...range(c))) as Promise<PoolChunk<T>>).then(
          (r) => {
            inFlight.delete(p);
            onResult(c, r);
          },
          (e) => {
            inFlight.delete(p);
            error ??= e;
          },
        );
        inFlight.add(p);
      }
      // ... and play one here; then let the workers' results in (and a progress bar draw).
      if (more()) {
        const c = next++;
        onResult(c, run.local(...range(c)));
      }
      await new Promise((res) => setImmediate(res));
    }
    while (inFlight.size) await Promise.race(inFlight);
    if (error !== undefined) throw error;
    return { tally, failure, threadsUsed: pool ? workers + 1 : 1 };
  } finally {
    await pool?.destroy();
  }
}
