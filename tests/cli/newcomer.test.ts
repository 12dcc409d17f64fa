/**
 * What the newcomers' playtest found in the command line, as they met it: the built bin/muster in
 * child processes (80 columns unless a test needs words unwrapped), records edited by hand, a bot
 * in another process talking through a pipe.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import type { GameRecord } from '../../src/engine/record.js';
import { waitFor } from './run.js';

const BIN = resolve('bin/muster');
const dir = mkdtempSync(join(tmpdir(), 'muster-newcomer-'));
const env80 = { ...process.env, NO_COLOR: '1', COLUMNS: '80' };

function muster(args: string[], input = '', env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...env80, ...env },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const record = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as GameRecord;

/** Lines of `text` wider than `width` columns (in columns: colour codes none, wide characters two). */
function tooWide(text: string, width = 80): string[] {
  return stripAnsi(text)
    .split('\n')
    .filter((l) => stringWidth(l) > width)
    .map((l) => `${stringWidth(l)}: ${l}`);
}

/** Finished bot games, one per module, made once. */
const GAMES = ['irish-freedom', 'english-civil-war', 'irlande-1798', 'small-action'];
beforeAll(() => {
  for (const g of GAMES) {
    const args = ['play', g, '--seed', 'nc-1', '--bot', 'heuristic', '--save', `${g}.json`];
    const r = muster(g === 'irish-freedom' ? args : [...args, '--vs', 'heuristic']);
    expect(r.code).toBe(0);
  }
}, 240_000);

describe('every command at COLUMNS=80: no line wider than 80 columns', () => {
  test('list', () => {
    const r = muster(['list']);
    expect(r.code).toBe(0);
    expect(tooWide(r.out)).toEqual([]);
    // The words are all there, wrapped.
    expect(r.out.replace(/\s+/g, ' ')).toMatch(/--option war=campaign\|independence\|civil \(default campaign\) What to play/);
  });

  test('--help of the program and of every command', () => {
    const bad: string[] = [];
    for (const c of ['', 'list', 'play', 'resume', 'replay', 'rules', 'simulate', 'odds', 'check', 'compare']) {
      const r = muster(c ? [c, '--help'] : ['--help']);
      expect(r.code).toBe(0);
      bad.push(...tooWide(r.out).map((l) => `${c || 'muster'} --help: ${l}`));
    }
    expect(bad).toEqual([]);
  });

  test.each(GAMES)(
    'simulate, check, compare, replay (text, --at 30, --step), rules: %s',
    (g) => {
      const runs: [string, string[], string?][] = [
        ['simulate', ['simulate', g, '--games', '12', '--threads', '1']],
        ['check', ['check', g, '--games', '2']],
        ['compare', ['compare', g, '--games', '4', '--b-bot', 'heuristic']],
        ['replay', ['replay', `${g}.json`]],
        ['replay --at 30', ['replay', `${g}.json`, '--at', '30']],
        ['replay --step', ['replay', `${g}.json`, '--step']],
        ['replay --step g 10, m, t 99, q', ['replay', `${g}.json`, '--step'], 'g 10\nm\nt 99\nq\n'],
        ['rules', ['rules', g]],
        ['play (moves run out)', ['play', g, '--seed', 'nc-2', '--save', `${g}-w.json`, '--overwrite'], '1\n'],
      ];
      const bad: string[] = [];
      for (const [name, args, input] of runs) {
        const r = muster(args, input ?? '');
        expect([name, r.code, r.err]).toEqual([name, 0, '']);
        bad.push(...tooWide(r.out).map((l) => `${name}: ${l}`));
      }
      expect(bad).toEqual([]);
    },
    240_000,
  );
});

