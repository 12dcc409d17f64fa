/**
 * The designer's tools as a designer runs them (issue 12): odds from a record or an edited position,
 * through the built bin/muster.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runner } from './run.js';
import { mod as irl, play, position, rulesData } from '../games/irlande-1798/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'muster-designer-'));

const muster = runner(dir, { NO_COLOR: '1' });

describe('muster odds', () => {
  /**
   * Irish Freedom, the hand-computed case: an Army (strength 4 in a Townland) attacking a lone
   * Guerrilla (1): score = D6 + 3, so 4 (a 1: the defenders retreat) with 1/6, 5 or more (eliminated)
   * with 5/6. The position: seed up2 (events off) stops at an upgrade decision in the middle of the
   * British move phase's combats; the designer adds the Army's arrival in the Guerrilla's Area.
   */
  test('Irish Freedom: an Army attacking a lone Guerrilla in a Townland eliminates it with 5/6, makes it retreat with 1/6', () => {
    expect(muster(['play', 'irish-freedom', '--seed', 'up2', '-o', 'events=off', '--save', 'up2.json']).code).toBe(0);
    const r = muster(['replay', 'up2.json', '--at', '0', '--json', '--all']);
    expect(r.code).toBe(0);
    const pos = JSON.parse(r.out);
    const unit = (id: string) => pos.state.units.find((u: { id: string }) => u.id === id);
    Object.assign(unit('u15'), { area: 'kerry/3-4', arrived: 0 }); // a green Guerrilla, there first
    Object.assign(unit('u14'), { area: 'kerry/3-4', arrived: 9 }); // an Army, arriving later: the attacker
    unit('u16').area = 'cork/6'; // the RIC that stood there
    pos.state.seq = 9;
    writeFileSync(join(dir, 'army-vs-guerrilla.json'), JSON.stringify(pos));
    const odds = muster(['odds', 'army-vs-guerrilla.json', '--option', 'upgrade none', '--rolls', '1', '--json']);
    expect(odds.err).toBe('');
    const o = JSON.parse(odds.out).odds[0];
    expect(o.method).toBe('exact');
    const fact = o.facts.find((f: { outcome: string }) => /u15 .*: eliminated/.test(f.outcome));
    expect(fact.probability).toBeCloseTo(5 / 6, 12);
    const retreat = o.outcomes.filter((x: { outcome: string }) => /all defenders retreat/.test(x.outcome));
    expect(retreat.reduce((a: number, x: { probability: number }) => a + x.probability, 0)).toBeCloseTo(1 / 6, 12);
    // The text report gives the fractions.
    expect(muster(['odds', 'army-vs-guerrilla.json', '--option', 'upgrade none', '--rolls', '1']).out).toMatch(
      /eliminated +\| 83\.33% \| 5\/6/,
    );
  });

  test('a position that breaks a rule of the game is refused, naming the rule broken', () => {
    const pos = JSON.parse(readFileSync(join(dir, 'army-vs-guerrilla.json'), 'utf8'));
    pos.state.phase = 'irish-actions';
    pos.state.combat = null;
    pos.state.ask = { kind: 'action' };
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(pos));
    const r = muster(['odds', 'bad.json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/breaks a rule of irish-freedom: .*contested/);
    pos.state.units[0].area = 42;
    writeFileSync(join(dir, 'bad2.json'), JSON.stringify(pos));
    const t = muster(['odds', 'bad2.json']);
    expect(t.code).toBe(2);
    expect(t.err).toMatch(/does not fit irish-freedom's state type:\n +state\/units\/0\/area must be string/);
  });

  /**
   * A newcomer's report: an option that leads through the whole British turn (event card, treaty
   * check, upgrade, move, combats, retreats) printed only its heading, for minutes. Its outcomes do
   * not fit the limits (a British retreat into the Area of its combat fights again, so the dice can
   * go on without end) and are sampled; nearly every sampled British turn is an outcome of its own,
   * and each row of the outcome table, a whole British turn, took about half a second to draw.
   */
  test('Irish Freedom: an option that runs the whole British turn is sampled and printed, its likeliest outcomes listed', () => {
    expect(muster(['play', 'irish-freedom', '--seed', 'fork1', '--bot', 'heuristic', '--save', 'fork1.json']).code).toBe(0);
    const r = muster(['odds', 'fork1.json', '--at', '4', '--option', 'upgrade u10', '--samples', '300', '--max-outcomes', '200']);
    expect(r.code).toBe(0);
    const heading = r.out.replace(/\s+/g, ' ');
    expect(heading).toMatch(
      /upgrade u10 - .*\(SAMPLED \(this option has more than 200 outcomes of the dice: sampled 300 runs instead\); 95% intervals\)/,
    );
    expect(r.out).toMatch(/became Green Flying Column +\| \d+\.\d\d% \| \d+\.\d-\d+\.\d%/);
    // 40 rows at most: the 39 likeliest outcomes, then the others summed.
    const rest = /\((\d+) other outcomes, none likelier than those above; --json lists them\) +\| (\d+\.\d\d)%/.exec(r.out);
    expect(rest).not.toBeNull();
    const j = JSON.parse(
      muster(['odds', 'fork1.json', '--at', '4', '--option', 'upgrade u10', '--samples', '300', '--max-outcomes', '200', '--json']).out,
    );
    expect(j.odds[0].method).toBe('sampled');
    expect(j.odds[0].outcomes).toHaveLength(39 + Number(rest![1]));
    // The same record and flags give the same report.
    expect(muster(['odds', 'fork1.json', '--at', '4', '--option', 'upgrade u10', '--samples', '300', '--max-outcomes', '200']).out).toBe(
      r.out,
    );
  });

  test('--to phase says where it stopped when a decision comes before the phase ends (it printed what --to decision prints, without a word)', () => {
    if (!existsSync(join(dir, 'fork1.json')))
      expect(muster(['play', 'irish-freedom', '--seed', 'fork1', '--bot', 'heuristic', '--save', 'fork1.json']).code).toBe(0);
    const args = ['odds', 'fork1.json', '--at', '0', '--option', 'upgrade u5'];
    const phase = muster([...args, '--to', 'phase']);
    expect(phase.code).toBe(0);
    expect(phase.out.replace(/\s+/g, ' ')).toMatch(
      /\(exact, 1 outcome of the dice\) --to phase: stopped at the next decision, before the phase ended: Irish, \[War of Independence: Irish move\/recruit phase\] Turn 1: action 2 of 2 - recruit or move\. The odds never decide for you: this is what --to decision shows\./,
    );
    expect(muster(args).out).not.toMatch(/--to phase/);
    const j = JSON.parse(muster([...args, '--to', 'phase', '--json']).out);
    expect(j.odds[0].beforePhaseEnd).toEqual({
      probability: 1,
      at: ['Irish, [War of Independence: Irish move/recruit phase] Turn 1: action 2 of 2 - recruit or move.'],
    });
  });

  test('a record whose choices do not reach the result it claims is refused, as resume refuses it', () => {
    expect(muster(['play', 'irish-freedom', '--seed', 'fork1', '--bot', 'heuristic', '--save', 'finished.json']).code).toBe(0);
    const rec = JSON.parse(readFileSync(join(dir, 'finished.json'), 'utf8'));
    expect(rec.result).toBeDefined();
    rec.choices = rec.choices.slice(0, 20); // "result" and "stateHash" kept
    writeFileSync(join(dir, 'cut.json'), JSON.stringify(rec));
    for (const args of [
      ['odds', 'cut.json'],
      ['odds', 'cut.json', '--at', '4'],
      ['resume', 'cut.json'],
    ]) {
      const r = muster(args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(
        /^muster: cut\.json does not replay to what it claims: the record claims a finished game .*but its 20 choices leave the game unfinished/,
      );
      expect(r.err).not.toMatch(/\n +at /); // no stack trace
    }
    expect(muster(['replay', 'cut.json']).code).toBe(1);
  });

  test('an unfinished game of two sides needs --all (its odds use the hidden hands)', () => {
    muster(['play', 'english-civil-war', '--vs', 'random', '--seed', 'o1', '--save', 'ecw.json'], 'declare attack\n');
    const r = muster(['odds', 'ecw.json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/hidden information/);
  });

  test("Irlande 1798, humbert-combat=hidden: 'one unit of the stack routs' is one row, whatever the blind order of the morale dice", async () => {
    // The English (Lake, two militia) attack Humbert's stack of three, hidden, at the fight decision.
    const rules = await rulesData();
    const place: Record<string, string> = { kilkenny: '0506', longford: '0506', '70e-g': '0606', '70e-1': '0606', '70e-2': '0606' };
    const { s, env } = position(rules, place, { phase: 'E', generals: { humbert: '0606', lake: '0506' } });
    s.options.humbertCombat = 'hidden';
    play(s, env, 'attack 0606');
    for (let w; (w = irl.decision(s, rules)!.options.find((o) => o.id.startsWith('with ')));) irl.apply(s, w.id, env);
    writeFileSync(join(dir, 'stack.json'), JSON.stringify({ game: 'irlande-1798', options: { 'humbert-combat': 'hidden' }, state: s }));
    const routs = (o: string) => o.match(/A unit of Humbert's stack fails its morale check and routs/g)?.length ?? 0;
    const j = JSON.parse(muster(['odds', 'stack.json', '--option', 'fight', '--json']).out);
    const won = (j.odds[0].outcomes as { outcome: string; probability: number }[]).filter((x) => /PP\/JM/.test(x.outcome));
    // A row per number of units routed (0 to 3), summing to the 1/6 of the result PP/JM.
    expect(won.map((x) => routs(x.outcome)).sort()).toEqual([0, 1, 2, 3]);
    expect(won.reduce((a, x) => a + x.probability, 0)).toBeCloseTo(1 / 6, 12);
    // In text (one line a row): the row of one unit routed once, its chance the sum of the three orders' (2/81 each).
    const rows = runner(dir, { NO_COLOR: '1', COLUMNS: '400' })(['odds', 'stack.json', '--option', 'fight'])
      .out.split('\n')
      .filter((l) => l.includes('PP/JM'));
    expect(rows.filter((l) => routs(l) === 1)).toEqual([expect.stringMatching(/\| 7\.41% +\| 2\/27 +\|$/)]);
    // All four, likeliest first (the morale lines no longer carry their die, so fewer rows: none summed past the table's 40).
    expect(rows.map(routs)).toEqual([1, 0, 2, 3]);
  });
});

describe('muster check', () => {
  test('finds nothing in the rules as printed (a few games)', () => {
    const r = muster(['check', 'irish-freedom', '--games', '30']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/30 random games[^]*Nothing found/);
  });

  test('finds a fault planted in a modified rules copy and writes the shortest record that shows it', () => {
    const rules = JSON.parse(readFileSync(resolve('rules/irish-freedom.json'), 'utf8'));
    rules.britishMorale.perRegion = 3; // passes the schema and the cross-checks; morale then leaves its track
    writeFileSync(join(dir, 'if-planted.json'), JSON.stringify(rules));
    const r = muster(['check', 'irish-freedom', '--games', '20', '--rules', 'if-planted.json', '--out', 'planted-fault.json']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FOUND 20 faults: 20 invariant/);
    const m = /Shortest: invariant after (\d+) decisions? \(seed (check\/\d+)\): British morale \d+ out of range/.exec(r.out);
    expect(m).not.toBeNull();
    const rec = JSON.parse(readFileSync(join(dir, 'planted-fault.json'), 'utf8'));
    expect(rec.choices).toHaveLength(Number(m![1]));
    expect(rec.seed).toBe(m![2]);
    // The record replays with the planted rules and shows the broken state.
    const replay = muster(['replay', 'planted-fault.json', '--rules', 'if-planted.json']);
    expect(replay.out).toMatch(/British morale/);
  });

  test('--out makes missing folders, as simulate --save-games does; a file in the way is refused at once, exit 2', () => {
    const args = ['check', 'irish-freedom', '--games', '3', '--rules', 'if-planted.json', '--out'];
    const deep = muster([...args, 'found/deeper/fault.json']);
    expect(deep.code).toBe(1);
    expect(deep.out).toContain('Its record is in found/deeper/fault.json');
    expect(JSON.parse(readFileSync(join(dir, 'found/deeper/fault.json'), 'utf8')).choices.length).toBeGreaterThan(0);
    // A folder, given with its slash or already there: the default name in it.
    expect(muster([...args, 'found/slash/']).code).toBe(1);
    expect(existsSync(join(dir, 'found/slash/check-irish-freedom-failure.muster.json'))).toBe(true);
    expect(muster([...args, 'found']).code).toBe(1);
    expect(existsSync(join(dir, 'found/check-irish-freedom-failure.muster.json'))).toBe(true);
    writeFileSync(join(dir, 'in-the-way'), 'x');
    const blocked = muster([...args, 'in-the-way/fault.json']);
    expect(blocked.code).toBe(2);
    expect(blocked.out).toBe('');
    expect(blocked.err).toBe('muster: --out: cannot make the folder "in-the-way": it is a file, not a folder\n');
    const under = muster([...args, 'in-the-way/sub/fault.json']);
    expect(under.code).toBe(2);
    expect(under.err).toMatch(/^muster: --out: cannot make the folder "in-the-way\/sub": ".*\/in-the-way" is a file, not a folder\n$/);
  });

  test('--out naming a file that is not a record: refused, and the message names --out (it said "--save")', () => {
    writeFileSync(join(dir, 'notes.txt'), 'my notes\n');
    const r = muster(['check', 'irish-freedom', '--games', '3', '--rules', 'if-planted.json', '--out', 'notes.txt']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('muster: notes.txt exists and is not a Muster record; not overwriting it (choose another --out file)\n');
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('my notes\n');
  });

  test('--out: when nothing is found, the folders it made are taken away again; a folder that was there stays', () => {
    // A newcomer's `check --out DIR/x.json` that found nothing left DIR behind, empty.
    const clean = muster(['check', 'irish-freedom', '--games', '2', '--out', 'nothing-found/deeper/x.json']);
    expect(clean.code).toBe(0);
    expect(clean.out).toContain('Nothing found');
    expect(existsSync(join(dir, 'nothing-found'))).toBe(false);
    mkdirSync(join(dir, 'was-there'));
    expect(muster(['check', 'irish-freedom', '--games', '2', '--out', 'was-there/new/x.json']).code).toBe(0);
    expect(existsSync(join(dir, 'was-there'))).toBe(true);
    expect(existsSync(join(dir, 'was-there/new'))).toBe(false);
  });
});

describe('muster odds: every number flag has an upper bound, named in its message and in --help', () => {
  // A newcomer's `--samples 99999999999` was accepted and ran on until killed.
  const limits: [string, string][] = [
    ['--samples', '10,000,000'],
    ['--rolls', '1,000'],
    ['--max-outcomes', '10,000,000'],
    ['--exact-cost', '1,000'],
  ];
  const rec = resolve('tests/golden/irish-freedom/campaign-heuristic-golden-1.json');
  test.each(limits)('%s past %s is refused (exit 2, nothing computed)', (flag, max) => {
    const over = String(Number(max.replace(/,/g, '')) + 1);
    const r = muster(['odds', rec, '--at', '3', flag, over]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(`muster: ${flag} wants a whole number from 1 to ${max}, not "${over}"\n`);
  });

  test('--help names each bound', () => {
    const help = muster(['odds', '--help']).out.replace(/\s+/g, ' ');
    for (const [flag, max] of limits) expect(help).toMatch(new RegExp(`${flag} <\\w+> [^-]*\\b${max}\\b`));
  });
});

describe('muster check: every number flag has an upper bound, named in its message and in --help', () => {
  const limits: [string, string][] = [
    ['--games', '10,000,000'],
    ['--seconds', '86,400'],
    ['--max-steps', '1,000,000'],
    ['--every', '10,000'],
  ];
  test.each(limits)('%s past %s is refused (exit 2, no games played)', (flag, max) => {
    const over = String(Number(max.replace(/,/g, '')) + 1);
    const r = muster(['check', 'irish-freedom', flag, over]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(`muster: ${flag} wants a whole number from 1 to ${max}, not "${over}"\n`);
    expect(muster(['check', 'irish-freedom', flag, '0']).err).toMatch(`from 1 to ${max}, not "0"`);
  });

  test('--help names each bound', () => {
    const help = muster(['check', '--help']).out.replace(/\s+/g, ' ');
    for (const [flag, max] of limits) expect(help).toMatch(new RegExp(`${flag} <\\w+> [^-]*\\b${max}\\b`));
  });

  test('the bounds themselves are allowed', () => {
    const r = muster(['check', 'irish-freedom', '--games', '1', '--max-steps', '1000000', '--every', '10000', '--seconds', '86400']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/1 random games/);
  });
});

describe('muster compare', () => {
  test('"how often do the Irish win with events off?" in one command: both arms, the difference, its interval', () => {
    const r = muster(['compare', 'irish-freedom', '--games', '300', '--bot', 'heuristic', '--b-option', 'events=off', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.a.options.events).toBe('on');
    expect(j.b.options.events).toBe('off');
    const wins = j.figures.find((f: { figure: string }) => f.figure === 'Irish wins');
    expect(wins.kind).toBe('share');
    expect(wins.difference.interval.low).toBeLessThan(wins.difference.value);
    expect(typeof wins.beyondNoise).toBe('boolean');
  });

  test('at 80 columns the table wraps figure names at spaces, never inside a word', () => {
    // Was: "blueCasualti" / "es" (the name column cut to what the number columns left).
    const r = runner(dir, { NO_COLOR: '1', COLUMNS: '80' })(['compare', 'small-action', '--games', '4', '--b-option', 'morale=off']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    const names = lines.filter((l) => l.startsWith('| ')).map((l) => l.split('|')[1].trim());
    expect(names).toEqual(expect.arrayContaining(['blueCasualties', 'order:fire-and-movement']));
  });

  test('--json numbers are rounded to 6 decimals, compare and simulate alike (no "high": 0.9999999999999999)', () => {
    const c = muster(['compare', 'irish-freedom', '--games', '12', '--b-option', 'events=off', '--json']);
    const s = muster(['simulate', 'irish-freedom', '--games', '20', '--threads', '1', '--json']);
    for (const r of [c, s]) {
      expect(r.code).toBe(0);
      expect(r.out.match(/\d\.\d{7,}/g)).toBeNull();
    }
    expect(s.out).toMatch(/"high": 1\b/); // completion's Wilson bound when every game ended
  });

  test('two identical arms: no difference beyond noise', () => {
    const r = muster(['compare', 'english-civil-war', '--games', '30', '-o', 'turn-limit=25']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/No difference beyond noise\./);
    // It ran silently: now a warning on stderr says the arms are the same, and how to make them differ.
    expect(r.err).toMatch(/A and B are the same .*--b-option/s);
    const differ = muster(['compare', 'english-civil-war', '--games', '4', '-o', 'turn-limit=25', '--b-option', 'turn-limit=50']);
    expect(differ.code).toBe(0);
    expect(differ.err).toBe('');
  });

  test.each([
    ['irish-freedom', ['--games', '40', '--bot', 'heuristic', '--b-option', 'events=off']],
    ['english-civil-war', ['--games', '24', '-o', 'turn-limit=25', '--b-bot', 'Royalist=heuristic']],
    ['small-action', ['--games', '12', '--b-option', 'morale=off']],
  ])('%s: --threads 1 and --threads 2 print the same, to the byte (JSON and table)', (game, args) => {
    for (const json of [['--json'], []]) {
      const one = muster(['compare', game, ...args, '--threads', '1', ...json]);
      const two = muster(['compare', game, ...args, '--threads', '2', ...json]);
      expect(one.err).toBe('');
      expect(two.err).toBe('');
      expect(one.code).toBe(0);
      expect(two.code).toBe(0);
      expect(two.out).toBe(one.out);
    }
  });

  test('--threads takes 1 to 256, as simulate does, and --help says so', () => {
    for (const bad of ['0', '257', '1.5', 'all']) {
      const r = muster(['compare', 'irish-freedom', '--games', '2', '--threads', bad]);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toBe(`muster: --threads wants a whole number from 1 to 256, not "${bad}"\n`);
    }
    expect(muster(['compare', '--help']).out.replace(/\s+/g, ' ')).toMatch(/--threads <n> worker threads, 1 to 256 \(default: the cores\)/);
  });

  test('bots per side in each arm; a bad side or bot is a usage error', () => {
    const r = muster(['compare', 'english-civil-war', '--games', '20', '-o', 'turn-limit=25', '--a-bot', 'Royalist=heuristic', '--json']);
    expect(JSON.parse(r.out).a.bots).toEqual({ Parliament: 'random', Royalist: 'heuristic' });
    const bad = muster(['compare', 'english-civil-war', '--games', '20', '--a-bot', 'Scots=heuristic']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/no side "Scots"/);
  });
});

test("odds: the card game's muster total is 4D6 exactly (Parliament passes, the dice are rolled)", () => {
  expect(
    muster(['play', 'english-civil-war', '--bot', 'random', '--vs', 'random', '--seed', 'm1', '-o', 'turn-limit=25', '--save', 'm1.json'])
      .code,
  ).toBe(0);
  const j = JSON.parse(muster(['odds', 'm1.json', '--at', '0', '--rolls', '4', '--option', 'done', '--json']).out);
  const facts = j.odds[0].facts as { outcome: string; probability: number }[];
  // 4D6 = 14 has 146 of 1296 ways; 4 and 24 one each.
  const p = (gain: number) => facts.find((f) => f.outcome.endsWith(`(+${gain})`))!.probability;
  expect(p(14)).toBeCloseTo(146 / 1296, 12);
  expect(p(4)).toBeCloseTo(1 / 1296, 12);
  expect(p(24)).toBeCloseTo(1 / 1296, 12);
  expect(facts).toHaveLength(21);
});
