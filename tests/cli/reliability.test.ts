/**
 * Issue 7 ("Reliability"), as a user meets it: the built bin/muster in child processes, fed through
 * real pipes by writers that sleep, with odd input, edited records and two processes on one save.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { GameRecord } from '../../src/engine/record.js';
import type { Outcome } from '../../src/engine/module.js';
import { waitFor } from './run.js';

const BIN = resolve('bin/muster');
const RULES = resolve('rules');
const dir = mkdtempSync(join(tmpdir(), 'muster-rel-'));
// Wide enough that messages are not wrapped: these tests read their words, not their layout.
const env = { ...process.env, NO_COLOR: '', COLUMNS: '400' };
const MUSTER = `"${process.execPath}" "${BIN}"`;

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs a shell command line in the test folder (a real pipe between its processes). */
function sh(cmd: string, timeout = 60_000): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn('sh', ['-c', cmd], { cwd: dir, env });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (err += b));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`timed out: ${cmd}\n${out}\n${err}`));
    }, timeout);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out, err });
    });
  });
}

function muster(args: string[], input = ''): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, input, encoding: 'utf8', env, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Games started by the tests (killed at the end if a failed test left one running). */
const children: ChildProcess[] = [];
const record = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const temps = () => readdirSync(dir).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'));
const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)|internal error/);

/** Resolves when `cond()` holds, polling (a save is written just after the move is echoed). */
async function until(cond: () => boolean, what: string, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const choicesIn = (file: string) => (existsSync(join(dir, file)) ? record(file).choices.length : 0);

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done(child.exitCode);
    else child.on('exit', (code) => done(code));
  });
}

