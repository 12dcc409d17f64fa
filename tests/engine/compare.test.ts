/** A/B comparison (src/engine/compare.ts) and its intervals (src/engine/stats.ts). */
import {
  compareArms,
  compareRows,
  mergeCompareTally,
  newCompareTally,
  runCompareChunk,
  type CompareSpec,
  type Game,
} from '../../src/engine/compare.js';
import { playout } from '../../src/engine/playout.js';
import { meanInterval, wilson } from '../../src/engine/stats.js';
import { toyGame } from './toy-game.js';

test('Wilson intervals match published values', () => {
  // 5 of 10: 0.2366 to 0.7634; 0 of 20: 0 to 0.1611 (Newcombe 1998, table I: 95%).
  const a = wilson(5, 10);
  expect(a.low).toBeCloseTo(0.2366, 3);
  expect(a.high).toBeCloseTo(0.7634, 3);
  const b = wilson(0, 20);
  expect(b.low).toBe(0);
  expect(b.high).toBeCloseTo(0.1611, 3);
});

test("a mean's interval is mean ± 1.96 standard errors", () => {
  const m = meanInterval([1, 2, 3, 4, 5])!;
  expect(m.mean).toBe(3);
  const se = Math.sqrt(2.5) / Math.sqrt(5);
  expect(m.interval.high - m.mean).toBeCloseTo(1.96 * se, 2);
});

const arm = (target: string, n = 300): Game[] =>
  Array.from({ length: n }, (_, k) => {
    const r = playout(toyGame, {}, { seed: `cmp/${k}`, options: { target }, bots: { Solo: toyGame.bots.heuristic } });
    return { outcome: r.outcome, decisions: r.steps };
  });

test('two identical arms differ in nothing', () => {
  const rows = compareArms(toyGame.sides, arm('10'), arm('10'));
  expect(rows.filter((r) => r.beyondNoise)).toEqual([]);
  expect(rows.find((r) => r.figure === 'turns')!.difference!.value).toBe(0);
});

test('a change known to matter (a higher target: longer games) is beyond noise, with the right sign', () => {
  const rows = compareArms(toyGame.sides, arm('10'), arm('20'));
  const turns = rows.find((r) => r.figure === 'turns')!;
  expect(turns.beyondNoise).toBe(true);
  expect(turns.difference!.interval.low).toBeGreaterThan(0);
  expect(rows.find((r) => r.figure === 'decisions')!.beyondNoise).toBe(true);
});

test("an arm's mean interval stays within the values seen (a figure's last turn is not exceeded)", () => {
  // Was: surrenderTurn 9.00 (7.04 to 10.96) where 10 is the last turn.
  const game = (t: number): Game => ({ outcome: { finished: true, turns: t, summary: '' }, decisions: 1 });
  const a = [10, 10, 10, 10, 4, 10, 10].map(game);
  const turns = compareArms(toyGame.sides, a, a).find((r) => r.figure === 'turns')!;
  expect(turns.a!.interval.high).toBe(10);
  expect(turns.a!.interval.low).toBeGreaterThan(4);
  expect(turns.a!.interval.low).toBeLessThan(turns.a!.value);
});

test("victory levels come in the rulebook's order where the module lists them, the others after, alphabetically (they were alphabetical)", async () => {
  const { figures } = await import('../../src/engine/compare.js');
  const game = (level: string): Game => ({ outcome: { finished: true, winner: null, level, summary: '' }, decisions: 1 });
  const games = ['Zebra', 'Alpha', 'Major', 'Minor', 'Beta'].map(game);
  const listed = [
    { name: 'Major', group: 'war' },
    { name: 'Minor', group: 'war' },
    { name: 'Zebra', group: 'war' },
  ];
  const names = (l?: typeof listed) =>
    figures(['Solo'], games, l)
      .filter((f) => f.name.startsWith('level: '))
      .map((f) => f.name.slice(7));
  expect(names(listed)).toEqual(['Major', 'Minor', 'Zebra', 'Alpha', 'Beta']);
  expect(names()).toEqual(['Alpha', 'Beta', 'Major', 'Minor', 'Zebra']);
});

describe('compare adds the games up as they end (its threads merge chunks of them)', () => {
  const spec: CompareSpec = {
    game: toyGame.id,
    seed: 'chunks',
    a: { options: { target: '10' }, bots: { Solo: 'heuristic' } },
    b: { options: { target: '20' }, bots: { Solo: 'random' } },
  };
  const chunk = (from: number, to: number) => {
    const r = runCompareChunk(toyGame, {}, {}, spec, from, to);
    expect(r.failure).toBeNull();
    return r.tally;
  };

  test('chunks merged in order give the rows of the games compared at once', () => {
    const merged = newCompareTally();
    for (const [from, to] of [
      [1, 7],
      [8, 8],
      [9, 40],
    ])
      mergeCompareTally(merged, chunk(from, to));
    const game = (options: Record<string, string>, bot: string, k: number): Game => {
      const r = playout(toyGame, {}, { seed: `chunks/${k}`, options, bots: { Solo: toyGame.bots[bot] } });
      return { outcome: r.outcome, decisions: r.steps };
    };
    const ks = Array.from({ length: 40 }, (_, i) => i + 1);
    const a = ks.map((k) => game({ target: '10' }, 'heuristic', k));
    const b = ks.map((k) => game({ target: '20' }, 'random', k));
    expect(JSON.stringify(compareRows(toyGame.sides, merged))).toBe(JSON.stringify(compareArms(toyGame.sides, a, b)));
  });

  test('the tally does not grow with the number of games', () => {
    const size = (n: number) => JSON.stringify(chunk(1, n)).length;
    expect(size(4000)).toBeLessThan(size(40) + 200);
  });
});
