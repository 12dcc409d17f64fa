/** The table's geometry: cell names, distances between centres, and symmetric line of sight. */
import { canSee, cellId, cellsBetween, distance, gridOf, parseCell } from '../../../src/games/small-action/geometry.js';
import { rules, rulesData } from './helpers.js';

beforeAll(rulesData);

test('cells are named by row letter and column number, and read back', () => {
  const g = gridOf(rules(), 'lane-ambush');
  expect([g.cols, g.rows]).toEqual([36, 24]);
  expect(cellId(g, parseCell(g, 'M14'))).toBe('M14');
  expect(parseCell(g, 'm14')).toBe(parseCell(g, 'M14'));
  expect(parseCell(g, 'Y1')).toBe(-1);
  expect(parseCell(g, 'A37')).toBe(-1);
});

test('distances are between cell centres in mm: 50 across, about 71 diagonally', () => {
  const g = gridOf(rules(), 'lane-ambush');
  const d = (a: string, b: string) => distance(rules(), g, parseCell(g, a), parseCell(g, b));
  expect(d('A1', 'A2')).toBe(50);
  expect(d('A1', 'B2')).toBeCloseTo(70.71, 2);
  expect(d('A1', 'D5')).toBe(250);
});

test('a line through a corner touches neither side cell', () => {
  const g = gridOf(rules(), 'patrol-clash');
  expect(cellsBetween(g, parseCell(g, 'A1'), parseCell(g, 'C3')).map((c) => cellId(g, c))).toEqual(['B2']);
  expect(cellsBetween(g, parseCell(g, 'A1'), parseCell(g, 'B3')).map((c) => cellId(g, c))).toEqual(['A2', 'B2']);
});

test('sight: blocked by a building, or by more than one woods cell; one woods cell, walls and hedges do not block', () => {
  const g = gridOf(rules(), 'patrol-clash');
  const see = (a: string, b: string) => canSee(rules(), g, parseCell(g, a), parseCell(g, b));
  expect(see('J20', 'J27')).toBe(false); // through the farmhouse J23-J25
  expect(see('J20', 'J23')).toBe(true); // into it
  expect(see('E8', 'E5')).toBe(true); // one woods cell between (E6)
  expect(see('E8', 'E4')).toBe(false); // E6, E5: two
  expect(see('E1', 'E8')).toBe(false);
  expect(see('N15', 'J15')).toBe(true); // across the hedge row
});

describe.each(['lane-ambush', 'patrol-clash'])('line of sight in %s is symmetric over every pair of cells', (scenario) => {
  test('A sees B exactly when B sees A', () => {
    const g = gridOf(rules(), scenario);
    const n = g.cols * g.rows;
    const bad: string[] = [];
    let seen = 0;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const ab = canSee(rules(), g, a, b);
        if (ab !== canSee(rules(), g, b, a)) bad.push(`${cellId(g, a)}-${cellId(g, b)}`);
        if (ab) seen++;
      }
    }
    expect(bad).toEqual([]);
    // Not a vacuous pass: some pairs see each other and some do not.
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan((n * (n - 1)) / 2);
  });
});
