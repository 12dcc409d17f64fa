/**
 * Resuming and watching at a real terminal (bin/muster in a pseudo-terminal, tests/cli/pty-drive.py):
 * a resumed game shows each player what happened since their own last decision, as if it had not
 * stopped; bots playing alone at a terminal are watched decision by decision (ui/watch.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stripAnsi from 'strip-ansi';
import { atTerminal, runner } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'muster-watch-'));
const muster = runner(dir, { NO_COLOR: '1' });
const choices = (file: string): string[] => JSON.parse(readFileSync(join(dir, file), 'utf8')).choices;

/** A game of `args` played by the heuristic bot throughout, then its first `n` choices played again by persons and saved in `save`. */
function savedAt(args: string[], n: number, save: string): void {
  // The bot on every side: `--vs human` (people on every side) is refused with --bot.
  const bots = args.map((a, i) => (args[i - 1] === '--vs' ? 'heuristic' : a));
  expect(muster(['play', ...bots, '--bot', 'heuristic', '--save', `${save}-bot.json`]).code).toBe(0);
  writeFileSync(join(dir, `${save}-moves.txt`), choices(`${save}-bot.json`).slice(0, n).join('\n') + '\n');
  expect(muster(['play', ...args, '--save', save, '--moves', `${save}-moves.txt`]).code).toBe(0);
}

