/**
 * The `muster` command as a user runs it: the built bin/muster in a child process
 * (`npm test` builds dist/ first).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { choicesOf, waitFor } from './run.js';

const BIN = resolve('bin/muster');
const dir = mkdtempSync(join(tmpdir(), 'muster-cli-'));

function muster(args: string[], input = '', env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    // Wide enough that messages are not wrapped (tests of widths set COLUMNS themselves).
    env: { ...process.env, NO_COLOR: '', COLUMNS: '400', ...env },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/);

describe('muster list', () => {
  test('lists the games, their sides and options; --json is machine-readable', () => {
    const r = muster(['list']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/irish-freedom/);
    expect(r.out).toMatch(/war=campaign\|independence\|civil/);
    const j = JSON.parse(muster(['list', '--json']).out);
    expect(j.map((g: { id: string }) => g.id)).toContain('irish-freedom');
  });
});

describe('bad usage gets a message and exit 2, never a stack trace', () => {
  test.each([
    [['play', 'no-such-game', '--bot', 'random'], /unknown game "no-such-game"/],
    [['play', 'irish-freedom', '--bot', 'random', '--option', 'war=sometimes'], /war must be one of campaign\|independence\|civil/],
    [['play', 'irish-freedom', '--bot', 'random', '--option', 'colour=red'], /no option "colour"/],
    [
      ['play', 'irish-freedom', '--bot', 'random', '--option', 'war=civil', '--option', 'war=independence'],
      /option war is given twice, as "civil" and as "independence": give it once/,
    ],
    [['play', 'irish-freedom', '--bot', 'nobody'], /no bot "nobody"/],
    [['play', 'irish-freedom', '--dice', '3,x'], /--dice/],
    [['replay', 'missing.json'], /no such file/],
    [['rules', 'irish-freedom', 'nonsense'], /no topic "nonsense"/],
    [['frobnicate'], /unknown command/],
  ])('%j', (args, msg) => {
    const r = muster(args as string[]);
    expect(r.code).toBe(2);
    expect(r.err + r.out).toMatch(msg as RegExp);
    noStack(r.err);
  });
});

describe('an empty --seed is refused by every command that takes one (simulate played seeds "/1", "/2"...)', () => {
  test.each([
    ['play', 'irish-freedom', '--bot', 'random'],
    ['simulate', 'irish-freedom', '--games', '1'],
    ['check', 'irish-freedom', '--games', '1'],
    ['compare', 'irish-freedom', '--games', '1', '--b-bot', 'heuristic'],
  ])('%s', (...args) => {
    for (const seed of ['', ' ']) {
      const r = muster([...args, '--seed', seed]);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/--seed .*A seed cannot be empty: give one or more characters \(e\.g\. --seed 7\)\./);
      noStack(r.err);
    }
  });
});

test('rules --help says what --rules does for the rules command (it said "play with a modified copy")', () => {
  const help = muster(['rules', '--help']).out.replace(/\s+/g, ' ');
  expect(help).toContain('--rules <file> show the tables of a modified copy of the rules data (checked as play checks it)');
  expect(muster(['replay', '--help']).out.replace(/\s+/g, ' ')).toContain('--rules <file> replay with a modified copy of the rules data');
});

describe('messages', () => {
  test('one error prefix, a "did you mean" for a game name, --dice 3,,4 refused, a comma list speaks of no line', () => {
    for (const args of [['frobnicate'], ['play'], ['play', 'irish-freedom', '--bogus'], ['play', 'irish-fredom']]) {
      const r = muster(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^muster: /);
      expect(r.err).not.toMatch(/^error:/m);
    }
    expect(muster(['play', 'irish-fredom']).err).toMatch(/unknown game "irish-fredom" \(did you mean irish-freedom\?\)/);
    expect(muster(['play', 'english-civl-war']).err).toMatch(/did you mean english-civil-war\?/);
    // Given dice: the seed cannot play the game again, so it is not offered for that (a newcomer's report)
    const given = muster(['play', 'irish-freedom', '--dice', '1,2,3', '--save', 'given.json'], '');
    expect(given.out).toMatch(/Irish Freedom .* saving to given\.json/);
    expect(given.out).not.toMatch(/play this game again/);
    expect(muster(['play', 'irish-freedom', '--save', 'seeded.json'], '').out).toMatch(/play this game again with --seed/);
    const empty = muster(['play', 'irish-freedom', '--bot', 'random', '--dice', '3,,4']);
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/empty entry between commas in "3,,4"/);
    const junk = muster(['play', 'irish-freedom', '--bot', 'random', '--dice', '3,x']);
    expect(junk.err).toMatch(/"x" is not a die result/);
    expect(junk.err).not.toMatch(/line 1/);
  });

  test('a default save name is a valid file name for any seed; so is the one simulate names', () => {
    const r = muster(['play', 'irish-freedom', '--seed', 'muster/3', '--bot', 'random']);
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'irish-freedom-muster-3.muster.json'))).toBe(true);
    const odd = muster(['play', 'irish-freedom', '--seed', '../a b*?', '--bot', 'random']);
    expect(odd.code).toBe(0);
    expect(odd.out).toMatch(/saving to (irish-freedom-a-b-\.muster\.json)/);
    const sim = muster(['simulate', 'irish-freedom', '--games', '3', '--seed', 'x/y']);
    const m = /watch it with \(it saves\s+(\S+)\):\n {2}\S+ play (irish-freedom --seed (\S+) --bot random)\n/.exec(sim.out)!;
    expect(m).not.toBeNull();
    const again = muster(['play', 'irish-freedom', '--seed', m[3], '--bot', 'random']);
    expect(again.code).toBe(0);
    expect(existsSync(join(dir, m[1]))).toBe(true);
  });

  test('the command is named as the user can run it: ./bin/muster from a checkout, muster from the PATH', () => {
    const root = resolve('.');
    const inCheckout = spawnSync(
      process.execPath,
      ['bin/muster', 'play', 'irish-freedom', '--seed', 'name-1', '--save', join(dir, 'name.json')],
      { cwd: root, input: '', encoding: 'utf8', env: { ...process.env, COLUMNS: '400' } },
    );
    expect(inCheckout.stdout).toMatch(/continue with: \.\/bin\/muster resume /);
    const binDir = mkdtempSync(join(tmpdir(), 'muster-path-'));
    symlinkSync(BIN, join(binDir, 'muster'));
    const onPath = spawnSync(
      process.execPath,
      [join(binDir, 'muster'), 'play', 'irish-freedom', '--seed', 'name-2', '--save', 'name2.json'],
      {
        cwd: dir,
        input: '',
        encoding: 'utf8',
        env: { ...process.env, PATH: `${binDir}:${process.env.PATH}` },
      },
    );
    expect(onPath.stdout).toMatch(/continue with: muster resume name2.json/);
  });
});

test('steps skipped by the rules say so, and a resumed game shows the heading of the phase in progress', () => {
  const r = muster(['play', 'irish-freedom', '--seed', 'skip-1', '--save', 'skip.json'], '');
  expect(r.out).toMatch(/Turn 1 - War of Independence: Random event phase\nNo Random event on turn 1/);
  expect(r.out).toMatch(/Turn 1 - War of Independence: Treaty check phase\nNo Treaty check on turn 1/);
  const again = muster(['resume', 'skip.json'], '');
  // The log from the heading of the phase the pending decision belongs to.
  const phase = /Pending decision for Irish - \[War of Independence: ([^\]]+?)( \(combat\))?\]/.exec(again.out)![1];
  expect(again.out).toMatch(new RegExp(`resumed from skip.json[^\\n]*\\nTurn 1 - War of Independence: ${phase.replace('/', '\\/')}\\n`));
});

describe('a bot game: saved, replayed and verified', () => {
  test('same seed and bot give a byte-identical transcript; the record replays and verifies', () => {
    const a = muster(['play', 'irish-freedom', '--seed', 'cli-1', '--bot', 'heuristic', '--save', 'a.json']);
    const b = muster(['play', 'irish-freedom', '--seed', 'cli-1', '--bot', 'heuristic', '--save', 'b.json']);
    expect(a.code).toBe(0);
    expect(a.out.replaceAll('a.json', 'X')).toBe(b.out.replaceAll('b.json', 'X'));
    expect(a.out).toMatch(/Game over: /);
    const rec = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'));
    expect(rec.result.finished).toBe(true);
    const v = muster(['replay', 'a.json']);
    expect(v.code).toBe(0);
    expect(v.out).toMatch(/Verified/);
    const j = JSON.parse(muster(['replay', 'a.json', '--json']).out);
    expect(j).toMatchObject({ game: 'irish-freedom', seed: 'cli-1', choices: rec.choices.length, verified: true });
    expect(j.result).toEqual(rec.result);
  });

  test('a tampered record fails verification with exit 1', () => {
    muster(['play', 'irish-freedom', '--seed', 'cli-2', '--bot', 'random', '--save', 't.json']);
    const rec = JSON.parse(readFileSync(join(dir, 't.json'), 'utf8'));
    rec.stateHash = `sha256:${'0'.repeat(64)}`;
    writeFileSync(join(dir, 't.json'), JSON.stringify(rec));
    const v = muster(['replay', 't.json']);
    expect(v.code).toBe(1);
    expect(v.out).toMatch(/MISMATCH/);
    expect(v.err).toMatch(/final state hash: recorded sha256:000000000000\.\.\., replayed sha256:/);
    // A hash that is not one at all is a corrupt record: bad input.
    rec.stateHash = 'sha256:0000';
    writeFileSync(join(dir, 't.json'), JSON.stringify(rec));
    const c = muster(['replay', 't.json']);
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/"stateHash" must be "sha256:" and 64 hexadecimal digits, not "sha256:0000"/);
  });
});

describe('scripted moves', () => {
  test('when the moves run out, the pending decision is printed with its options, the record saved, exit 0', () => {
    const r = muster(['play', 'irish-freedom', '--seed', 'cli-3', '--save', 's.json'], '');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Pending decision for Irish/);
    expect(r.out).toMatch(/Legal options:\n\s+1\. /);
    expect(existsSync(join(dir, 's.json'))).toBe(true);
  });

  test('an illegal scripted move names its line and the legal options, exit 2', () => {
    const r = muster(['play', 'irish-freedom', '--seed', 'cli-4', '--save', 'i.json'], '# my moves\n\nfly to the moon\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/stdin line 3: "fly to the moon" is not a legal choice/);
    expect(r.err).toMatch(/Legal options:/);
    noStack(r.err);
  });

  test('a script can be resumed where it stopped, and option numbers work as lines', () => {
    muster(['play', 'irish-freedom', '--seed', 'cli-5', '--save', 'r.json'], '1\n');
    const before = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(before.choices).toHaveLength(1);
    const r = muster(['resume', 'r.json'], '1\n1\n');
    expect(r.code).toBe(0);
    const after = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(after.choices.slice(0, 1)).toEqual(before.choices);
    expect(after.choices).toHaveLength(3);
  });
});

describe('saves are never lost', () => {
  test('a corrupt save is refused with exit 2 and left untouched', () => {
    writeFileSync(join(dir, 'corrupt.json'), '{"format": "muster-record/1", "game": ');
    const r = muster(['resume', 'corrupt.json'], '1\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not valid JSON/);
    expect(readFileSync(join(dir, 'corrupt.json'), 'utf8')).toBe('{"format": "muster-record/1", "game": ');
  });

  test('--save onto a file that is not a record is refused, the file kept', () => {
    writeFileSync(join(dir, 'notes.txt'), 'my notes');
    const r = muster(['play', 'irish-freedom', '--seed', 'cli-6', '--bot', 'random', '--save', 'notes.txt']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/notes.txt already exists/);
    const forced = muster(['play', 'irish-freedom', '--seed', 'cli-6', '--bot', 'random', '--save', 'notes.txt', '--overwrite']);
    expect(forced.code).toBe(2);
    expect(forced.err).toMatch(/not a Muster record; not overwriting/);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('my notes');
  });

  test('moves from stdin: a save replaced by a non-record meanwhile stops the game, written beside it first, and says where (it was lost)', async () => {
    const child = spawn(process.execPath, [BIN, 'play', 'irish-freedom', '--seed', '7', '--save', 'swapped.json'], { cwd: dir });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
    const closed = new Promise<number | null>((ok) => child.on('close', (code) => ok(code)));
    await waitFor(child, /Legal options:/);
    writeFileSync(join(dir, 'swapped.json'), 'garbage\n');
    child.stdin.end('3\n1\n');
    expect(await closed).toBe(2);
    expect(err).toMatch(
      /the game could not be saved: swapped\.json exists and is not a Muster record; not overwriting it\. It is saved in swapped-2\.muster\.json instead; continue with: \S*muster resume swapped-2\.muster\.json/,
    );
    expect(err).not.toMatch(/--save/);
    expect(readFileSync(join(dir, 'swapped.json'), 'utf8')).toBe('garbage\n');
    expect(JSON.parse(readFileSync(join(dir, 'swapped-2.muster.json'), 'utf8')).choices).toEqual(['upgrade u12']);
  });

  test('a new game never silently replaces a saved one; --overwrite does', () => {
    muster(['play', 'irish-freedom', '--seed', 'keep-1', '--save', 'keep.json'], '1\n1\n');
    const before = readFileSync(join(dir, 'keep.json'), 'utf8');
    const again = muster(['play', 'irish-freedom', '--seed', 'keep-2', '--save', 'keep.json'], '1\n');
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/keep.json already holds a saved game. Continue it with: \S*muster resume keep.json/);
    expect(readFileSync(join(dir, 'keep.json'), 'utf8')).toBe(before);
    expect(muster(['play', 'irish-freedom', '--seed', 'keep-2', '--save', 'keep.json', '--overwrite'], '1\n').code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'keep.json'), 'utf8')).seed).toBe('keep-2');
  });

  test('a --save onto a finished game says it is finished and how to look at it, not to resume it (a newcomer was told to)', () => {
    expect(muster(['play', 'irish-freedom', '--seed', 'done-1', '--bot', 'random', '--save', 'done.json']).code).toBe(0);
    const again = muster(['play', 'irish-freedom', '--seed', 'done-2', '--bot', 'random', '--save', 'done.json']);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(
      /done.json already holds a finished game \(look at it with: \S*muster replay done.json\); give another --save FILE/,
    );
    expect(again.err).not.toMatch(/muster resume|\bresume it\b/);
  });

  test('a game whose scripted dice ran out goes on with resume --dice', () => {
    const r = muster(['play', 'irish-freedom', '--seed', 'd', '--dice', '3,3,3,3,3', '--save', 'dice.json'], 'recruit-guerrilla dublin\n');
    // As when the moves run out: exit 0, the decision in progress is shown and asked again on resume.
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Pending decision for Irish[^]*recruit-guerrilla dublin/);
    expect(r.out).toMatch(
      /The scripted dice ran out at decision 1 \("recruit-guerrilla dublin"\): the 5 rolls given were all used, and roll #6 is needed: a D\d/,
    );
    expect(r.out).toMatch(/Saved in dice.json \(0 decisions, 5 rolls\); decision 1 is asked again[^]*resume dice.json --dice/);
    const rec = JSON.parse(readFileSync(join(dir, 'dice.json'), 'utf8'));
    const more = muster(['resume', 'dice.json', '--dice', Array(400).fill(3).join(',')], 'recruit-guerrilla dublin\n');
    expect(more.code).toBe(0);
    const after = JSON.parse(readFileSync(join(dir, 'dice.json'), 'utf8'));
    expect(after.choices.length).toBeGreaterThan(rec.choices.length);
    expect(after.rolls.slice(0, rec.rolls.length)).toEqual(rec.rolls);
    expect(muster(['resume', 'a.json', '--dice', '3']).err).toMatch(/seeded dice/);
    // Rolls given but not used yet stay in the record, so more rolls follow them.
    const short = muster(
      ['play', 'irish-freedom', '--seed', 'd', '--dice', '3,3,3,3,3,3', '--save', 'dice2.json'],
      'recruit-guerrilla dublin\n',
    );
    expect(short.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'dice2.json'), 'utf8')).rolls).toEqual([3, 3, 3, 3, 3, 3]);
  });
});

describe('hidden information in two-player games', () => {
  test("a bot's secret picks are not echoed to a person playing against it", () => {
    // The Royalist's moves: a random bot's against the same opponent (bots draw by seed, side and decision).
    muster([
      'play',
      'english-civil-war',
      '--seed',
      'h1',
      '--bot',
      'random',
      '--vs',
      'heuristic',
      '--side',
      'royalist',
      '--save',
      'h1-moves.json',
    ]);
    const moves = choicesOf(dir, 'h1-moves.json', 'Royalist');
    const r = muster(
      ['play', 'english-civil-war', '--seed', 'h1', '--side', 'royalist', '--vs', 'heuristic', '--save', 'h1.json'],
      moves.slice(0, 20).join('\n'),
    );
    expect(r.out).not.toMatch(/bot:heuristic/);
    expect(r.out).toMatch(/Pending decision for Royalist/);
    const rec = JSON.parse(readFileSync(join(dir, 'h1.json'), 'utf8'));
    expect(rec.players).toEqual({ Parliament: 'bot:heuristic', Royalist: 'human' });
  });

  test('resume keeps the recorded players: the bot goes on playing its side', () => {
    const r = muster(['resume', 'h1.json'], `${choicesOf(dir, 'h1-moves.json', 'Royalist').slice(20, 22).join('\n')}\n`);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'h1.json'), 'utf8')).players).toEqual({ Parliament: 'bot:heuristic', Royalist: 'human' });
    expect(r.out).toMatch(/Pending decision for Royalist/);
  });

  test("replaying an unfinished game shows a side's view only when asked; everything only with --all", () => {
    const refused = muster(['replay', 'h1.json', '--json']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/unfinished game .*--side SIDE.*--all/s);
    const mine = JSON.parse(muster(['replay', 'h1.json', '--json', '--side', 'Royalist']).out);
    expect(mine.side).toBe('Royalist');
    expect(mine.state).toBeUndefined();
    expect(JSON.parse(muster(['replay', 'h1.json', '--json', '--all']).out).state).toBeDefined();
  });
});

describe('usage checks', () => {
  test('a save file that cannot be written is refused before the first decision', () => {
    const r = muster(['play', 'irish-freedom', '--seed', 'w', '--save', 'no/such/dir/x.json'], '1\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot write no\/such\/dir\/x.json/);
    expect(r.out).not.toMatch(/^> /m);
  });
  test('--vs and --side are refused for a game played alone', () => {
    const r = muster(['play', 'irish-freedom', '--vs', 'human'], '');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/played alone/);
  });
  test('--side or --vs given twice with different values is refused (the last one won without a word); the same value twice is taken', () => {
    const twice = muster(['play', 'english-civil-war', '--seed', 'tw', '--side', 'royalist', '--side', 'parliament', '--vs', 'bot']);
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/--side <side>.*It was given twice \(royalist, then parliament\): give it once/);
    const vs = muster(['play', 'english-civil-war', '--seed', 'tw', '--vs', 'bot', '--vs', 'human']);
    expect(vs.code).toBe(2);
    expect(vs.err).toMatch(/It was given twice \(bot, then human\)/);
    expect(
      muster(
        ['play', 'english-civil-war', '--seed', 'tw', '--side', 'royalist', '--side', 'royalist', '--vs', 'bot', '--save', 'tw.json'],
        '',
      ).code,
    ).toBe(0);
  });

  test('contradictory --bot, --vs and --side are refused, not dropped (--bot heuristic --vs human watched two bots); consistent ones play', () => {
    const bothBot = muster(['play', 'english-civil-war', '--seed', 'cx', '--bot', 'heuristic', '--vs', 'human', '--save', 'cx.json']);
    expect(bothBot.code).toBe(2);
    expect(bothBot.err).toMatch(
      /--bot heuristic \(a bot plays your side\) contradicts --vs human .*--bot heuristic --vs heuristic.*--side Royalist --vs heuristic/,
    );
    noStack(bothBot.err);
    const side = muster(['play', 'english-civil-war', '--seed', 'cx', '--vs', 'human', '--side', 'royalist', '--save', 'cx.json']);
    expect(side.code).toBe(2);
    expect(side.err).toMatch(/--side Royalist does nothing with --vs human/);
    expect(existsSync(join(dir, 'cx.json'))).toBe(false);
    // --bot X --side S --vs Y is consistent: X plays S, Y the other side.
    const ok = muster([
      'play',
      'english-civil-war',
      '--seed',
      'cx',
      '--bot',
      'random',
      '--side',
      'royalist',
      '--vs',
      'heuristic',
      '--option',
      'turn-limit=25',
      '--save',
      'cx.json',
    ]);
    expect(ok.code).toBe(0);
    const rec = JSON.parse(readFileSync(join(dir, 'cx.json'), 'utf8'));
    expect(rec.players).toEqual({ Parliament: 'bot:heuristic', Royalist: 'bot:random' });
    // resume reads the flags as play does
    rec.choices = rec.choices.slice(0, 5);
    delete rec.result;
    delete rec.stateHash;
    const text = JSON.stringify(rec);
    writeFileSync(join(dir, 'cx.json'), text);
    const resumed = muster(['resume', 'cx.json', '--bot', 'random', '--vs', 'human']);
    expect(resumed.code).toBe(2);
    expect(resumed.err).toMatch(/contradicts --vs human/);
    expect(readFileSync(join(dir, 'cx.json'), 'utf8')).toBe(text);
  });
});

describe('simulate and rules', () => {
  test('simulate reports victory levels and is deterministic', () => {
    const a = muster(['simulate', 'irish-freedom', '--games', '30', '--seed', 'x', '--json']);
    expect(a.code).toBe(0);
    const j = JSON.parse(a.out);
    expect(j.games).toBe(30);
    expect(j.levels.reduce((n: number, l: { count: number }) => n + l.count, 0)).toBe(30);
    expect(muster(['simulate', 'irish-freedom', '--games', '30', '--seed', 'x', '--json']).out).toBe(a.out);
  });

  test('rules lists its topics and prints the combat table', () => {
    expect(muster(['rules', 'irish-freedom']).out).toMatch(/combat/);
    const r = muster(['rules', 'irish-freedom', 'combat']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/6/);
  });
});
