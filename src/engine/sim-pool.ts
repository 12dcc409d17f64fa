/**
 * `simulate` on every core (issue 13): the games are cut into chunks of consecutive game numbers, the
 * chunks are played by a pool of worker threads (tinypool), and their tallies are merged in the order
 * of the chunks as they come back — so the report is the same, to the bit, for one thread or many and
 * for any order in which the workers finish. At most a few chunks per thread are in flight, so memory
 * stays flat however many games are played. The chunk size depends on the number of games only.
 *
 * A failed game (sim-run.ts Failure) stops the run once every chunk before its own has come back:
 * the failure reported is the first in game order, as one thread would find it.
 */
import type { ChunkResult, Failure } from './sim-run.js';
import { mergeTally, newTally, type Tally } from './sim-tally.js';

/** Games per chunk for a run of `n` games: about 200 chunks, from 1 to 100 games each. */
export function chunkSize(n: number): number {
  return Math.min(100, Math.max(1, Math.ceil(n / 200)));
}

export interface PoolRun {
  /** Games to play: 1..n. */
  n: number;
  /** Worker threads; 1 plays every chunk in this thread. */
  threads: number;
  /** Plays a chunk in this thread. */
  local(from: number, to: number): ChunkResult;
  /** The worker file (its default export takes `task(from, to)` and returns a ChunkResult), for threads > 1. */
  workerFile?: string;
  task?(from: number, to: number): unknown;
  /** Games done so far (in any order), after each chunk. */
  onProgress?(done: number): void;
  /**
   * With threads > 1: play chunks in this thread while the run looks short (less than this many
   * milliseconds for all games at the pace of the first chunk), so a quick run does not wait for
   * threads to start. Results are the same either way. Default: always use the threads.
   */
  quickMs?: number;
}

export interface PoolResult {
  tally: Tally;
  failure: Failure | null;
  /** Threads that played games (1 when the run stayed in this thread). */
  threadsUsed: number;
}

/** Plays games 1..n in chunks and merges their tallies in chunk order. */
export async function runPool(run: PoolRun): Promise<PoolResult> {
  const size = chunkSize(run.n);
  const chunks = Math.ceil(run.n / size);
  const range = (c: number): [number, number] => [c * size + 1, Math.min(run.n, (c + 1) * size)];
  const tally = newTally();
  let done = 0;
  let next = 0; // the next chunk to hand out
  // In this thread: every chunk with one thread; with more, while the run looks short (run.quickMs).
  const inThread = async (): Promise<Failure | null> => {
    const r = run.local(...range(next++));
    mergeTally(tally, r.tally);
    done += r.tally.games;
    run.onProgress?.(done);
    await new Promise((res) => setImmediate(res)); // let a progress bar draw
    return r.failure;
  };
  const threaded = run.threads > 1 && run.workerFile !== undefined && run.task !== undefined;
  if (!threaded || run.quickMs !== undefined) {
    const t0 = Date.now();
    for (;;) {
      if (next >= chunks) return { tally, failure: null, threadsUsed: 1 };
      const failure = await inThread();
      if (failure) return { tally, failure, threadsUsed: 1 };
      if (threaded && ((Date.now() - t0) / done) * run.n > run.quickMs!) break;
    }
  }
  const { default: Tinypool } = await import('tinypool');
  const pool = new Tinypool({ filename: run.workerFile!, minThreads: run.threads, maxThreads: run.threads, isolateWorkers: false });
  try {
    // Results by chunk, merged in order (`merged` is the next to merge).
    const waiting = new Map<number, ChunkResult>();
    let merged = next;
    let failure: Failure | null = null;
    let error: unknown;
    const inFlight = new Set<Promise<void>>();
    const window = run.threads * 3;
    const onResult = (c: number, r: ChunkResult) => {
      done += r.tally.games;
      run.onProgress?.(done);
      waiting.set(c, r);
      while (!failure && waiting.has(merged)) {
        const w = waiting.get(merged)!;
        waiting.delete(merged++);
        mergeTally(tally, w.tally);
        // Every chunk before this one is merged: this is the first failure in game order.
        if (w.failure) failure = w.failure;
      }
    };
    while ((next < chunks && !failure && error === undefined) || inFlight.size) {
      while (next < chunks && !failure && error === undefined && inFlight.size < window) {
        const c = next++;
        const p: Promise<void> = (pool.run(run.task!(...range(c))) as Promise<ChunkResult>).then(
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
      if (inFlight.size) await Promise.race(inFlight);
    }
    if (error !== undefined) throw error;
    return { tally, failure, threadsUsed: run.threads };
  } finally {
    await pool.destroy();
  }
}
