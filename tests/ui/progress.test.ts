/** The progress bar of the long designer commands (src/ui/progress.ts). */
import { PassThrough } from 'node:stream';
import { progressBar, timeLeft } from '../../src/ui/progress.js';

/** A stream that says it is (or is not) a terminal of `columns` columns, keeping what was written. */
function fakeTerminal(isTTY: boolean, columns = 80) {
  const s = new PassThrough() as unknown as NodeJS.WriteStream & { written: string };
  s.written = '';
  Object.assign(s, { isTTY, columns, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  s.write = ((chunk: string) => {
    s.written += String(chunk);
    return true;
  }) as typeof s.write;
  return s;
}

test('nothing is drawn when the stream is not a terminal (piped output stays clean)', () => {
  const stream = fakeTerminal(false);
  const bar = progressBar({ total: 10, format: 'x [{bar}] {value}/{total}', fixed: 10, stream, delayMs: 0 });
  bar.update(3);
  bar.stop();
  expect(stream.written).toBe('');
});

test('on a terminal the bar is drawn within its width and cleared by stop; a later update draws it again', () => {
  const stream = fakeTerminal(true, 40);
  const bar = progressBar({ total: 10, format: 'x [{bar}] {value}/{total}', fixed: 10, stream, delayMs: 0 });
  bar.update(3);
  const first = stream.written;
  expect(first).toContain('3/10');
  const drawn = first.split(/\r|\n/).find((l) => l.includes('3/10'))!;
  // eslint-disable-next-line no-control-regex
  expect(drawn.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').length).toBeLessThanOrEqual(40);
  bar.stop();
  bar.update(7);
  expect(stream.written.slice(first.length)).toContain('7/10');
  bar.stop();
  // The cursor is never hidden: Ctrl-C ends the command at once and would leave it hidden.
  expect(stream.written).not.toContain('\x1b[?25l');
});

test('a bar waits for its delay: quick work draws nothing', () => {
  const stream = fakeTerminal(true);
  const bar = progressBar({ total: 10, format: 'x [{bar}] {value}/{total}', fixed: 10, stream, delayMs: 60_000 });
  bar.update(5);
  bar.stop();
  expect(stream.written).toBe('');
});

test('without a terminal, plainEveryMs writes plain lines (no bar) once the delay has passed, no more often than asked', () => {
  const stream = fakeTerminal(false);
  const bar = progressBar({
    total: 10,
    format: 'x [{bar}] {value}/{total} done{doing}',
    fixed: 10,
    stream,
    delayMs: 0,
    plainEveryMs: 60_000,
  });
  bar.update(3, { doing: '; sampling 5/40 games' });
  bar.update(4, { doing: '; sampling 6/40 games' }); // within the minute: nothing more
  bar.stop();
  expect(stream.written).toBe('x 3/10 done; sampling 5/40 games\n');
  const late = fakeTerminal(false);
  const quiet = progressBar({ total: 10, format: 'x [{bar}] {value}/{total}', fixed: 10, stream: late, delayMs: 60_000, plainEveryMs: 0 });
  quiet.update(5);
  expect(late.written).toBe('');
});

test("simulate's time left has one shape per size, from the whole run's pace (a newcomer saw 60s, then 1m0s)", () => {
  expect(timeLeft(0.2)).toBe('1s');
  expect(timeLeft(59.5)).toBe('1m00s');
  expect(timeLeft(45)).toBe('45s');
  expect(timeLeft(60)).toBe('1m00s');
  expect(timeLeft(185)).toBe('3m05s');
  expect(timeLeft(3 * 3600 + 125)).toBe('3h02m');
});