describe('case 1: moves piped from a slow writer are waited for, line by line', () => {
  test('plain piped stdin: (sleep 0.5; printf pass) | muster play irish-freedom --seed 7', async () => {
    const r = await sh(
      `(sleep 0.5; printf 'recruit-guerrilla kerry\\n'; sleep 0.5; printf 'pass\\n') | ${MUSTER} play irish-freedom --seed 7 --save slow1.json`,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^> recruit-guerrilla kerry$/m);
    expect(r.out).toMatch(/^> pass$/m);
    expect(record('slow1.json').choices).toEqual(['recruit-guerrilla kerry', 'pass']);
  });

  test('--moves - and resume, from a slow writer', async () => {
    const a = await sh(
      `(sleep 0.5; printf '# first move\\nrecruit-guerrilla kerry\\n') | ${MUSTER} play irish-freedom --seed 7 --moves - --save slow2.json`,
    );
    expect(a.err).toBe('');
    expect(a.code).toBe(0);
    const b = await sh(`(sleep 0.5; printf 'pass\\n') | ${MUSTER} resume slow2.json`);
    expect(b.err).toBe('');
    expect(b.code).toBe(0);
    expect(record('slow2.json').choices).toEqual(['recruit-guerrilla kerry', 'pass']);
  });

  test('the card game, from a slow writer', async () => {
    const r = await sh(
      `(sleep 0.5; printf '1\\n'; sleep 0.5; printf '1\\n') | ${MUSTER} play english-civil-war --seed e1 --side parliament --vs random --save slow3.json`,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(record('slow3.json').choices.length).toBeGreaterThanOrEqual(2);
  });

  test('a bot in another process: each move is answered before the next is written', async () => {
    const child = spawn(process.execPath, [BIN, 'play', 'irish-freedom', '--seed', '7', '--save', 'talk.json'], { cwd: dir, env });
    children.push(child);
    let err = '';
    child.stderr.on('data', (b) => (err += b));
    const first = waitFor(child, /^> recruit-guerrilla kerry$/m);
    child.stdin.write('recruit-guerrilla kerry\n');
    await first;
    // The game has taken the first move while the pipe is still open: a script reading all of stdin first would still wait.
    await until(() => choicesIn('talk.json') === 1, 'the first move saved');
    expect(record('talk.json').choices).toEqual(['recruit-guerrilla kerry']);
    const second = waitFor(child, /^> pass$/m);
    child.stdin.write('pass\n');
    await second;
    child.stdin.end();
    expect(await exited(child)).toBe(0);
    expect(err).toBe('');
    expect(record('talk.json').choices).toEqual(['recruit-guerrilla kerry', 'pass']);
  });

  test('a game that ends while the writer keeps the pipe open exits at once', async () => {
    const bot = muster(['play', 'irish-freedom', '--seed', 'open-1', '--bot', 'random', '--save', 'open-src.json']);
    expect(bot.code).toBe(0);
    const moves = record('open-src.json').choices.join('\n') + '\n';
    const child = spawn(process.execPath, [BIN, 'play', 'irish-freedom', '--seed', 'open-1', '--save', 'open.json'], { cwd: dir, env });
    children.push(child);
    child.stdout.resume(); // read what it prints, as a harness does (a full pipe would stop it)
    child.stdin.write(moves); // and the pipe is left open
    const started = Date.now();
    expect(await exited(child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    child.stdin.destroy();
    expect(record('open.json').result).toEqual(record('open-src.json').result);
  });
});

describe('case 2: odd input gets a clear message, never an internal error or a 1 MiB echo', () => {
  test('a directory on stdin: exit 2, saying so', async () => {
    const r = await sh(`${MUSTER} play irish-freedom --seed 7 --save dir.json < .`);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot read standard input: it is a directory/);
    noStack(r.err);
    const m = muster(['play', 'irish-freedom', '--seed', '7', '--save', 'dir2.json', '--moves', '.']);
    expect(m.code).toBe(2);
    expect(m.err).toMatch(/cannot read moves file \.: it is a directory/);
  });

  test('a 1 MiB script line is cut in the message, with its length', async () => {
    writeFileSync(join(dir, 'long.txt'), 'y'.repeat(1024 * 1024) + '\n');
    const r = await sh(`cat long.txt | ${MUSTER} play irish-freedom --seed 7 --save long.json`);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/stdin line 1: "y{60}\.\.\." \(1,048,576 characters\) is not a legal choice here/);
    expect(r.err.length).toBeLessThan(5_000);
    expect(r.out).toMatch(/^> y{120}\.\.\. \(1,048,576 characters\)$/m);
    expect(r.out.length).toBeLessThan(50_000);
  });

  test('a 50 MiB choice id in a record is cut in the message, with its length', () => {
    muster(['play', 'irish-freedom', '--seed', '7', '--save', 'big.json'], 'recruit-guerrilla kerry\n');
    const rec = record('big.json');
    rec.choices.push('z'.repeat(50 * 1024 * 1024));
    writeFileSync(join(dir, 'big.json'), JSON.stringify(rec));
    for (const args of [
      ['replay', 'big.json'],
      ['resume', 'big.json'],
      ['replay', 'big.json', '--step', '--all'],
    ]) {
      const r = muster(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/choice 2 "z{60}\.\.\." \(52,428,800 characters\) is not legal at that point/);
      expect(r.err.length).toBeLessThan(5_000);
      expect(r.out.length).toBeLessThan(100_000);
    }
  });

  test('an error never prints raw newlines or escape sequences from a file', () => {
    muster(['play', 'irish-freedom', '--seed', '7', '--save', 'nl.json'], 'recruit-guerrilla kerry\n');
    const rec = record('nl.json');
    rec.options = { war: 'campaign\n\u001b[31mRED' };
    writeFileSync(join(dir, 'nl.json'), JSON.stringify(rec));
    const r = muster(['replay', 'nl.json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the record's "options": option war must be one of .*, not "campaign\\n\\u001b\[31mRED"/);
    expect(r.err.includes('\u001b')).toBe(false);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    writeFileSync(join(dir, 'garbage.json'), '{"format": "muster-record/1",\n\u001b[2J "game": oops}');
    const g = muster(['replay', 'garbage.json']);
    expect(g.code).toBe(2);
    expect(g.err).toMatch(/garbage\.json is not valid JSON/);
    expect(g.err.includes('\u001b')).toBe(false);
    expect(g.err.trim().split('\n')).toHaveLength(1);
  });
});

describe('case 3: files that start with a byte-order mark', () => {
  test('a record with a BOM replays and resumes', () => {
    muster(['play', 'irish-freedom', '--seed', 'bom', '--bot', 'random', '--save', 'bom-done.json']);
    writeFileSync(join(dir, 'bom-done.json'), '\ufeff' + readFileSync(join(dir, 'bom-done.json'), 'utf8'));
    const v = muster(['replay', 'bom-done.json']);
    expect(v.err).toBe('');
    expect(v.code).toBe(0);
    expect(v.out).toMatch(/Verified/);
    muster(['play', 'irish-freedom', '--seed', 'bom', '--save', 'bom.json'], '1\n');
    writeFileSync(join(dir, 'bom.json'), '\ufeff' + readFileSync(join(dir, 'bom.json'), 'utf8'));
    const r = muster(['resume', 'bom.json'], '1\n');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(record('bom.json').choices).toHaveLength(2);
  });

  test('a rules file with a BOM is accepted', () => {
    writeFileSync(join(dir, 'bom-rules.json'), '\ufeff' + readFileSync(join(RULES, 'english-civil-war.json'), 'utf8'));
    const r = muster(['simulate', 'english-civil-war', '--games', '2', '--rules', 'bom-rules.json', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).games).toBe(2);
  });
});

describe('case 4: temporary files never outlive the command that made them', () => {
  test("--save '' is refused and leaves no temporary file", () => {
    const before = readdirSync(dir).length;
    for (const cmd of [
      ['play', 'irish-freedom', '--seed', 'e', '--bot', 'random', '--save', ''],
      ['resume', 'bom.json', '--save', ''],
    ]) {
      const r = muster(cmd, '1\n');
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--save wants a file name/);
    }
    expect(temps()).toEqual([]);
    expect(readdirSync(dir).length).toBe(before);
  });

  test('a temporary file left by a kill -9 between write and rename is removed by the next write', () => {
    writeFileSync(join(dir, '.kill.json.99999999.tmp'), '');
    writeFileSync(join(dir, '.kill.json.lock.99999998.tmp'), '');
    const r = muster(['play', 'irish-freedom', '--seed', 'k', '--save', 'kill.json'], '1\n');
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, '.kill.json.99999999.tmp'))).toBe(false);
    expect(existsSync(join(dir, '.kill.json.lock.99999998.tmp'))).toBe(false);
    expect(temps()).toEqual([]);
  });
});

