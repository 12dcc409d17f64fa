/**
 * simulate's designer report (issues 12 and 13): figures gathered as games finish (sim-tally.ts), a
 * chunk of games played anywhere (sim-run.ts), decisiveness and first-mover advantage by their
 * definitions, histograms against simple-statistics, and the same report however the games are cut
 * into chunks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { max, mean, median, min } from 'simple-statistics';
import type { GameModule, AnyGameModule } from '../../src/engine/module.js';
import { IllegalChoice } from '../../src/engine/module.js';
import { RULES_DIR } from '../../src/engine/rules.js';
import { resolveOptions } from '../../src/engine/runner.js';
import { runChunk, type SimSpec } from '../../src/engine/sim-run.js';
import { chunkSize } from '../../src/engine/sim-pool.js';
import { binsOf, meanOf, mergeTally, newTally, report, spreadOf, type Counts } from '../../src/engine/sim-tally.js';
import { wilson } from '../../src/engine/stats.js';
import { englishCivilWar } from '../../src/games/english-civil-war/index.js';
import { smallAction } from '../../src/games/small-action/index.js';
import { toyDuel } from './toy-duel.js';

/**
 * A race of fixed length whose leader after each decision is given by the option `path` (a string of
 * A, B or = per decision, "=" a tie; the last letter wins): both options of every decision do the
 * same, so the game is the path. Decisiveness is known by hand.
 */
interface RaceState {
  path: string;
  step: number;
}
const race: GameModule<RaceState, object, RaceState> = {
  id: 'race',
  title: 'Race',
  blurb: 'test',
  sides: ['A', 'B'],
  rulesName: 'race',
  firstMover: 'A, always',
  optionsSpec: [{ key: 'path', description: 'leaders', values: ['ABAA', 'AAAA', 'AAAB', 'B=BB', 'ABAB', 'AB=='], default: 'ABAA' }],
  loadRules: () => ({}),
  setup: (_r, o) => ({ path: o.path, step: 0 }),
  decision: (s) =>
    s.step >= s.path.length
      ? null
      : {
          side: 'AB'[s.step % 2],
          phase: 'Run',
          prompt: 'run',
          options: [
            { id: 'left', label: 'l' },
            { id: 'right', label: 'r' },
          ],
        },
  apply(s, id) {
    if (id !== 'left' && id !== 'right') throw new IllegalChoice(id, ['left', 'right']);
    s.step++;
  },
  result(s) {
    const over = s.step >= s.path.length;
    const last = s.path[s.path.length - 1];
    return { finished: over, winner: over ? (last === '=' ? null : last) : undefined, turns: s.step, summary: '' };
  },
  view: (s) => s,
  render: () => '',
  rulesTopics: [],
  renderRules: () => '',
  help: () => '',
  bots: { random: (_v, d, rng) => d.options[Math.floor(rng() * 2)].id },
  invariants: () => [],
  // Before any decision nobody leads; after decision j the j-th letter.
  score: (s) => {
    const c = s.step ? s.path[s.step - 1] : '=';
    return { A: c === 'A' ? 1 : 0, B: c === 'B' ? 1 : 0 };
  },
  firstMoverOf: () => 'A',
};

function spec(mod: AnyGameModule, options: Record<string, string> = {}, seed = 't'): SimSpec {
  return {
    game: mod.id,
    seed,
    options: resolveOptions(mod, options),
    bots: Object.fromEntries(mod.sides.map((s) => [s, 'random'])),
    check: true,
  };
}

describe('decisiveness: the share of the decisions after which the winner led to the end', () => {
  // The leader after decision j is the j-th letter; nobody leads before the first decision.
  test.each([
    ['ABAA', 750], // A leads for good from decision 3 of 4
    ['AAAA', 250], // from decision 1 (nobody led before it)
    ['AAAB', 1000], // B takes the lead with the last decision
    ['ABAB', 1000],
    ['B=BB', 750], // a tie after decision 2 is no one's lead
  ])('path %s: %i thousandths', (path, thousandths) => {
    const { tally } = runChunk(race, {}, spec(race, { path }), 1, 1);
    expect(tally.clear).toEqual({ [thousandths]: 1 });
  });

  test('the report gives mean, median, min and max as shares; a drawn game is not counted', () => {
    const t = newTally();
    for (const path of ['ABAA', 'AAAA', 'B=BB', 'AB==']) mergeTally(t, runChunk(race, {}, spec(race, { path }), 1, 1).tally);
    const r = report(t, { sides: race.sides, seed: 't', firstMover: race.firstMover, scored: true });
    expect(r.decisiveness).toEqual({ games: 3, mean: (0.75 + 0.25 + 0.75) / 3, median: 0.75, min: 0.25, max: 0.75 });
    expect(t.draws).toBe(1);
  });

  test('no running score (or a game played alone): no decisiveness', () => {
    const { score: _s, ...unscored } = race;
    const t = runChunk(unscored as typeof race, {}, spec(race), 1, 3).tally;
    expect(t.clear).toEqual({});
    expect(report(t, { sides: race.sides, seed: 't', scored: false }).decisiveness).toBeNull();
  });
});

