/**
 * What-if from any point (issue 12), through the built bin/muster: `play --from REC --at N` forks a
 * copy with new choices and dice from decision N (the record untouched), `play --position FILE`
 * starts from an edited position, and `undo` lines in move files follow the engine's undo rule.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve('bin/muster');
const dir = mkdtempSync(join(tmpdir(), 'muster-what-if-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function muster(args: string[], input = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', COLUMNS: '80' },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const json = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const stateAt = (file: string, at: number) => JSON.parse(muster(['replay', file, '--at', String(at), '--json', '--all']).out).state;

describe('play --from REC --at N: a fork with new choices and dice', () => {
  // A heuristic game of Irish Freedom: its decision 5 upgrades u10, then the Irish attack in Kerry 3-4
  // with a combat die of 1 (the RIC holds).
  beforeAll(() => {
    expect(muster(['play', 'irish-freedom', '--seed', 'fork1', '--bot', 'heuristic', '--save', 'g.json']).code).toBe(0);
  });

  test('"what happens here with a 6 on the combat die?": the 6 is the first die after decision 4, the record is untouched', () => {
    const before = readFileSync(join(dir, 'g.json'), 'utf8');
    const original = muster(['replay', 'g.json', '--step']).out;
    expect(original).toMatch(
      /> upgrade u10\n[^]*?Combat in Kerry 3-4 Townland: the Irish attack the British\.\n {2}roll D6 = 1 {2}\(Combat/,
    );
    const r = muster(['play', '--from', 'g.json', '--at', '4', '--dice', '6'], 'upgrade u10\n');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(0, 2).join(' ')).toMatch(
      /^Irish Freedom .* forked from g\.json at decision 4 of \d+ \(g\.json is not changed\); Irish: you\./,
    );
    expect(r.out).toMatch(
      /> upgrade u10\n[^]*?Combat in Kerry 3-4 Townland: the Irish attack the British\.\n {2}roll D6 = 6 {2}\(Combat[^]*?u16:RIC\[r\] eliminated in Kerry 3-4 Townland\./,
    );
    expect(r.out).toMatch(/The given dice are used up: from draw #\d+ on, the seed's dice\./);
    expect(r.out).toMatch(/The moves ran out at decision 6\. Saved in g-from-4\.muster\.json/);
    expect(readFileSync(join(dir, 'g.json'), 'utf8')).toBe(before);
    // The fork: the same game up to decision 4 (the given die does not apply from the start), seeded
    // dice whose rolls are the first four decisions' draws and the 6.
    const fork = json('g-from-4.muster.json');
    expect(fork).toMatchObject({ game: 'irish-freedom', seed: 'fork1', dice: 'seeded', players: { Irish: 'human' } });
    expect(fork.choices).toEqual([...json('g.json').choices.slice(0, 4), 'upgrade u10']);
    expect(fork.rolls[fork.rolls.length - 1]).toBe(6);
    expect(stateAt('g-from-4.muster.json', 4)).toEqual(stateAt('g.json', 4));
    // It plays on (the seed's dice after the given ones) and replays to its result.
    expect(muster(['resume', 'g-from-4.muster.json', '--bot', 'heuristic']).code).toBe(0);
    expect(muster(['replay', 'g-from-4.muster.json']).out).toMatch(/Verified: the replay reproduces the recorded result/);
  });

  test('without --dice the fork keeps the seed: the same choices give the same game', () => {
    const r = muster(['play', '--from', 'g.json', '--at', '10', '--bot', 'heuristic', '--save', 'same.json']);
    expect(r.code).toBe(0);
    expect(json('same.json').rolls).toBeUndefined();
    expect(json('same.json').stateHash).toBe(json('g.json').stateHash);
  });

  test('a second fork at the same decision gets the next free name; bad forks are refused', () => {
    expect(muster(['play', '--from', 'g.json', '--at', '4'], '').out).toMatch(/Saved in g-from-4-2\.muster\.json/);
    const n = json('g.json').choices.length;
    for (const [args, msg] of [
      [['--at', String(n + 1)], new RegExp(`--at ${n + 1}: g\\.json has only ${n} decisions`)],
      [['--at', 'x'], /--at wants a decision number from 0 to/],
      [['--save', 'g.json'], /a fork is a new game: give --save another file than g\.json/],
      [['--seed', 's'], /a fork keeps the seed and options of its record/],
      [['--dice', 'prompted'], /takes its new dice as a list/],
    ] as [string[], RegExp][]) {
      const r = muster(['play', '--from', 'g.json', ...args], '');
      expect(r.code).toBe(2);
      expect(r.err).toMatch(msg);
    }
    expect(muster(['play', 'english-civil-war', '--from', 'g.json']).err).toMatch(
      /g\.json is a game of irish-freedom, not english-civil-war/,
    );
    expect(muster(['play', 'irish-freedom', '--at', '3']).err).toMatch(/--at N goes with --from RECORD/);
  });

  test('an unfinished game of two sides is not forked without --all: the fork would show what its sides hide and the dice to come', () => {
    // A newcomer forked a hot-seat game as the side not to move and saw the other side's hand and declaration.
    expect(
      muster([
        'play',
        'english-civil-war',
        '--seed',
        'hid',
        '--bot',
        'random',
        '--vs',
        'random',
        '-o',
        'turn-limit=25',
        '--save',
        'ecw.json',
      ]).code,
    ).toBe(0);
    const whole = json('ecw.json');
    expect(whole.result).toBeDefined();
    const cut = { ...whole, choices: whole.choices.slice(0, 3) };
    delete cut.result;
    delete cut.stateHash;
    writeFileSync(join(dir, 'ecw-cut.json'), JSON.stringify(cut));
    // The same, claiming the result it does not reach: the replay decides whether the game is over.
    writeFileSync(join(dir, 'ecw-claims.json'), JSON.stringify({ ...cut, result: whole.result, stateHash: whole.stateHash }));
    for (const file of ['ecw-cut.json', 'ecw-claims.json']) {
      for (const at of [[], ['--at', '1']]) {
        const r = muster(['play', '--from', file, ...at, '--side', 'Royalist', '--save', 'peek.json'], '');
        expect(r.code).toBe(2);
        expect(r.out).toBe('');
        expect(r.err).toBe(
          `muster: ${file} is an unfinished game of Parliament and Royalist: a fork of it would show what its sides hide from each other and the dice to come. Give --all to fork it anyway (for designers)\n`,
        );
        expect(existsSync(join(dir, 'peek.json'))).toBe(false);
      }
    }
    // --all forks it (for designers); a finished game, and a game of one side, fork as before.
    const all = muster(['play', '--from', 'ecw-cut.json', '--all', '--bot', 'random', '--vs', 'random', '--save', 'all.json']);
    expect(all.code).toBe(0);
    expect(all.out).toMatch(/forked from ecw-cut\.json at decision 3 of 3/);
    expect(muster(['play', '--from', 'ecw.json', '--at', '3', '--bot', 'random', '--vs', 'random', '--save', 'done.json']).code).toBe(0);
    const solo = json('g.json');
    writeFileSync(
      join(dir, 'solo-cut.json'),
      JSON.stringify({ ...solo, choices: solo.choices.slice(0, 4), result: undefined, stateHash: undefined }),
    );
    expect(muster(['play', '--from', 'solo-cut.json', '--bot', 'heuristic', '--save', 'solo-fork.json']).code).toBe(0);
    expect(muster(['play', 'english-civil-war', '--all'], '').err).toMatch(/--all goes with --from RECORD/);
  });

  test('an unfinished Irlande 1798 game (no hands): the refusal speaks of what its sides hide, not of hands', () => {
    const whole = JSON.parse(readFileSync(resolve('tests/golden/irlande-1798/golden-1.json'), 'utf8'));
    const cut = { ...whole, choices: whole.choices.slice(0, 10) };
    delete cut.result;
    delete cut.stateHash;
    writeFileSync(join(dir, 'irl-cut.json'), JSON.stringify(cut));
    const r = muster(['play', '--from', 'irl-cut.json', '--side', 'French', '--save', 'irl-peek.json'], '');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'muster: irl-cut.json is an unfinished game of French and English: a fork of it would show what its sides hide from each other and the dice to come. Give --all to fork it anyway (for designers)\n',
    );
    expect(existsSync(join(dir, 'irl-peek.json'))).toBe(false);
  });

  test('a fork of a scripted game: the rolls of the first N decisions, then the given ones', () => {
    expect(
      muster(['play', 'irish-freedom', '--seed', 's', '--dice', '1,2,3,4,5,6,1,2,3,4,5,6', '--save', 'scripted.json'], '1\n').code,
    ).toBe(0);
    const r = muster(['play', '--from', 'scripted.json', '--at', '1', '--dice', '4,4', '--save', 'scripted-fork.json'], '');
    expect(r.code).toBe(0);
    const fork = json('scripted-fork.json');
    expect(fork.dice).toBe('scripted');
    expect(fork.rolls.slice(-2)).toEqual([4, 4]);
    expect(fork.rolls.slice(0, -2)).toEqual(json('scripted.json').rolls.slice(0, fork.rolls.length - 2));
  });
});

describe('play --position FILE: a game from an edited position', () => {
  test('"a Treaty on turn 2": British losses edited into the set-up; the game plays, saves, replays and resumes', () => {
    expect(muster(['play', 'irish-freedom', '--seed', 'pos', '--save', 'pos-game.json'], '').code).toBe(0);
    const pos = JSON.parse(muster(['replay', 'pos-game.json', '--at', '0', '--json', '--all']).out);
    pos.state.britishEliminated = 12; // British morale below 0: any roll brings the Treaty
    writeFileSync(join(dir, 'treaty.json'), JSON.stringify(pos));
    const r = muster(['play', '--position', 'treaty.json', '--seed', 't2', '--save', 't2.json'], '');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Starting from the position in treaty\.json\./);
    const rec = json('t2.json');
    expect(rec.start).toEqual(pos.state);
    expect(rec.options).toEqual(pos.options);
    const end = muster(['resume', 't2.json', '--bot', 'heuristic']);
    expect(end.code).toBe(0);
    expect(end.out).toMatch(
      /Turn 2 - War of Independence: Treaty check phase\n {2}roll D6 = \d {2}\(Treaty check: D6 against British morale\)\nBritish morale -\d+ = [^]*the Treaty!/,
    );
    expect(muster(['replay', 't2.json']).out).toMatch(/Verified: the replay reproduces the recorded result/);
  });

  test('a position that does not fit is refused with exit 2, naming what is wrong; --option is refused', () => {
    const pos = JSON.parse(readFileSync(join(dir, 'treaty.json'), 'utf8'));
    pos.state.turn = 'two';
    writeFileSync(join(dir, 'bad-pos.json'), JSON.stringify(pos));
    const r = muster(['play', '--position', 'bad-pos.json'], '');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/does not fit irish-freedom's state type:\n +state\/turn must be/);
    expect(muster(['play', '--position', 'treaty.json', '-o', 'events=off'], '').err).toMatch(/a position carries its options/);
    expect(muster(['play', 'english-civil-war', '--position', 'treaty.json'], '').err).toMatch(
      /is a position of irish-freedom, not english-civil-war/,
    );
    expect(muster(['play', '--position', 'nowhere.json'], '').err).toMatch(/cannot read position nowhere\.json: no such file/);
    expect(existsSync(join(dir, 'irish-freedom-pos.muster.json'))).toBe(false);
  });

  test('a count edited to a fraction, or more actions left than a turn gives, is refused (a newcomer played "Turn 3.5")', () => {
    const pos = JSON.parse(readFileSync(join(dir, 'treaty.json'), 'utf8'));
    const refused = (edit: (state: { turn: number; actionsLeft: number; units: { arrived: number }[] }) => void) => {
      const p = structuredClone(pos);
      edit(p.state);
      writeFileSync(join(dir, 'count-pos.json'), JSON.stringify(p));
      const r = muster(['play', '--position', 'count-pos.json', '--seed', 'c1', '--bot', 'random', '--save', 'count-game.json'], '');
      expect(r.code).toBe(2);
      expect(r.out).not.toMatch(/Turn \d+\.5/);
      expect(existsSync(join(dir, 'count-game.json'))).toBe(false);
      return r.err;
    };
    expect(refused((s) => (s.turn = 2.5))).toMatch(/does not fit irish-freedom's state type:\n +state\/turn must be integer/);
    expect(refused((s) => (s.units[0].arrived = 0.5))).toMatch(/state\/units\/0\/arrived must be integer/);
    expect(refused((s) => (s.actionsLeft = 99))).toMatch(
      /the state breaks a rule of irish-freedom: 99 actions left, more than the 2 a turn of the War of Independence gives/,
    );
    expect(refused((s) => (s.actionsLeft = 1.5))).toMatch(/state\/actionsLeft must be integer/);
  });

  test('an Irlande position edited from humbert-combat=hidden to "shown" is taken as the default (a newcomer was refused)', () => {
    const rec = resolve('tests/golden/irlande-1798/golden-1.json');
    const pos = JSON.parse(muster(['replay', rec, '--at', '10', '--json', '--all']).out);
    pos.state.options.humbertCombat = 'shown';
    pos.options['humbert-combat'] = 'shown';
    writeFileSync(join(dir, 'irl-shown.json'), JSON.stringify(pos));
    const r = muster(['play', '--position', 'irl-shown.json', '--seed', 'irl', '--save', 'irl-shown-game.json', '--bot', 'random'], '');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  test("numbers beyond the state's bound, and an English Civil War turn 0, are refused with exit 2, naming the field", () => {
    expect(
      muster(['play', 'english-civil-war', '--seed', 'big', '--bot', 'random', '--vs', 'random', '--save', 'big-game.json']).code,
    ).toBe(0);
    const pos = JSON.parse(muster(['replay', 'big-game.json', '--at', '5', '--json', '--all']).out);
    const refused = (edit: (state: { turn: number; sides: { Parliament: { regiments: number } } }) => void) => {
      const p = structuredClone(pos);
      edit(p.state);
      writeFileSync(join(dir, 'big-pos.json'), JSON.stringify(p));
      const r = muster(['play', '--position', 'big-pos.json', '--bot', 'random', '--vs', 'random', '--save', 'big-play.json'], '');
      expect(r.code).toBe(2);
      expect(r.out).not.toMatch(/now 1e\+300/);
      expect(existsSync(join(dir, 'big-play.json'))).toBe(false);
      return r.err;
    };
    for (const n of [1e300, 1e15, 2 ** 31])
      expect(refused((s) => (s.sides.Parliament.regiments = n))).toMatch(
        /does not fit english-civil-war's state type:\n +state\/sides\/Parliament\/regiments must be <= 2147483647/,
      );
    expect(refused((s) => (s.turn = 1e300))).toMatch(/state\/turn must be <= 2147483647/);
    expect(refused((s) => (s.turn = 0))).toMatch(/the state breaks a rule of english-civil-war: turn 0: turns run from 1/);
    expect(refused((s) => (s.sides.Parliament.regiments = 2.5))).toMatch(/state\/sides\/Parliament\/regiments must be integer/);
    // The bound itself and an ordinary edit still play.
    const ok = structuredClone(pos);
    ok.state.sides.Parliament.regiments = 2 ** 31 - 1;
    writeFileSync(join(dir, 'big-pos.json'), JSON.stringify(ok));
    expect(muster(['play', '--position', 'big-pos.json', '--bot', 'random', '--vs', 'random', '--save', 'big-play.json'], '').code).toBe(0);
  });

  test('"options" edited alone are refused, since the game plays by those in its state; edited in both, they are played', () => {
    // A newcomer set "options" to events=off: the game went on drawing event cards, its record claiming events=off.
    const pos = JSON.parse(readFileSync(join(dir, 'treaty.json'), 'utf8'));
    pos.options = { ...pos.options, events: 'off' };
    writeFileSync(join(dir, 'opts-pos.json'), JSON.stringify(pos));
    const r = muster(['play', '--position', 'opts-pos.json', '--seed', 'o1', '--save', 'o1.json'], '');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/its "options" say events=off, but its state plays by events=on\. A position's options are in its state/);
    expect(existsSync(join(dir, 'o1.json'))).toBe(false);
    pos.state.options.events = false;
    writeFileSync(join(dir, 'opts-pos.json'), JSON.stringify(pos));
    expect(muster(['play', '--position', 'opts-pos.json', '--seed', 'o1', '--save', 'o1.json', '--bot', 'random'], '').code).toBe(0);
    expect(json('o1.json').options.events).toBe('off');
    expect(muster(['replay', 'o1.json']).out).not.toMatch(/Card drawn/);
  });
});

describe('undo lines in move files', () => {
  test("undo takes back the side's own latest decision when no die was rolled since", () => {
    const r = muster(['play', 'irish-freedom', '--seed', 'u1', '--save', 'u1.json'], 'move u5\nundo\nmove u10\n');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/> move u5\n[^]*Undone: back to your decision 1\.\n[^]*> move u10\n/);
    expect(json('u1.json').choices).toEqual(['move u10']);
  });

  test('an undo the rule refuses stops the script with exit 2, naming the line and why', () => {
    const first = muster(['play', 'irish-freedom', '--seed', 'u2', '--save', 'u2.json'], 'undo\n');
    expect(first.code).toBe(2);
    expect(first.err).toMatch(/stdin line 1: cannot undo here \(Irish to decide\)\. Nothing to undo: no decision has been made yet\./);
    // A recruitment rolls dice: undo never goes back past a die roll already shown.
    const rolled = muster(['play', 'irish-freedom', '--seed', 'u2', '--save', 'u3.json'], '# recruit\nrecruit-guerrilla kerry\nundo\n');
    expect(rolled.code).toBe(2);
    expect(rolled.err).toMatch(
      /stdin line 3: cannot undo here \(Irish to decide\)\. Nothing to undo: a die roll or a secret has been shown since your last decision\.\nThe game is saved in u3\.json\./,
    );
    expect(json('u3.json').choices).toEqual(['recruit-guerrilla kerry']);
  });
});

test('scripted dice that run out in the middle of a choice: what they did is shown before the game stops', () => {
  // Decision 3 upgrades a unit, ends the turn and draws an event card with the last given roll, a 4.
  const r = muster(['play', 'irish-freedom', '--seed', 's', '--dice', '1,2,3,4,5,6,1,2,3,4,5,6', '--save', 'short.json'], '1\n1\n1\n');
  expect(r.code).toBe(0);
  expect(r.out).toMatch(
    /What choice 3 did with the dice given, until they ran out \(not kept[^]*upgraded to Regular\.\n[^]*roll D9 = 4 {2}\(Random event/,
  );
  expect(r.out).toMatch(/The scripted dice ran out at decision 3/);
});