describe('case 5: one process at a time per save', () => {
  test('a second play --overwrite or resume of a game being played is refused; a killed game leaves no stuck lock', async () => {
    const first = spawn(process.execPath, [BIN, 'play', 'irish-freedom', '--seed', '7', '--save', 'busy.json'], { cwd: dir, env });
    children.push(first);
    const started = waitFor(first, /^> recruit-guerrilla kerry$/m);
    first.stdin.write('recruit-guerrilla kerry\n');
    await started;
    await until(() => choicesIn('busy.json') === 1, 'the first move saved');
    const before = readFileSync(join(dir, 'busy.json'), 'utf8');
    const again = muster(['play', 'irish-freedom', '--seed', 'other', '--save', 'busy.json', '--overwrite'], '1\n');
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/busy\.json is being played by another muster process \(pid \d+\)/);
    const resumed = muster(['resume', 'busy.json'], '1\n');
    expect(resumed.code).toBe(2);
    expect(resumed.err).toMatch(/being played by another muster process/);
    expect(readFileSync(join(dir, 'busy.json'), 'utf8')).toBe(before);
    first.kill('SIGKILL');
    await exited(first);
    // The lock of a killed process is stale: the game resumes at once.
    const after = muster(['resume', 'busy.json'], 'pass\n');
    expect(after.err).toBe('');
    expect(after.code).toBe(0);
    expect(record('busy.json').choices).toEqual(['recruit-guerrilla kerry', 'pass']);
    expect(temps()).toEqual([]);
  });
});

