/**
 * Lines of text as they arrive: a move file, a fifo, a pipe from a slow writer (a bot in another
 * process, a test harness), read as a stream and handed out one line at a time, waiting as long as
 * it takes for the next. Standard input is never read synchronously (a non-blocking pipe would fail
 * with EAGAIN) and never all at once (a script may send its next move only after seeing the answer).
 */
import { createReadStream, fstatSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { clip } from './quote.js';

/** Standard input or a moves file cannot be read (a directory, a missing file, a read error). */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** A source of lines, read on demand. */
export interface LineReader {
  /** The next line (without its line ending), or null at the end of the input. Throws InputError. */
  next(): Promise<string | null>;
  /** Stops reading (the process may then exit although the writer keeps the input open). */
  close(): void;
  /**
   * True when the next line may keep the reader waiting for a writer (a pipe, a fifo, a terminal);
   * false for a regular file, whose lines are all there.
   */
  readonly mayWait?: boolean;
}

/** Lines kept waiting before the stream is paused (a writer far ahead of the game). */
const HIGH_WATER = 1000;

/** Splits a readable stream into lines (`\n` or `\r\n`); the last line needs no line ending. */
export class StreamLines implements LineReader {
  private readonly decoder = new StringDecoder('utf8');
  private partial = '';
  private readonly queue: string[] = [];
  private ended = false;
  private failure: InputError | undefined;
  private wake: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly stream: Readable,
    /** Where the lines come from ("stdin" or a file name), for messages. */
    readonly source: string,
    /** The stream is not a regular file: a line may be waited for (LineReader.mayWait). */
    readonly mayWait = true,
  ) {
    stream.on('data', (chunk: Buffer | string) => {
      const text = this.partial + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
      const parts = text.split('\n');
      this.partial = parts.pop()!;
      for (const p of parts) this.queue.push(p.endsWith('\r') ? p.slice(0, -1) : p);
      if (this.queue.length > HIGH_WATER) stream.pause();
      this.notify();
    });
    stream.on('end', () => {
      const rest = this.partial + this.decoder.end();
      this.partial = '';
      if (rest !== '') this.queue.push(rest.endsWith('\r') ? rest.slice(0, -1) : rest);
      this.ended = true;
      this.notify();
    });
    stream.on('error', (e: NodeJS.ErrnoException) => {
      this.failure = new InputError(describeReadError(this.source, e));
      this.ended = true;
      this.notify();
    });
  }

  private notify(): void {
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  async next(): Promise<string | null> {
    for (;;) {
      if (this.queue.length) {
        const line = this.queue.shift()!;
        if (this.queue.length < HIGH_WATER / 2 && this.stream.isPaused() && !this.closed) this.stream.resume();
        return line;
      }
      if (this.failure) throw this.failure;
      if (this.ended || this.closed) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.notify();
    this.stream.pause();
    this.stream.removeAllListeners('data');
    // Standard input is not ours to close for good; a file stream is.
    if (this.stream === process.stdin) (this.stream as NodeJS.ReadStream).unref?.();
    else this.stream.destroy();
  }
}

function describeReadError(source: string, e: NodeJS.ErrnoException): string {
  const what = source === 'stdin' ? 'standard input' : `moves file ${clip(source)}`;
  if (e.code === 'EISDIR') return `cannot read ${what}: it is a directory; give choice ids one per line (a file or a pipe)`;
  if (e.code === 'ENOENT') return `cannot read ${what}: no such file`;
  return `cannot read ${what}: ${clip(e.message, 200)}`;
}

/**
 * Lines of standard input, read as they arrive. Throws InputError when standard input is a directory.
 * A closed standard input reads as empty.
 */
export function stdinLines(): LineReader {
  let isDir = false;
  let isFile = false;
  try {
    const st = fstatSync(0);
    isDir = st.isDirectory();
    isFile = st.isFile();
  } catch (e) {
    // No standard input at all (closed with <&-): no lines.
    if ((e as NodeJS.ErrnoException).code === 'EBADF') return { next: async () => null, close: () => {} };
    throw new InputError(describeReadError('stdin', e as NodeJS.ErrnoException));
  }
  if (isDir) throw new InputError(describeReadError('stdin', Object.assign(new Error('EISDIR'), { code: 'EISDIR' })));
  return new StreamLines(process.stdin, 'stdin', !isFile);
}

/** Lines of a moves file (also a fifo), read as they arrive. Throws InputError for a missing file or a directory. */
export function fileLines(path: string): LineReader {
  let isDir = false;
  let isFile = false;
  try {
    const st = statSync(path);
    isDir = st.isDirectory();
    isFile = st.isFile();
  } catch (e) {
    throw new InputError(describeReadError(path, e as NodeJS.ErrnoException));
  }
  if (isDir) throw new InputError(describeReadError(path, Object.assign(new Error('EISDIR'), { code: 'EISDIR' })));
  return new StreamLines(createReadStream(path), path, !isFile);
}