describe('resume at a terminal', () => {
  test('hot-seat: the side to decide reads, behind the hand-over, what happened since its last decision (the enemy fire before the phase heading)', () => {
    // Choice 14 is Red's aimed fire at Blue; then the turn ends and Blue lays its order for the next one.
    const args = ['small-action', '--option', 'scenario=patrol-clash', '--vs', 'human', '--seed', '3'];
    savedAt(args, 14, 'sa.json');
    const r = atTerminal(
      dir,
      ['resume', 'sa.json'],
      [
        { wait: 'Blue: press a key when you have the keyboard' },
        { send: ' ' },
        { until: "what happened since Blue's last decision", press: ' ' },
        {
          until: 'Aimed fire: German section \\(class B\\) at British section: 4 hits',
          press: ' ',
        },
        { until: 'lay an order card', press: ' ' },
        { send: '\x03' },
        { wait: 'The game is saved in' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(130);
  });

  test('solitaire: what the last decision led to is shown again, not only the heading of the phase in progress', () => {
    savedAt(['irish-freedom', '--seed', '7'], 4, 'if.json');
    const r = atTerminal(
      dir,
      ['resume', 'if.json'],
      [
        {
          until: 'u17:FC\\[g\\] moves from Kerry 1-2 Bogland to Kerry 3-4 Townland',
          press: ' ',
        },
        { send: '\x03' },
        { wait: 'The game is saved in' },
      ],
    );
    expect(r.timedOut).toBeNull();
  });
});

describe('resume at a terminal, as if the game had not stopped', () => {
  test("the board marks what changed since the player's last decision, as it did before the save", () => {
    // Choice 11 moves Blue Regular u21 into Midlands 1-2: at decision 12 it is marked as moved.
    savedAt(['irish-freedom', '--seed', '7'], 11, 'marks.json');
    const r = atTerminal(
      dir,
      ['resume', 'marks.json'],
      [{ until: 'recruit or move', press: ' ' }, { send: '\x03' }, { wait: 'The game is saved in' }],
      [50, 120],
    );
    expect(r.timedOut).toBeNull();
    const shown = stripAnsi(r.output);
    expect(shown).toMatch(/Since your last decision: > moved/);
    expect(shown).toMatch(/>u21:Reg\[b\]/);
  });

  test('hot-seat, no decision made yet: the forced steps of the set-up are not shown again, nor their hand-overs', () => {
    // Seed 0: neither side has a Strategy Phase event, so both pass (forced) before the Royalist's first decision.
    writeFileSync(join(dir, 'none.txt'), '');
    expect(muster(['play', 'english-civil-war', '--vs', 'human', '--seed', '0', '--save', 'ecw0.json', '--moves', 'none.txt']).code).toBe(
      0,
    );
    // (a terminal where the events fit on the decision screen: each line is shown once)
    const r = atTerminal(
      dir,
      ['resume', 'ecw0.json'],
      [
        { wait: 'press a key when you have the keyboard' },
        { send: ' ' },
        { until: 'lay muster events face down', press: ' ' },
        { send: '\x03' },
        { wait: 'The game is saved in' },
      ],
      [50, 120],
    );
    expect(r.timedOut).toBeNull();
    const shown = stripAnsi(r.output);
    // The Royalist decides: the keyboard goes to it at once (Parliament read its pass before the save).
    expect(shown).not.toMatch(/Parliament: press a key|Parliament: nothing to choose/);
    expect(shown.match(/Royalist: press a key when you have the keyboard/g)).toHaveLength(1);
    // Its own pass is read once, with what happened since the game began.
    expect(shown.match(/Royalist: nothing to choose here/g)).toHaveLength(1);
  });
});

describe('--bot at a terminal is watched', () => {
  test("each decision shows the screen and the bot's choice, and waits: Space goes on, q stops with the game saved", () => {
    const r = atTerminal(
      dir,
      ['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '7', '--save', 'w.json'],
      [
        { until: 'heuristic bot \\(Irish\\) chooses \\d+\\.', press: ' ' },
        {
          wait: 'Enter/Space: next decision, l: log, r: run on to the end, q: stop \\(saved\\)',
        },
        { send: ' ' },
        { until: 'heuristic bot \\(Irish\\) chooses \\d+\\.', press: ' ' },
        { wait: 'q: stop' },
        { send: 'q' },
        { wait: 'Saved in w.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    // Two decisions were watched: the first one's choice is in the record, the second stopped at (q), the game not over.
    const rec = JSON.parse(readFileSync(join(dir, 'w.json'), 'utf8'));
    expect(rec.choices).toHaveLength(1);
    expect(rec.result).toBeUndefined();
    // Its moves are the bot's, as in a game played straight through.
    expect(choices('w.json')).toEqual(choices('if.json-bot.json').slice(0, 1));
  });

  test('r runs on to the end: the final position is shown', () => {
    const r = atTerminal(
      dir,
      ['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '7', '--save', 'w2.json'],
      [{ until: 'q: stop \\(saved\\)', press: ' ' }, { send: 'r' }, { until: 'Game over', press: ' ', timeout: 60 }],
    );
    expect(r.timedOut).toBeNull();
    expect(stripAnsi(r.output)).toMatch(/Running on to the end/);
    expect(JSON.parse(readFileSync(join(dir, 'w2.json'), 'utf8')).result.finished).toBe(true);
  });

  test('q in the pages of the final position goes to the last one: the result and the record are shown (they were left unprinted)', () => {
    const r = atTerminal(
      dir,
      ['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '7', '--save', 'w6.json'],
      [
        { until: 'q: stop \\(saved\\)', press: ' ' },
        { send: 'r' },
        { wait: 'q to the end', timeout: 60 },
        { send: 'q' },
        { wait: 'Record saved in w6.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(stripAnsi(r.output)).toMatch(/Game over: /);
  });

  test('Ctrl-C at the final pages says the game is over and how to look at it, not to resume it (resume refuses a finished game)', () => {
    const r = atTerminal(
      dir,
      ['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '7', '--save', 'w7.json'],
      [
        { until: 'q: stop \\(saved\\)', press: ' ' },
        { send: 'r' },
        { wait: 'q to the end', timeout: 60 },
        { send: '\x03' },
        { wait: 'the game is over: look at it with:\\s+\\S*muster replay w7\\.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(stripAnsi(r.output)).not.toMatch(/resume w7\.json/);
  });

  test('r pressed at the last page of events runs on (it only closed the page); Enter there only closes it', () => {
    // At 80x24 the first decision's events take two pages.
    const r = atTerminal(
      dir,
      ['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '7', '--save', 'w4.json'],
      [
        { until: 'the rest is on your decision screen', press: ' ' },
        { send: 'r' },
        { wait: 'Running on to the end', timeout: 10 },
        { until: 'Record saved in w4\\.json', press: ' ', timeout: 60 },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    const e = atTerminal(
      dir,
      ['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '7', '--save', 'w5.json'],
      [
        { until: 'the rest is on your decision screen', press: ' ' },
        { send: '\r' },
        { wait: 'q: stop \\(saved\\)' },
        { send: 'q' },
        { wait: 'Saved in w5.json' },
      ],
    );
    expect(e.timedOut).toBeNull();
    // The Enter that closed the page did not also take the bot's first decision.
    expect(choices('w5.json')).toHaveLength(0);
  });

  test('without a terminal (or with --moves) a bot game is a transcript, as before', () => {
    const piped = muster(['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '7', '--save', 'w3.json']);
    expect(piped.code).toBe(0);
    expect(piped.out).not.toMatch(/q: stop|chooses/);
    expect(piped.out).toMatch(/^> \S.*\(bot:heuristic: /m);
  });
});