describe('cases 6-8: records', () => {
  test('a record whose players hold a number is refused, naming the field (it crashed resume)', () => {
    muster(['play', 'irish-freedom', '--seed', '7', '--save', 'pl.json'], '1\n');
    const rec = record('pl.json');
    rec.players = { Irish: 3 };
    writeFileSync(join(dir, 'pl.json'), JSON.stringify(rec));
    const r = muster(['resume', 'pl.json'], '1\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/pl\.json is not a Muster game record: "players"\."Irish" must be "human", "script" or "bot:<name>", not 3/);
    noStack(r.err);
    rec.players = { Ulster: 'human' };
    writeFileSync(join(dir, 'pl.json'), JSON.stringify(rec));
    expect(muster(['resume', 'pl.json'], '1\n').err).toMatch(/"players" names side "Ulster", which irish-freedom does not have/);
    // replay and odds read the field as resume does (a newcomer's replay said "Verified")
    for (const cmd of [
      ['replay', 'pl.json'],
      ['replay', 'pl.json', '--json'],
      ['odds', 'pl.json'],
    ]) {
      const bad = muster(cmd);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/"players" names side "Ulster", which irish-freedom does not have/);
    }
    rec.players = { Irish: 'bot:clever' };
    writeFileSync(join(dir, 'pl.json'), JSON.stringify(rec));
    expect(muster(['resume', 'pl.json'], '1\n').err).toMatch(/"players"\."Irish" is "bot:clever", but irish-freedom has no such bot/);
  });

  test('a record whose players miss a side is refused, naming it, by resume, replay, play --from and odds (it was resumed with the side as human)', () => {
    muster(['play', 'english-civil-war', '--seed', 'miss', '--bot', 'random', '--option', 'turn-limit=25', '--save', 'miss.json']);
    const rec = record('miss.json');
    delete rec.result;
    delete rec.stateHash;
    rec.choices = rec.choices.slice(0, 3);
    rec.players = { Parliament: 'human' };
    const text = JSON.stringify(rec);
    writeFileSync(join(dir, 'miss.json'), text);
    for (const cmd of [
      ['resume', 'miss.json'],
      ['replay', 'miss.json'],
      ['replay', 'miss.json', '--step', '--all'],
      ['play', '--from', 'miss.json', '--save', 'miss-fork.json'],
      ['odds', 'miss.json'],
    ]) {
      const bad = muster(cmd, '1\n');
      expect({ cmd, code: bad.code }).toEqual({ cmd, code: 2 });
      expect(bad.err).toMatch(/miss\.json: "players" does not name side "Royalist" \(english-civil-war's sides: Parliament, Royalist\)/);
      noStack(bad.err);
      expect(readFileSync(join(dir, 'miss.json'), 'utf8')).toBe(text);
    }
    expect(existsSync(join(dir, 'miss-fork.json'))).toBe(false);
  });

  test('a record without "players" at all is refused the same way (every side was taken for a person without a word)', () => {
    const rec = record('miss.json');
    delete rec.players;
    const text = JSON.stringify(rec);
    writeFileSync(join(dir, 'noplayers.json'), text);
    for (const cmd of [
      ['resume', 'noplayers.json'],
      ['replay', 'noplayers.json'],
      ['replay', 'noplayers.json', '--step', '--all'],
      ['play', '--from', 'noplayers.json', '--save', 'noplayers-fork.json'],
      ['odds', 'noplayers.json'],
    ]) {
      const bad = muster(cmd, '1\n');
      expect({ cmd, code: bad.code }).toEqual({ cmd, code: 2 });
      expect(bad.err).toMatch(
        /noplayers\.json: "players" is missing: a record names who played each of english-civil-war's sides \(Parliament, Royalist\), e\.g\. "players": \{"Parliament": "human", "Royalist": "human"\}; the file was left as it is/,
      );
      noStack(bad.err);
      expect(readFileSync(join(dir, 'noplayers.json'), 'utf8')).toBe(text);
    }
    expect(existsSync(join(dir, 'noplayers-fork.json'))).toBe(false);
  });

  describe('a tampered stateHash or result: replay says what differs on stderr and exits 1, on every output path', () => {
    let good: GameRecord & { result: Outcome };
    beforeAll(() => {
      muster([
        'play',
        'english-civil-war',
        '--seed',
        'tamper',
        '--bot',
        'random',
        '--vs',
        'random',
        '--option',
        'turn-limit=25',
        '--save',
        'tamper.json',
      ]);
      good = record('tamper.json');
      expect(good.result.finished).toBe(true);
    });
    const tampered = {
      'state hash': (r: typeof good) => ({ ...r, stateHash: `sha256:${'0'.repeat(64)}` }),
      'result winner': (r: typeof good) => ({
        ...r,
        result: { ...r.result, winner: r.result.winner === 'Royalist' ? 'Parliament' : 'Royalist' },
      }),
      'result turns': (r: typeof good) => ({ ...r, result: { ...r.result, turns: 99 } }),
    };
    const says = {
      'state hash': /final state hash: recorded sha256:000000000000\.\.\., replayed sha256:/,
      'result winner': /result\.winner: recorded "(Royalist|Parliament)", replayed ("Royalist"|"Parliament"|null)/,
      'result turns': /result\.turns: recorded 99, replayed \d+/,
    };
    test.each(Object.keys(tampered))('%s', (what) => {
      const file = `t-${what.replace(/ /g, '-')}.json`;
      writeFileSync(join(dir, file), JSON.stringify(tampered[what as keyof typeof tampered](good)));
      const re = says[what as keyof typeof says];
      const text = muster(['replay', file]);
      expect(text.code).toBe(1);
      expect(text.out).toMatch(/MISMATCH/);
      expect(text.err).toMatch(re);
      const json = muster(['replay', file, '--json']);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.out).verified).toBe(false);
      expect(JSON.parse(json.out).differences.join('\n')).toMatch(re);
      expect(json.err).toMatch(re);
      const step = muster(['replay', file, '--step']);
      expect(step.code).toBe(1);
      expect(step.err).toMatch(re);
    });
    test('the untampered record verifies on every output path', () => {
      writeFileSync(join(dir, 'untampered.json'), JSON.stringify(good));
      expect(muster(['replay', 'untampered.json']).code).toBe(0);
      expect(JSON.parse(muster(['replay', 'untampered.json', '--json']).out).verified).toBe(true);
      const step = muster(['replay', 'untampered.json', '--step']);
      expect(step.code).toBe(0);
      expect(step.out).toMatch(/Verified/);
    });
  });

  test('an unfinished record that claims a result and state hash: replay reports it (exit 1), resume refuses it (exit 2)', () => {
    muster([
      'play',
      'english-civil-war',
      '--seed',
      'claim',
      '--bot',
      'random',
      '--vs',
      'random',
      '--option',
      'turn-limit=25',
      '--save',
      'claim-done.json',
    ]);
    const done = record('claim-done.json');
    const claim = { ...done, choices: done.choices.slice(0, 10) };
    writeFileSync(join(dir, 'claim.json'), JSON.stringify(claim));
    const r = muster(['replay', 'claim.json']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /the record claims a finished game \(".*"\), but its 10 choices leave the game unfinished: next, (Parliament|Royalist) decides/,
    );
    // The claim does not open the hidden information of the unfinished game.
    expect(r.out).not.toMatch(/Royalist's hand|Parliament's hand/);
    const j = muster(['replay', 'claim.json', '--json']);
    expect(j.code).toBe(2);
    expect(j.err).toMatch(/unfinished game/);
    const res = muster(['resume', 'claim.json'], '1\n');
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/claim\.json does not replay to what it claims: the record claims a finished game/);
    expect(JSON.parse(readFileSync(join(dir, 'claim.json'), 'utf8'))).toEqual(claim);
  });
});