describe('replay --step', () => {
  test('reads its commands from a pipe as at a terminal: g 10 then q stops at decision 10', () => {
    const r = muster(['replay', 'irish-freedom.json', '--step'], 'g 10\nq\n');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/- decision 10\/\d+\n/);
    expect(r.out).not.toMatch(/- decision 11\//);
    expect(r.out).not.toMatch(/Verified/);
  });

  test('m shows the board and does not print the decision again; t past the end says so', () => {
    const r = muster(['replay', 'irlande-1798.json', '--step'], 'g 5\nm\nt 12\ng 9999\nq\n');
    expect(r.code).toBe(0);
    const count = (re: RegExp) => (r.out.match(re) ?? []).length;
    expect(count(/- decision 5\//g)).toBe(1);
    expect(r.out).toMatch(/The record ends before turn 12: its last turn is 8\. Still at decision 5/);
    // g past the end says where the replay still stands, as t does.
    expect(r.out).toMatch(/There are decisions 1 to \d+\. Still at decision 5 of \d+\./);
  });

  test('resume of a finished game says it is over and how to look at it, and leaves the file alone', () => {
    // Was: it replayed the game, printed "Game over ... Record saved in ..." and exit 0, rewriting the file.
    const file = join(dir, 'finished.json');
    writeFileSync(file, readFileSync(resolve('tests/cli/records/irish-freedom-two-wars.json')));
    utimesSync(file, new Date(2026, 0, 1), new Date(2026, 0, 1));
    const before = statSync(file).mtimeMs;
    const r = muster(['resume', 'finished.json']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/finished\.json holds a finished game: The Republicans surrendered on turn 4/);
    expect(r.err).toMatch(/nothing to resume\. Look at it with: \S*muster replay finished\.json/);
    expect(statSync(file).mtimeMs).toBe(before);
  });

  test("t N in an Irish Freedom campaign is the turn the game shows, in the first war that has it (t cw N: the Civil War's)", () => {
    // Was: t 3 went to Civil War turn 1 (the third turn played) and t 99 said "its last turn is 6".
    writeFileSync(join(dir, 'two-wars.json'), readFileSync(resolve('tests/cli/records/irish-freedom-two-wars.json')));
    const r = muster(['replay', 'two-wars.json', '--step'], 't 3\nt 2\nt cw 2\nt 99\nq\n');
    expect(r.code).toBe(0);
    const after = (command: string) => r.out.split(`quit: ${command}\n`)[1].split('quit: ')[0];
    expect(after('t 3')).toMatch(/\[Civil War: [^\]]*\] Turn 3:/);
    expect(after('t 2')).toMatch(/^War of Independence turn 2; Civil War turn 2 is t cw 2\./);
    expect(after('t 2')).toMatch(/- decision 6\/35\n.*\[War of Independence: /);
    expect(after('t cw 2')).toMatch(/- decision 19\/35\n.*\[Civil War: /);
    expect(after('t 99').replace(/\s+/g, ' ')).toMatch(
      /no turn 99\. The record's turns: War of Independence turns 1 to 2 \(t woi N\); Civil War turns 1 to 4 \(t cw N\)\./,
    );
  });

  test('--at N with --step starts there', () => {
    const r = muster(['replay', 'irish-freedom.json', '--step', '--at', '20'], 'q\n');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/After 20 decisions of \d+: stepping from here\.[^]*- decision 21\//);
    expect(r.out).not.toMatch(/- decision 20\//);
  });
});

test('replay of a record whose rulesHash was edited: Verified, but stderr warns that the rules data differs', () => {
  const rec = record('irish-freedom.json');
  writeFileSync(join(dir, 'edited-hash.json'), JSON.stringify({ ...rec, rulesHash: `sha256:${'0'.repeat(64)}` }));
  const r = muster(['replay', 'edited-hash.json']);
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/Verified/);
  expect(r.err).toMatch(/warning: the rules data differs from the recorded one \(edited-hash\.json was played with sha256:000000000000/);
});

test.each([
  ['irish-freedom', []],
  ['english-civil-war', []],
  ['irish-freedom', ['--json']],
  ['english-civil-war', ['--json']],
  ['english-civil-war', ['--step', '--all']],
])(
  'replay of a %s record played with other rules data that fails on the way (%j): the rules-hash warning comes first, then the error',
  (game, flags) => {
    const rec = record(`${game}.json`);
    const choices = [...rec.choices];
    choices[10] = 'no such choice';
    writeFileSync(join(dir, 'other-rules.json'), JSON.stringify({ ...rec, rulesHash: `sha256:${'0'.repeat(64)}`, choices }));
    const r = muster(['replay', 'other-rules.json', ...flags]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^muster: warning: the rules data differs from the recorded one \(other-rules\.json was played with sha256:000000000000/,
    );
    expect(r.err).toMatch(/\nmuster: choice 11 "no such choice" is not legal/);
  },
);

test('compare: each difference says over how many pairs of games it is taken, when that is fewer than the games', () => {
  const r = muster(['compare', 'irish-freedom', '--games', '12', '--b-bot', 'heuristic']);
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/\| \d+ pairs +\|/);
  expect(r.out.replace(/\s+/g, ' ')).toMatch(/A difference uses only the seeds where both arms report the figure/);
  const json = JSON.parse(muster(['compare', 'irish-freedom', '--games', '12', '--b-bot', 'heuristic', '--json']).out);
  const some = json.figures.find((f: { difference: { pairs: number } | null }) => f.difference && f.difference.pairs < 12);
  expect(some).toBeDefined();
});

describe('scripted play', () => {
  test('when the moves run out the board is printed once, and the pending decision once', () => {
    const r = muster(['play', 'irish-freedom', '--seed', '7', '--save', 'once.json'], 'recruit-guerrilla kerry\n');
    expect(r.code).toBe(0);
    const after = r.out.slice(r.out.indexOf('> recruit-guerrilla kerry'));
    expect((after.match(/^\|1 DUBLIN/gm) ?? []).length).toBe(1);
    expect((after.match(/Pending decision for Irish/g) ?? []).length).toBe(1);
  });

  test('scripted dice that run out before the first decision: the set-up is saved, exit 0, resumed with more dice', () => {
    const r = muster(['play', 'irish-freedom', '--seed', '7', '--dice', '6', '--save', 'setup.json']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out.replace(/\s+/g, ' ')).toMatch(
      /The scripted dice ran out during the set-up: the 1 roll given was all used, and roll #2 is needed: a D6 \(British move phase: Region\)\. Saved in setup\.json/,
    );
    expect(record('setup.json')).toMatchObject({ dice: 'scripted', rolls: [6], choices: [] });
    // Not enough yet: saved again, exit 0.
    expect(muster(['resume', 'setup.json', '--dice', '3']).code).toBe(0);
    expect(record('setup.json').rolls).toEqual([6, 3]);
    const more = muster(['resume', 'setup.json', '--dice', '4,4,4,4,4,4,4,4,4,4,4,4,4,4']);
    expect(more.code).toBe(0);
    expect(more.out).toMatch(/The moves ran out at decision 1\./);
    // A replay says what the record is, never an internal error.
    const half = muster(['play', 'irish-freedom', '--seed', '7', '--dice', '6', '--save', 'setup2.json']);
    expect(half.code).toBe(0);
    const rep = muster(['replay', 'setup2.json']);
    expect(rep.code).toBe(2);
    expect(rep.err).toMatch(/the record stops during the set-up/);
  });
});

describe('a bot in another process, through a pipe', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  test('is told the pending decision before it writes each move (once per decision)', async () => {
    const child = spawn(process.execPath, [BIN, 'play', 'irish-freedom', '--seed', '7', '--save', 'fifo.json'], { cwd: dir, env: env80 });
    children.push(child);
    let all = '';
    child.stdout!.on('data', (b) => (all += b));
    await waitFor(child, /Pending decision for Irish[^]*Legal options:[^]*recruit-guerrilla kerry/);
    const next = waitFor(child, /> recruit-guerrilla kerry[^]*Pending decision for Irish/);
    child.stdin!.write('recruit-guerrilla kerry\n');
    await next;
    child.stdin!.end();
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(0);
    // Twice in all: once per decision (the end of the moves does not print the second again).
    expect((all.match(/Pending decision for Irish/g) ?? []).length).toBe(2);
    expect(all).toMatch(/The moves ran out at decision 2/);
  }, 60_000);

  test('moves already in a pipe or a file: nothing extra is printed before they are played', () => {
    writeFileSync(join(dir, 'moves.txt'), 'recruit-guerrilla kerry\n');
    for (const r of [
      muster(['play', 'irish-freedom', '--seed', '7', '--save', 'pipe.json'], 'recruit-guerrilla kerry\n'),
      muster(['play', 'irish-freedom', '--seed', '7', '--save', 'file.json', '--moves', 'moves.txt']),
    ]) {
      expect(r.code).toBe(0);
      expect(r.out.indexOf('Pending decision')).toBeGreaterThan(r.out.indexOf('> recruit-guerrilla kerry'));
    }
  });
});

test('odds piped to a reader that stops (`| head`): it ends with exit 0 at its next output, not after every option is sampled', async () => {
  // 400,000 samples an option: minutes of work if the closed pipe were not noticed.
  const child = spawn(
    process.execPath,
    [BIN, 'odds', resolve('tests/golden/irlande-1798/golden-1.json'), '--at', '42', '--all', '--max-outcomes', '1', '--samples', '400000'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.once('data', () => child.stdout!.destroy());
  const code = await new Promise<number | null>((done) => {
    const timer = setTimeout(() => {
      child.kill();
      done(null);
    }, 60_000);
    child.on('exit', (c) => {
      clearTimeout(timer);
      done(c);
    });
  });
  expect(code).toBe(0);
}, 90_000);