describe('the report', () => {
  test('first mover: the share of games the side that acted first won, with its Wilson interval', () => {
    const t = newTally();
    for (const path of ['ABAA', 'AAAB', 'AAAB', 'B=BB', 'AAAA']) mergeTally(t, runChunk(race, {}, spec(race, { path }), 1, 1).tally);
    const r = report(t, { sides: race.sides, seed: 't', firstMover: race.firstMover, scored: true });
    expect(r.firstMover).toMatchObject({
      meaning: 'A, always',
      count: 2,
      of: 5,
      share: 0.4,
      interval: wilson(2, 5),
      bySide: { A: { games: 5, wins: 2 } },
    });
    expect((r.firstMover as { note: string }).note).toMatch(/A moved first in every game: this is also A's balance/);
    expect(r.balance).toEqual([
      { side: 'A', count: 2, of: 5, share: 0.4, interval: wilson(2, 5) },
      { side: 'B', count: 3, of: 5, share: 0.6, interval: wilson(3, 5) },
    ]);
    expect(report(t, { sides: race.sides, seed: 't', scored: true }).firstMover).toBeNull();
  });

  test('balance, completion and draws of the toy duel add up', () => {
    const { tally } = runChunk(toyDuel, {}, spec(toyDuel), 1, 200);
    const r = report(tally, { sides: toyDuel.sides, seed: 't', scored: false });
    const wins = r.balance.reduce((a, b) => a + b.count, 0);
    expect(wins + r.draws!.count).toBe(200);
    expect(r.completion).toMatchObject({ count: 200, of: 200, share: 1, runaways: 0 });
    expect(r.draws!.interval).toEqual(wilson(r.draws!.count, 200));
  });

  test('min, median, mean and max from a histogram are those of the list of values (simple-statistics)', () => {
    let x = 7;
    const values: number[] = [];
    for (let i = 0; i < 301; i++) values.push((x = (x * 48271) % 2147483647) % 37);
    for (const xs of [values, values.slice(0, 300), [5], [3, 9]]) {
      const c: Counts = {};
      for (const v of xs) c[v] = (c[v] ?? 0) + 1;
      expect(spreadOf(c)).toEqual({ min: min(xs), median: median(xs), max: max(xs) });
      expect(meanOf(c)).toBeCloseTo(mean(xs), 12);
    }
    expect(spreadOf({})).toBeNull();
  });

  test('histogram bins: one per value up to 20, else 1-2-5 widths; every game in one bin', () => {
    expect(binsOf({ 3: 1, 5: 2 })).toEqual([
      { from: 3, to: 3, count: 1 },
      { from: 4, to: 4, count: 0 },
      { from: 5, to: 5, count: 2 },
    ]);
    const c: Counts = { 60: 1, 354: 2, 100: 5 };
    const bins = binsOf(c);
    expect(bins.length).toBeLessThanOrEqual(20);
    expect(bins[0]).toEqual({ from: 60, to: 79, count: 1 });
    expect(bins[bins.length - 1]).toEqual({ from: 340, to: 359, count: 2 });
    expect(bins.reduce((a, b) => a + b.count, 0)).toBe(8);
  });
});

describe('chunks', () => {
  const ecwRules = englishCivilWar.loadRules(JSON.parse(readFileSync(join(RULES_DIR, 'english-civil-war.json'), 'utf8')));
  const saRules = smallAction.loadRules(JSON.parse(readFileSync(join(RULES_DIR, 'small-action.json'), 'utf8')));

  test.each([
    [
      'english-civil-war',
      englishCivilWar,
      ecwRules,
      { 'turn-limit': '25' },
      [
        [1, 5],
        [6, 6],
        [7, 20],
        [21, 24],
      ],
    ],
    [
      'small-action',
      smallAction,
      saRules,
      {},
      [
        [1, 3],
        [4, 4],
        [5, 10],
      ],
    ],
  ])('%s: the games cut into chunks and merged in order give the same report as one run', (_name, mod, rules, options, chunks) => {
    const s = spec(mod as AnyGameModule, options as Record<string, string>, 'chunks');
    const n = (chunks as number[][])[(chunks as number[][]).length - 1][1];
    const whole = runChunk(mod as AnyGameModule, rules, s, 1, n);
    expect(whole.failure).toBeNull();
    const parts = newTally();
    for (const [from, to] of chunks as number[][]) mergeTally(parts, runChunk(mod as AnyGameModule, rules, s, from, to).tally);
    const ctx = { sides: (mod as GameModule).sides, seed: 'chunks', firstMover: (mod as GameModule).firstMover, scored: true };
    expect(report(parts, ctx)).toEqual(report(whole.tally, ctx));
    expect(parts).toEqual(whole.tally);
  });

  test('memory flat in the number of games: a tally of 20,000 games is about as big as one of 2,000 (no list of games kept)', () => {
    const size = (n: number) => JSON.stringify(runChunk(toyDuel, {}, spec(toyDuel), 1, n).tally).length;
    const small = size(2_000);
    expect(size(20_000)).toBeLessThan(small * 1.2);
  });

  test('the chunk size depends on the number of games only', () => {
    expect([1, 100, 200, 201, 10_000, 100_000].map(chunkSize)).toEqual([1, 1, 1, 2, 50, 100]);
  });

  test('a broken invariant stops a chunk at that game; the games before it are counted', () => {
    const planted = { ...toyDuel, invariants: (s: { round: number }) => (s.round >= 3 ? ['planted: round 3'] : []) };
    const r = runChunk(planted as typeof toyDuel, {}, spec(toyDuel), 1, 5);
    expect(r.failure).toMatchObject({ k: 1, seed: 't/1', kind: 'invariant', message: 'planted: round 3' });
    expect(r.tally.games).toBe(0);
  });

  test('an error in a game is a failure naming the game and its decision, not a crash of the run', () => {
    const crashing = {
      ...toyDuel,
      apply: () => {
        throw new Error('boom');
      },
    };
    const r = runChunk(crashing as unknown as typeof toyDuel, {}, spec(toyDuel), 3, 4);
    expect(r.failure).toMatchObject({ k: 3, seed: 't/3', step: 0, kind: 'error', message: 'boom' });
  });
});