describe('case 10: a record relabelled another game (its "game" field changed) is refused at once, saying it does not look like that game\'s', () => {
  const golden = (game: string) => {
    const folder = resolve('tests/golden', game);
    return JSON.parse(readFileSync(join(folder, readdirSync(folder).filter((f) => f.endsWith('.json'))[0]), 'utf8'));
  };
  const commands = (file: string) => [
    ['replay', file],
    ['replay', file, '--json', '--all'],
    ['replay', file, '--at', '1', '--all'],
    ['resume', file, '--force'],
    ['odds', file, '--all'],
    ['play', '--from', file, '--at', '1', '--save', 'relabel-fork.json'],
  ];
  /** Every command refuses `rec` with exit 2 and a message matching `re`, leaving the file as it was and writing nothing. */
  const refusedEverywhere = (name: string, rec: GameRecord, re: RegExp) => {
    const text = JSON.stringify(rec, null, 2);
    writeFileSync(join(dir, name), text);
    for (const cmd of commands(name)) {
      const r = muster(cmd, 'pass\n');
      expect([cmd, r.code]).toEqual([cmd, 2]);
      expect(r.err).toMatch(re);
      expect(r.err).not.toMatch(/illegal choice|not legal at that point/);
      noStack(r.err);
      expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
      expect(existsSync(join(dir, 'relabel-fork.json'))).toBe(false);
      expect(temps()).toEqual([]);
    }
  };

  test('an Irish Freedom record relabelled english-civil-war: its rules hash, players and options name Irish Freedom', () => {
    refusedEverywhere(
      'if-as-ecw.json',
      { ...golden('irish-freedom'), game: 'english-civil-war' },
      // replay warns first that the rules data differs (it does so before anything can fail).
      /^(muster: warning: the rules data differs from the recorded one \(if-as-ecw\.json was played with [^\n]*\n)?muster: if-as-ecw\.json does not look like a record of english-civil-war: its rules hash is that of irish-freedom's printed rules \(rules\/irish-freedom\.json\); "players" names side "Irish", which english-civil-war does not have \(sides: Parliament, Royalist\); "options" names options .*It looks like a record of irish-freedom: was its "game" field changed from "irish-freedom" to "english-civil-war"\? The file was left as it is\n$/,
    );
  });

  test('with its players and options taken out too: the rules hash still says whose it is', () => {
    const rec = { ...golden('english-civil-war'), game: 'irish-freedom', options: {} };
    delete rec.players;
    refusedEverywhere(
      'ecw-as-if.json',
      rec,
      /does not look like a record of irish-freedom: its rules hash is that of english-civil-war's printed rules.*It looks like a record of english-civil-war/,
    );
  });

  test("and with the game's own rules hash: its first choice is not one the game offers at the start", () => {
    const rec = { ...golden('irlande-1798'), game: 'english-civil-war', options: {} };
    delete rec.players;
    delete rec.result;
    delete rec.stateHash;
    rec.rulesHash =
      'sha256:' +
      createHash('sha256')
        .update(readFileSync(join(RULES, 'english-civil-war.json')))
        .digest('hex');
    refusedEverywhere(
      'irl-as-ecw.json',
      rec,
      new RegExp(
        `does not look like a record of english-civil-war: its first choice "${rec.choices[0]}" is not one english-civil-war offers at the start\\. Was its "game" field, seed, options or rules changed\\?`,
      ),
    );
  });

  test('a record of the game it names is not refused', () => {
    writeFileSync(join(dir, 'own.json'), JSON.stringify(golden('irlande-1798')));
    expect(muster(['replay', 'own.json']).code).toBe(0);
  });
});

describe('case 9: rules data under which the war never ends', () => {
  test('English Civil War with setup.territory 0 is refused when loaded, by play and by simulate', () => {
    const rules = JSON.parse(readFileSync(join(RULES, 'english-civil-war.json'), 'utf8'));
    rules.setup.territory = 0;
    writeFileSync(join(dir, 't0.json'), JSON.stringify(rules));
    for (const args of [
      ['play', 'english-civil-war', '--rules', 't0.json', '--bot', 'random', '--vs', 'random', '--save', 't0-game.json'],
      ['simulate', 'english-civil-war', '--rules', 't0.json', '--games', '3'],
    ]) {
      const r = muster(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/\/setup\/territory: each side needs at least 1 Territory Marker/);
      noStack(r.err);
    }
    expect(existsSync(join(dir, 't0-game.json'))).toBe(false);
  });
});

afterAll(() => {
  // A failed test may leave a game waiting for its moves.
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // Nothing of ours may be left behind in the folder: no lock, no temporary file.
  expect(temps()).toEqual([]);
  rmSync(dir, { recursive: true, force: true });
});
