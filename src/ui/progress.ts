/**
 * A progress bar on a terminal (cli-progress) for the long designer commands (`simulate`, `odds`).
 * It is drawn only when its stream is a terminal, and only once the work has taken `delayMs` (default
 * one second), so quick runs and piped output show nothing. The bar writes to stderr: standard output
 * stays the command's result.
 */
import type cliProgress from 'cli-progress';
import { createRequire } from 'node:module';

/** cli-progress is loaded only when a bar is drawn: quick and piped runs never load it. */
const load = (): typeof cliProgress => createRequire(import.meta.url)('cli-progress') as typeof cliProgress;

/** A bar that may not be showing yet: `update` draws it when due, `stop` clears it (a later `update` draws it again). */
export interface Progress {
  /** `done` of the total so far; `payload` fills the `{name}` fields of the format. */
  update(done: number, payload?: Record<string, string | number>): void;
  /** Clears the bar from the terminal (before printing a result, or at the end). */
  stop(): void;
}

export interface ProgressOptions {
  /** The whole count (games, options). */
  total: number;
  /**
   * cli-progress format, e.g. "simulate [{bar}] {value}/{total} games". `{bar}` is sized to fit the
   * terminal: `fixed` is the width of the rest of the line at its longest.
   */
  format: string;
  fixed: number;
  /** Default process.stderr. */
  stream?: NodeJS.WriteStream;
  /** Milliseconds of work before the bar appears (default 1,000). */
  delayMs?: number;
  /**
   * When the stream is not a terminal (a script, a pipe, CI): milliseconds between plain lines saying
   * how far the work is (the format without its bar), the first once `delayMs` has passed. Absent: a
   * stream that is not a terminal gets nothing.
   */
  plainEveryMs?: number;
}

const NONE: Progress = { update: () => {}, stop: () => {} };

/** A progress bar on `stream` (stderr), or one that does nothing when the stream is not a terminal. */
export function progressBar(o: ProgressOptions): Progress {
  const stream = o.stream ?? process.stderr;
  if (!stream.isTTY) return o.plainEveryMs === undefined ? NONE : plainLines(o, stream, o.plainEveryMs);
  const t0 = Date.now();
  let bar: cliProgress.SingleBar | undefined;
  return {
    update(done, payload = {}) {
      if (!bar) {
        if (Date.now() - t0 < (o.delayMs ?? 1000) || done >= o.total) return;
        const barsize = Math.max(8, Math.min(40, (stream.columns || 80) - o.fixed - 1));
        bar = new (load().SingleBar)({
          stream,
          barsize,
          // The cursor stays shown: Ctrl-C ends the command at once (this thread may be busy playing
          // games, so no handler could restore a hidden cursor), and a hidden one would stay hidden.
          hideCursor: false,
          clearOnComplete: true,
          linewrap: false,
          format: o.format,
          barCompleteChar: '#',
          barIncompleteChar: '-',
        });
        bar.start(o.total, done, payload);
      }
      bar.update(done, payload);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

/**
 * Progress as plain lines (ProgressOptions.plainEveryMs): the format with its bar left out and its
 * fields filled in, written once the delay has passed and then at most every `everyMs`.
 */
function plainLines(o: ProgressOptions, stream: NodeJS.WriteStream, everyMs: number): Progress {
  let next = Date.now() + (o.delayMs ?? 1000);
  return {
    update(done, payload = {}) {
      if (Date.now() < next || done >= o.total) return;
      next = Date.now() + everyMs;
      const fields: Record<string, string | number> = { ...payload, value: done, total: o.total };
      const line = o.format
        .replace(/ ?\[?\{bar\}\]? ?/, ' ')
        .replace(/\{(\w+)\}/g, (_, k: string) => String(fields[k] ?? ''))
        .trim();
      stream.write(line + '\n');
    },
    stop() {},
  };
}

/** A time left, in seconds, as "45s", "3m05s" or "1h02m" (always the same shape for the same size). */
export function timeLeft(secs: number): string {
  const t = Math.ceil(secs);
  if (t < 60) return `${t}s`;
  if (t < 3600) return `${Math.floor(t / 60)}m${String(t % 60).padStart(2, '0')}s`;
  return `${Math.floor(t / 3600)}h${String(Math.floor((t % 3600) / 60)).padStart(2, '0')}m`;
}
