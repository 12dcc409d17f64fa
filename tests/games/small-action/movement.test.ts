/** Movement (rulebook: Movement Rates, modifiers, Order Card Definitions' least distances) and formation. */
import { destinations, moveSection, reachable } from '../../../src/games/small-action/movement.js';
import { splitFireAndMovement } from '../../../src/games/small-action/orders.js';
import { gridOf } from '../../../src/games/small-action/geometry.js';
import type { OrderCard } from '../../../src/games/small-action/types.js';
import { cell, fig, rules, rulesData, scripted, sec, situation } from './helpers.js';

beforeAll(rulesData);

const dests = (order: OrderCard, at = 'Q15', weapon?: string) => {
  const s = situation([{ label: 'b1', cell: at, order, weapon }]);
  s.stage = 'movement';
  const d = destinations(s, rules(), sec(s, 'british'));
  return { s, d, has: (c: string) => !!d && d.cells.some((x) => x.cell === cell(s, c)) };
};

test('March Move: at least 75 % of 200 mm and at most 200 mm', () => {
  const { d, has } = dests({ kind: 'march' });
  expect(d!.min).toBe(150);
  expect(d!.cells.every((c) => c.cost >= 150 - 1e-6 && c.cost <= 200 + 1e-6)).toBe(true);
  expect([has('Q17'), has('Q18'), has('Q19'), has('Q20'), has('Q15')]).toEqual([false, true, true, false, false]);
});

test('Combat Move: at least 50 % of 150 mm, at most 150 mm', () => {
  const { d, has } = dests({ kind: 'combat' });
  expect(d!.min).toBe(75);
  expect([has('Q16'), has('Q17'), has('Q18'), has('Q19'), has('P16')]).toEqual([false, true, true, false, false]);
});

test('Cautious Move: any distance up to 100 mm, staying put included', () => {
  const { d, has } = dests({ kind: 'cautious' });
  expect(d!.min).toBe(0);
  expect([has('Q15'), has('Q16'), has('Q17'), has('Q18'), has('O17')]).toEqual([true, true, true, false, false]);
});

test('a diagonal step costs about 71 mm: two of them (141 mm) are a Combat Move, three (212 mm) too far for a March', () => {
  const { has } = dests({ kind: 'combat' });
  expect(has('O17')).toBe(true);
  expect(dests({ kind: 'march' }).has('N18')).toBe(false);
});

test('close country (woods) and buildings at half speed; crossing a hedge or wall at half speed', () => {
  const s = situation([]);
  const g = gridOf(rules(), s.scenario);
  const none = () => false;
  const woods = reachable(rules(), g, cell(s, 'E7'), 100, none);
  expect(woods.cost[cell(s, 'E6')]).toBeCloseTo(100); // into the wood: 50 mm at half speed
  expect(woods.cost[cell(s, 'E5')]).toBe(Infinity);
  const hedge = reachable(rules(), g, cell(s, 'M10'), 150, none);
  expect(hedge.cost[cell(s, 'L10')]).toBeCloseTo(100);
  expect(hedge.cost[cell(s, 'K10')]).toBeCloseTo(150);
  const house = reachable(rules(), g, cell(s, 'J21'), 200, none);
  expect(house.cost[cell(s, 'J23')]).toBeCloseTo(150);
});

test('the MMG (the HMG line) moves only on a Combat Move, 100 mm', () => {
  expect(dests({ kind: 'march' }, 'Q15', 'mmg').d).toBeNull();
  const c = dests({ kind: 'combat' }, 'Q15', 'mmg');
  expect(c.d!.rate).toBe(100);
  expect(c.has('Q17')).toBe(true);
  expect(c.has('Q18')).toBe(false);
});

test('figures never enter a cell held by the enemy, nor pass through it', () => {
  const s = situation([
    { label: 'b1', cell: 'Q15', order: { kind: 'combat' } },
    { label: 'g3', cell: 'Q16' },
    { label: 'g4', cell: 'P16' },
    { label: 'g5', cell: 'R16' },
  ]);
  const d = destinations(s, rules(), sec(s, 'british'))!;
  expect(d.cells.some((c) => c.cell === cell(s, 'Q16'))).toBe(false);
  expect(d.cells.some((c) => c.cell === cell(s, 'Q17'))).toBe(false); // behind the enemy line: 150 mm around it is too far
});

test('the section keeps its formation; each figure is limited by its own ground', () => {
  const s = situation([
    { label: 'b1', cell: 'Q15', order: { kind: 'combat' } },
    { label: 'b3', cell: 'R15', order: { kind: 'combat' } },
    { label: 'b4', cell: 'Q14', order: { kind: 'combat' } },
  ]);
  moveSection(s, scripted([]).env, sec(s, 'british'), cell(s, 'Q18'));
  expect([fig(s, 'b1').cell, fig(s, 'b3').cell, fig(s, 'b4').cell]).toEqual([cell(s, 'Q18'), cell(s, 'R18'), cell(s, 'Q17')]);
  expect(s.sections[sec(s, 'british')].facing).toBe('e');
});

test('leaving the table by the home edge', () => {
  const s = situation([
    { label: 'b1', cell: 'W18', order: { kind: 'march' } },
    { label: 'b3', cell: 'Q18', order: { kind: 'march' } },
  ]);
  const d = destinations(s, rules(), sec(s, 'british'))!;
  expect(d.exit).toBe(true);
  const r = moveSection(s, scripted([]).env, sec(s, 'british'), 'off');
  expect(r.exited).toBe(1);
  expect(fig(s, 'b1').status).toBe('exited');
  expect(fig(s, 'b3').cell).toBe(cell(s, 'U18'));
});

test('Fire and Movement: half the figures, rounded up, fire; the others move', () => {
  const labels = ['b1', 'b3', 'b4', 'b5', 'b6'];
  const s = situation([
    ...labels.map((l, k) => ({ label: l, cell: `Q${10 + k}`, order: { kind: 'fire-and-movement', mode: 'combat' } as OrderCard })),
    { label: 'g3', cell: 'Q30' },
  ]);
  splitFireAndMovement(s, rules(), sec(s, 'british'));
  const fire = labels.filter((l) => fig(s, l).fm === 'fire');
  expect(fire.length).toBe(3);
  expect(fire).toEqual(['b4', 'b5', 'b6']); // the nearest to the enemy
});
