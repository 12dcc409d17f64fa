/**
 * The game at a real terminal: bin/muster run in a pseudo-terminal (python3's pty module,
 * tests/cli/pty-drive.py), typed into as a person types.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import stripAnsi from 'strip-ansi';

const BIN = resolve('bin/muster');
const DRIVE = resolve('tests/cli/pty-drive.py');
const dir = mkdtempSync(join(tmpdir(), 'muster-tty-'));

type Step = { wait: string; timeout?: number } | { send: string } | { sleep: number } | { until: string; press: string };

/** Runs muster in a terminal of rows x cols and plays `steps`. */
function atTerminal(args: string[], steps: Step[], size = [24, 80], stdoutFile?: string) {
  const r = spawnSync(
    'python3',
    [
      DRIVE,
      String(size[0]),
      String(size[1]),
      ...(stdoutFile ? ['--stdout-file', join(dir, stdoutFile)] : []),
      '--',
      process.execPath,
      BIN,
      ...args,
    ],
    {
      cwd: dir,
      input: JSON.stringify(steps),
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  if (r.status !== 0) throw new Error(`pty-drive failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { code: number | null; output: string; timedOut: string | null };
}
const record = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

describe('input that cannot lie', () => {
  test('an option number + Enter typed in one burst picks exactly that option (Irish Freedom, seed 7)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'burst-if.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: '3\r' },
        { wait: 'action 2 of 2' },
        // The start of an option's text + Enter, in one burst.
        { send: 'Recruit in Kerry\r' },
        { until: 'you may upgrade', press: ' ' },
        { send: 'quit\r' },
        { wait: 'Saved in burst-if.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(record('burst-if.json').choices.slice(0, 2)).toEqual(['upgrade u12', 'recruit-guerrilla kerry']);
  });

  test('the same in the card game: 2 + Enter in one burst plays the second card', () => {
    const r = atTerminal(
      ['play', 'english-civil-war', '--seed', '7', '--save', 'burst-ecw.json'],
      [
        { wait: 'lay muster events' },
        { send: '2\r' },
        { wait: 'hand 7' },
        { wait: 'lay muster events' },
        { send: 'quit\r' },
        { wait: 'Saved in burst-ecw.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    // c47 is Ports (option 2), c49 Confiscated Land (option 1); the Royalist bot's choices are in the record too.
    expect(record('burst-ecw.json').choices.filter((c: string) => c === 'play c47' || c === 'play c49')).toEqual(['play c47']);
  });

  test('text that matches no option picks nothing: the prompt says so and waits', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'nomatch.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: 'zzz\r' },
        { wait: 'nothing matches "zzz"' },
        { send: '\x15quit\r' },
        { wait: 'Saved in nomatch.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(record('nomatch.json').choices).toEqual([]);
  });
});

describe('the screen', () => {
  test('at 80x24 the decision screen fits the terminal: status, board, events and prompt, no line wider than 80', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'screen.json', '--no-color'],
      [{ until: 'action 1 of 2', press: ' ' }, { send: 'quit\r' }, { wait: 'Saved in screen.json' }],
    );
    expect(r.timedOut).toBeNull();
    // The events of turn 1 do not fit under the board: they were paged first (see the next test).
    expect(r.output).toMatch(/War of Independence turn 1\/10 · Irish move\/recruit phase · British morale 11/);
    const screens = r.output.split('\x1b[2J\x1b[3J\x1b[H');
    // The decision screen as first drawn: up to the prompt's first redraw (its erase-line codes).
    const decision = screens.find((x) => /action 1 of 2/.test(x))!.split('\x1b[2K')[0];
    const lines = stripAnsi(decision).split(/\r?\n/);
    expect(lines.join('\n')).toMatch(/^War of Independence turn 1\/10 ·[^]*1 Dublin[^]*6 Kerry[^]*action 1 of 2[^]*> +1\. Recruit/);
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
  });

  test('events that do not fit are paged: the player reads them, then presses a key', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'paged.json'],
      [{ until: 'action 1 of 2', press: ' ' }, { send: 'quit\r' }, { wait: 'Saved in paged.json' }],
      [24, 80],
    );
    expect(r.timedOut).toBeNull();
    expect(r.output).toMatch(/what happened since Irish's last decision/);
    expect(r.output).toMatch(/Combat in Dublin 6 City/);
  });
});

describe('not a terminal', () => {
  test('play > out.txt at a terminal: no escape codes in the file, the prompt in it, and the terminal says what to do', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'redirect.json'],
      [{ wait: 'standard output is not a terminal' }, { send: '3\n' }, { send: '\x04' }],
      [24, 80],
      'out.txt',
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    const file = readFileSync(join(dir, 'out.txt'), 'utf8');
    expect(file.includes('\u001b')).toBe(false);
    expect(file).toMatch(/Pending decision for Irish/);
    expect(file).toMatch(/Legal options:/);
    expect(record('redirect.json').choices).toEqual(['upgrade u12']);
  });
});
