/**
 * `muster simulate` as a designer runs it (issues 12 and 13), through the built bin/muster: the same
 * report on one thread and on several, a bot per side, sample records that replay, the figures
 * defined in --help, and a progress bar only at a terminal.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import stripAnsi from 'strip-ansi';

const BIN = resolve('bin/muster');
const DRIVE = resolve('tests/cli/pty-drive.py');
const dir = mkdtempSync(join(tmpdir(), 'muster-simulate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function muster(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', COLUMNS: '80' },
    timeout: 180_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('on every core, the same report', () => {
  test.each([
    ['english-civil-war', ['--games', '60', '-o', 'turn-limit=25', '--bot', 'Royalist=heuristic']],
    ['small-action', ['--games', '12', '--bot', 'heuristic']],
    ['irish-freedom', ['--games', '450', '--seed', 'threads']],
  ])('%s: --threads 1 and --threads 2 print the same JSON', (game, args) => {
    const one = muster(['simulate', game, ...args, '--threads', '1', '--json']);
    const two = muster(['simulate', game, ...args, '--threads', '2', '--json']);
    expect(one.err).toBe('');
    expect(two.err).toBe('');
    expect(one.code).toBe(0);
    expect(two.out).toBe(one.out);
    const j = JSON.parse(one.out);
    expect(j.games).toBe(Number(args[1]));
    expect(j.duration.decisions.histogram.reduce((a: number, b: { count: number }) => a + b.count, 0)).toBe(j.games);
  });

  test('a broken invariant found on a worker names the first game in seed order, as one thread does', () => {
    const rules = JSON.parse(readFileSync(resolve('rules/irish-freedom.json'), 'utf8'));
    rules.britishMorale.perRegion = 3; // morale then leaves its track (the planted fault of `check`)
    writeFileSync(join(dir, 'planted.json'), JSON.stringify(rules));
    const one = muster(['simulate', 'irish-freedom', '--games', '300', '--rules', 'planted.json', '--threads', '1']);
    const two = muster(['simulate', 'irish-freedom', '--games', '300', '--rules', 'planted.json', '--threads', '2']);
    expect(one.code).toBe(1);
    expect(one.err).toMatch(/an invariant of irish-freedom broke in game 1 \(seed muster\/1\) after decision \d+: British morale/);
    expect(two.code).toBe(1);
    expect(two.err).toBe(one.err);
  });
});

describe('rules data with a huge count', () => {
  test('actions.independence 1000000000 is refused at once (exit 2), naming the field and its bound, not played for minutes', () => {
    const rules = JSON.parse(readFileSync(resolve('rules/irish-freedom.json'), 'utf8'));
    rules.actions.independence = 1_000_000_000;
    writeFileSync(join(dir, 'huge-actions.json'), JSON.stringify(rules));
    const started = Date.now();
    const r = muster(['simulate', 'irish-freedom', '--games', '1', '--threads', '1', '--rules', 'huge-actions.json']);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/huge-actions\.json does not match its schema/);
    expect(r.err).toMatch(/\/actions\/independence must be <= 30/);
    expect(r.err).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});

describe("the designer's report", () => {
  test('every figure with its interval and definition; a bot per side; --save-games keeps records that replay', () => {
    const r = muster([
      'simulate',
      'english-civil-war',
      '--games',
      '40',
      '-o',
      'turn-limit=25',
      '--bot',
      'Royalist=heuristic',
      '--bot',
      'Parliament=random',
      '--save-games',
      'samples',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.bots).toEqual({ Parliament: 'random', Royalist: 'heuristic' });
    for (const f of ['balance', 'firstMover', 'completion', 'draws', 'duration', 'decisiveness'])
      expect(j.definitions[f]).toEqual(expect.any(String));
    const wins = j.balance.reduce((a: number, b: { count: number }) => a + b.count, 0);
    expect(wins + j.draws.count).toBe(j.completion.count);
    expect(j.balance[0].interval.low).toBeLessThanOrEqual(j.balance[0].share);
    expect(j.firstMover).toBeNull(); // the sides declare at once
    expect(j.decisiveness.games).toBe(wins);
    expect(j.decisiveness.median).toBeGreaterThanOrEqual(0);
    expect(j.decisiveness.median).toBeLessThanOrEqual(1);
    expect(j.duration.turns.min).toBeLessThanOrEqual(j.duration.turns.median);
    // Samples: the shortest, the longest and the first game of each victory level, each replaying to its result.
    const why = j.savedGames.flatMap((s: { why: string[] }) => s.why);
    expect(why).toEqual(expect.arrayContaining(['shortest', 'longest', ...j.levels.map((l: { value: string }) => l.value)]));
    expect(j.savedGames.find((s: { why: string[] }) => s.why.includes('longest')).decisions).toBe(j.longestGame.steps);
    for (const s of j.savedGames) {
      const rep = muster(['replay', s.file]);
      expect(rep.out).toMatch(/Verified: the replay reproduces the recorded result/);
      expect(JSON.parse(readFileSync(join(dir, s.file), 'utf8')).players).toEqual({ Parliament: 'bot:random', Royalist: 'bot:heuristic' });
    }
  });

  test('the text report fits 80 columns: balance, first mover, completion, draws, histograms, decisiveness', () => {
    const r = muster(['simulate', 'small-action', '--games', '10', '--bot', 'heuristic']);
    expect(r.code).toBe(0);
    // Every line, the command that plays the longest game again too (broken with shell continuations, to be copied whole).
    for (const line of r.out.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(r.out.replace(/ \\\n +/g, ' ')).toMatch(
      /watch it with \(it saves\s+small-action-muster-\d+\.muster\.json\):\n {2}\S+ play small-action --seed muster\/\d+ --bot heuristic --vs heuristic\n/,
    );
    expect(r.out).toMatch(/Balance \(share of games won, 95% interval\):\n {2}Blue: [\d.]+% \([\d.]+% to [\d.]+%\), \d+ of 10\n {2}Red: /);
    expect(r.out).toMatch(
      /First mover: won [\d.]+% \([^)]*\) of the games\.\s+First:\s+the\s+side\s+that\s+fires\s+and\s+moves\s+first\s+in\s+turn\s+1/,
    );
    expect(r.out).toMatch(/Completion: 100\.0% \([\d.]+% to 100\.0%\) of the games ended by the rules; 0 stopped/);
    expect(r.out).toMatch(/Duration in decisions: min \d+, median [\d.]+, mean [\d.]+, max \d+\n {4}\d+(-\d+)? \| #+/);
    expect(r.out).toMatch(/Decisiveness: the winner took the lead for good after [\d.]+% of the game's\s+decisions/);
  });

  test('--help defines each figure and says what "first" means in each game', () => {
    const r = muster(['simulate', '--help']);
    expect(r.out).toMatch(/balance:\n +each side's share of the games it won/);
    expect(r.out).toMatch(/decisiveness:\n +how early the winner was clear/);
    expect(r.out).toMatch(/small-action: the side that fires and moves first in turn 1/);
    expect(r.out).toMatch(/irish-freedom: none \(played alone\)/);
    expect(r.out).toMatch(/--threads <n>/);
    for (const line of r.out.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  test('bad flags: exit 2 with a message', () => {
    expect(muster(['simulate', 'irish-freedom', '--threads', '0']).err).toMatch(/--threads wants a whole number from 1 to 256/);
    // The upper limits are told (a newcomer had to find them by trying)
    expect(muster(['simulate', 'irish-freedom', '--threads', '257']).err).toMatch(/from 1 to 256, not "257"/);
    expect(muster(['simulate', 'irish-freedom', '--games', '100000000']).err).toMatch(/from 1 to 10,000,000, not "100000000"/);
    expect(muster(['simulate', 'english-civil-war', '--bot', 'Scots=random']).err).toMatch(/no side "Scots"/);
    expect(muster(['simulate', 'english-civil-war', '--bot', 'Royalist=genius']).err).toMatch(/no bot "genius"/);
    // A side given two bots: the last one won without a word (a newcomer's find)
    const twice = muster(['simulate', 'english-civil-war', '--bot', 'Royalist=heuristic', '--bot', 'royalist=random']);
    expect(twice.code).toBe(2);
    expect(twice.err).toBe('muster: --bot gives Royalist two bots (heuristic, then random): name each side once\n');
  });

  test('--save-games to a folder that cannot be made: at once, in words, exit 2 (a newcomer waited for ever under /proc)', () => {
    writeFileSync(join(dir, 'a-file'), 'x');
    const cases: [string, RegExp][] = [
      [join(dir, 'a-file'), /cannot make the folder ".*a-file": it is a file, not a folder$/],
      [join(dir, 'a-file', 'sub'), /".*a-file" is a file, not a folder$/],
    ];
    // Node's recursive mkdir loops for ever there (Linux only).
    if (process.platform === 'linux') cases.push(['/proc/muster-test', /folders cannot be made in "\/proc"$/]);
    for (const [folder, message] of cases) {
      const r = muster(['simulate', 'irish-freedom', '--games', '20', '--threads', '1', '--save-games', folder]);
      expect(r.code).toBe(2);
      expect(r.err.trim()).toMatch(message);
    }
  });
});

describe('the progress bar', () => {
  test('on stderr at a terminal, within 80 columns, and gone when the report is printed; never when stderr is not a terminal', () => {
    const r = spawnSync(
      'python3',
      [
        DRIVE,
        '24',
        '80',
        '--stdout-file',
        join(dir, 'report.json'),
        '--',
        process.execPath,
        BIN,
        'simulate',
        'english-civil-war',
        '--games',
        '3000',
        '-o',
        'turn-limit=25',
        '--no-check',
        '--threads',
        '1',
        '--json',
      ],
      {
        cwd: dir,
        input: JSON.stringify([{ wait: 'simulate \\[', timeout: 60 }]),
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const t = JSON.parse(r.stdout) as { code: number; output: string; timedOut: string | null };
    expect(t.timedOut).toBeNull();
    expect(t.code).toBe(0);
    // cli-progress redraws its line after "cursor to column 1"; other escapes (cursor, wrap) stripped.
    const shown = stripAnsi(t.output.replaceAll('\u001b[1G', '\n')).split(/\r|\n/);
    expect(shown.some((l) => /^simulate \[[#-]+\] \d+% \d+\/3000 games \d+\/s ETA/.test(l))).toBe(true);
    for (const l of shown) expect(l.length).toBeLessThanOrEqual(80);
    // eslint-disable-next-line no-control-regex
    expect(t.output).toMatch(/\x1b\[2K$/); // the bar's line is cleared at the end
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).games).toBe(3000);
    // stderr a pipe: nothing but the report.
    expect(muster(['simulate', 'english-civil-war', '--games', '300', '-o', 'turn-limit=25', '--threads', '1']).err).toBe('');
  });
});
