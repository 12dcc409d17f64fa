/**
 * Fair play with secrets, as a player meets it at the command line (architecture.md, "Secrets"):
 * the reproductions of issue 6, run through the built bin/muster.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { BIN, choicesOf, runner } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'muster-fair-'));

const muster = runner(dir, { NO_COLOR: '1' });
const record = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

test("battle cards: the second side to lay them sees neither the first side's cards nor how many (seed a2)", () => {
  const r = muster(
    ['play', 'english-civil-war', '--side', 'royalist', '--vs', 'heuristic', '--seed', 'a2', '--save', 'a2.json'],
    'declare attack\n',
  );
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/Pending decision for Royalist - \[Battle Segment\]/);
  expect(r.out).not.toMatch(/lays \d+ cards? face down|\d+ cards? laid|cards face down: Parliament \d/);
  // Parliament holds 8 cards as far as the Royalist knows: the ones it laid still count.
  expect(r.out).toMatch(/Parliament +\d+ Regiments \(supports \d+\), hand 8/);
});

test("undo counts the side's own decisions: the game's count told how many battle cards the other side had laid face down (seed yufgbube)", () => {
  const r = muster(
    ['play', 'english-civil-war', '--side', 'royalist', '--vs', 'heuristic', '--seed', 'yufgbube', '--save', 'undo.json'],
    'declare attack\ntactics c57\nundo\n',
  );
  // Parliament made five decisions before the Royalist's Tactics card (its declaration and four cards).
  expect(r.out).toMatch(/Undone: back to Royalist's decision 2\./);
  expect(r.out).not.toMatch(/Undone: back to decision/);
});

test('a game resumed from its record goes on exactly as one played straight through (bots draw from the record)', () => {
  for (const vs of ['random', 'heuristic']) {
    // Parliament's moves: a random bot's against the same opponent (bots draw by seed, side and decision).
    const game = ['play', 'english-civil-war', '--vs', vs, '--seed', 'rs1', '-o', 'turn-limit=25'];
    expect(muster([...game, '--bot', 'random', '--save', `moves-${vs}.json`]).code).toBe(0);
    const moves = choicesOf(dir, `moves-${vs}.json`, 'Parliament');
    const lines = (m: string[]) => m.map((x) => `${x}\n`).join('');
    const straight = muster([...game, '--save', `straight-${vs}.json`], lines(moves));
    expect(straight.code).toBe(0);
    const part = muster([...game, '--save', `split-${vs}.json`], lines(moves.slice(0, 10)));
    // Counted among Parliament's own decisions (the game's count would tell the Royalist's): the 11th.
    expect(part.out).toMatch(/The moves ran out at Parliament's decision 11\./);
    expect(part.out).not.toMatch(/ran out at decision|after \d+ decisions/);
    const rest = muster(['resume', `split-${vs}.json`], lines(moves.slice(10)));
    expect(rest.code).toBe(0);
    expect(rest.out).toMatch(/resumed from split-\w+\.json/);
    expect(rest.out).not.toMatch(/resumed from \S+ after \d+ decisions/);
    const a = record(`straight-${vs}.json`);
    const b = record(`split-${vs}.json`);
    expect(a.result.finished).toBe(true);
    expect(b.choices).toEqual(a.choices);
    expect(b.stateHash).toBe(a.stateHash);
  }
});

describe('replay as one side', () => {
  let file: string;
  let atOther: number;
  let atEnd: number;
  beforeAll(() => {
    file = 'side.json';
    const r = muster([
      'play',
      'english-civil-war',
      '--bot',
      'random',
      '--vs',
      'random',
      '--seed',
      'side-1',
      '--save',
      file,
      '-o',
      'turn-limit=25',
    ]);
    expect(r.code).toBe(0);
    // Cut the record: unfinished, at a decision of Parliament's in a battle, and at an End Phase discard.
    const full = record(file);
    const json = (n: number) => JSON.parse(muster(['replay', file, '--at', String(n), '--json', '--all']).out);
    atOther = -1;
    atEnd = -1;
    for (let n = 1; n < full.choices.length && (atOther < 0 || atEnd < 0); n++) {
      const p = json(n).pending;
      if (
        atOther < 0 &&
        p?.side === 'Parliament' &&
        /Battle|Siege/.test(p.phase) &&
        p.options.some((o: { id: string }) => /^(tactics|terrain|troops|leadership|morale) /.test(o.id))
      )
        atOther = n;
      if (atEnd < 0 && p?.side === 'Parliament' && p.phase === 'End Phase' && p.options.length > 2) atEnd = n;
    }
    expect(atOther).toBeGreaterThan(0);
    expect(atEnd).toBeGreaterThan(0);
  });

  test('--at N --side X shows the other side\'s pending decision only as "next, Parliament decides"', () => {
    for (const at of [atOther, atEnd]) {
      // A finished game: --at counts the record's decisions (only an unfinished one counts the side's own).
      const r = muster(['replay', file, '--at', String(at), '--side', 'Royalist']);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/next, Parliament decides/);
      expect(r.out).not.toMatch(/Legal options|Laid face down so far|discard c\d+|Set aside so far/);
    }
  });

  test("--json --side X of an unfinished game holds neither the seed nor the other side's options", () => {
    const full = record(file);
    const cut = { ...full, choices: full.choices.slice(0, atEnd) };
    delete cut.result;
    delete cut.stateHash;
    writeFileSync(join(dir, 'side-cut.json'), JSON.stringify(cut));
    const out = muster(['replay', 'side-cut.json', '--side', 'Royalist', '--json']).out;
    const j = JSON.parse(out);
    expect(j.seed).toBeUndefined();
    expect(out).not.toMatch(/side-1/);
    expect(j.pending).toEqual({ side: 'Parliament', phase: 'End Phase' });
    expect(j.view.sides.Parliament.hand).toBeNull();
  });

  test("a record's illegal choice of the other side is reported to --side X without that side's legal options (its hand)", () => {
    const full = record(file);
    const bad = { ...full, choices: [...full.choices.slice(0, atOther), 'tactics c999'] };
    delete bad.result;
    delete bad.stateHash;
    writeFileSync(join(dir, 'side-bad.json'), JSON.stringify(bad));
    for (const extra of [[], ['--step']]) {
      const mine = muster(['replay', 'side-bad.json', '--side', 'Royalist', ...extra], '');
      expect(mine.code).toBe(2);
      expect(mine.err).toMatch(/choice \d+ "tactics c999" is not legal at that point \(Parliament decides, in /);
      expect(mine.err).not.toMatch(/legal:|c\d+ \|/);
    }
    // The side whose decision it is, and the whole game, are told the legal options.
    for (const who of [['--side', 'Parliament'], ['--all']]) {
      const r = muster(['replay', 'side-bad.json', ...who]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/is not legal at that point; legal: .*\| /);
    }
  });

  test("replay --step --side of an unfinished game steps through that side's decisions only, numbered among them", () => {
    const cut = { ...record(file), choices: record(file).choices.slice(0, 60) };
    delete cut.result;
    delete cut.stateHash;
    writeFileSync(join(dir, 'own-cut.json'), JSON.stringify(cut));
    const r = muster(['replay', 'own-cut.json', '--side', 'Royalist', '--step'], '\n\nb\ng 999\nt 2\nq\n');
    expect(r.code).toBe(0);
    const heads = r.out.match(/^- .*$/gm)!;
    const total = Number(/decision 1\/(\d+)/.exec(heads[0])![1]);
    expect(total).toBeLessThan(60);
    expect(heads.slice(0, 4)).toEqual([1, 2, 3, 2].map((k) => `- Royalist's decision ${k}/${total}`));
    expect(r.out).toMatch(new RegExp(`There are Royalist's decisions 1 to ${total}\\. Still at Royalist's decision 2 of ${total}\\.`));
    expect(r.out).not.toMatch(/Parliament decides|Pending decision for Parliament/);
  });

  test('replay --step --side: t N goes to the pending decision when it is the only decision of that side left from turn N', () => {
    // Cut in turn 2: the Royalist's muster (decision 11) made, Parliament's declaration (12) pending; and
    // before it, the Royalist's muster pending, the first decision of turn 2.
    const full = record(file);
    const cut = (k: number, name: string) => {
      const c = { ...full, choices: full.choices.slice(0, k) };
      delete c.result;
      delete c.stateHash;
      writeFileSync(join(dir, name), JSON.stringify(c));
    };
    cut(11, 'pending-11.json');
    cut(10, 'pending-10.json');
    for (const [name, side, phase] of [
      ['pending-11.json', 'Parliament', 'Declarations Phase'],
      ['pending-10.json', 'Royalist', 'Muster Phase'],
    ]) {
      const r = muster(['replay', name, '--side', side, '--step'], 't 2\nq\n');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`t 2\\n${side}'s next decision is the pending one, not yet made: the end of the record\\.`));
      expect(r.out).toMatch(/Turn 2 of 25/);
      expect(r.out).toMatch(new RegExp(`The record is unfinished\\.\\nPending decision for ${side} - \\[${phase}\\]`));
      expect(r.out).not.toMatch(/no decision from there on|The record ends before turn 2/);
    }
    // A turn past the pending decision is still refused, naming the last.
    const r = muster(['replay', 'pending-11.json', '--side', 'Parliament', '--step'], 't 3\nq\n');
    expect(r.out).toMatch(/The record ends before turn 3: its last turn is 2\. Still at Parliament's decision 1 of \d+\./);
  });

  test("--step --side X prints only that side's decisions", () => {
    const r = muster(['replay', file, '--step', '--side', 'Royalist']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/: Parliament decides \[/);
    expect(r.out).not.toMatch(/\[[^\]]+\] Parliament: /);
  });
});

test("replay --side of an unfinished game does not tell how many cards the other side laid (a newcomer's reproduction)", () => {
  // The Royalist lays no muster card, or one, then Parliament is asked: as Parliament sees it the two
  // records are the same (the number of decisions counted the Royalist's).
  muster(['play', 'english-civil-war', '--vs', 'human', '--seed', 'hs1', '--save', 'm0.json'], 'done\n');
  muster(['play', 'english-civil-war', '--vs', 'human', '--seed', 'hs1', '--save', 'm1.json'], 'play c51\ndone\n');
  expect(record('m1.json').choices).toHaveLength(2);
  const both = muster(['replay', 'm1.json', '--side', 'Parliament', '--all']);
  expect(both.code).toBe(2);
  expect(both.err).toMatch(/--side and --all do not go together/);
  // --at counts the side's own decisions (the record's count would tell: "the record has only 2 decisions").
  for (const extra of [[], ['--json'], ['--step'], ['--at', '0'], ['--json', '--at', '0'], ['--step', '--at', '0'], ['--at', '1']]) {
    const [a, b] = ['m0.json', 'm1.json'].map((f) => muster(['replay', f, '--side', 'Parliament', ...extra], ''));
    expect(a.code).toBe(extra.includes('1') ? 2 : 0);
    expect(b.code).toBe(a.code);
    expect(b.err).toBe(a.err);
    expect(b.out).toBe(a.out);
    expect(b.out).not.toMatch(/after \d+ decision|"choices"|decision \d+\/\d+/);
  }
});

test("the seed of a game with hidden information stays off the screen and out of the save's name until the game is over", async () => {
  const r = muster(['play', 'english-civil-war', '--vs', 'human'], '');
  expect(r.code).toBe(0);
  expect(r.out).not.toMatch(/Seed:/);
  const saved = readdirSync(dir).filter((f) => f.startsWith('english-civil-war-'));
  expect(saved).toHaveLength(1);
  const seed = record(saved[0]).seed;
  expect(saved[0]).not.toContain(seed);
  expect(r.out).not.toContain(seed);
  // Played to the end against the bot: the seed is printed at the end, to play the game again. From the
  // start of the last turn of a game that reaches its turn limit (a position without its seed, so the
  // seed is drawn): the moves cannot be known ahead, so each decision announced gets its first listed number.
  muster(['play', 'english-civil-war', '--bot', 'random', '--vs', 'random', '--seed', 't1', '-o', 'turn-limit=25', '--save', 'tl.json']);
  const steps = muster(['replay', 'tl.json', '--step', '--all']).out;
  const last = Number(/Turn 25: Strategy Phase[^]*?^- decision (\d+)\//m.exec(steps)![1]) - 1;
  const position = JSON.parse(muster(['replay', 'tl.json', '--at', String(last), '--json', '--all']).out);
  delete position.seed;
  writeFileSync(join(dir, 'last-turn.json'), JSON.stringify(position));
  const args = ['play', '--position', 'last-turn.json', '--vs', 'random', '--save', 'seeded-end.json'];
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  let answered = 0;
  child.stdout!.on('data', (b) => {
    out += b;
    const asked = out.split('Legal options:');
    const first = /\n\s+(\d+)\. [^\n]*\n/.exec(asked[asked.length - 1]);
    if (asked.length - 1 > answered && first) {
      answered = asked.length - 1;
      child.stdin!.write(`${first[1]}\n`);
    }
  });
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  expect(code).toBe(0);
  expect(answered).toBeGreaterThan(0);
  expect(out.slice(0, out.indexOf('Game over'))).not.toMatch(/Seed:/);
  expect(out).toMatch(/Game over[^]*Seed: \S+ +\(play this game again with --seed/);
}, 60_000);
