/** The reconstructed map: hex geometry (rules/irlande-1798.md, "The map") and the cross-checks of loadRules. */
import { RulesDataError } from '../../../src/engine/module.js';
import { distance, neighboursOf, positionsOf, unitsIn, generalsIn } from '../../../src/games/irlande-1798/map.js';
import { landingHexes } from '../../../src/games/irlande-1798/setup.js';
import type { IrlRules } from '../../../src/games/irlande-1798/state.js';
import { fresh, mod, position, rulesData } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

test('an odd row touches its own column and the next one west in the rows above and below (Ballina 0507)', () => {
  expect(neighboursOf(rules, '0507')).toEqual(['0407', '0408', '0506', '0508', '0607', '0608']);
});

test('an even row sits half a hex east: it touches its own column and the next one east (0608)', () => {
  expect(neighboursOf(rules, '0608')).toEqual(['0507', '0508', '0607', '0609', '0707', '0708']);
});

test('corner and edge hexes have fewer neighbours (0101, 1206)', () => {
  expect(neighboursOf(rules, '0101')).toEqual(['0102', '0201', '0202']);
  expect(neighboursOf(rules, '1206')).toEqual(['1105', '1106', '1205', '1207']);
});

test('distances follow the offset chosen: Castlebar-Westport and Castlebar-Newport 2, Ballina-Castlebar 4', () => {
  expect(distance(rules, '0908', '1010')).toBe(2);
  expect(distance(rules, '0908', '0810')).toBe(2);
  expect(distance(rules, '0507', '0908')).toBe(4);
});

test('the fleet lands on the coast of its own sea, never next to an English unit (rule 12.1)', () => {
  const { s } = fresh(rules);
  const hexes = landingHexes(s, rules);
  expect(hexes).toContain('0209');
  expect(hexes).not.toContain('0208'); // next to Killala's Yeomanry
  expect(hexes).not.toContain('0306');
  expect(hexes).not.toContain('0810'); // Clew Bay is another sea
  for (const h of hexes) expect(rules.index.hex[h].coast).toBe(true);
});

describe('who stands where (positionsOf)', () => {
  test('the positions a question was asked in are given back while nobody has moved', () => {
    const { s } = position(rules, { '70e-1': '0507', '70e-2': '0507' }, { generals: { humbert: '0507' } });
    const at = positionsOf(s, rules);
    expect(positionsOf(s, rules, at)).toBe(at);
    expect(unitsIn(at, rules, '0507')).toEqual(['70e-1', '70e-2']);
  });

  test('they are taken afresh once a unit moves, a unit leaves the map or a general moves', () => {
    const { s } = position(rules, { '70e-1': '0507', '70e-2': '0507' }, { generals: { humbert: '0507' } });
    const at = positionsOf(s, rules);
    s.units['70e-2'].hex = '0508';
    const moved = positionsOf(s, rules, at);
    expect(moved).not.toBe(at);
    expect(unitsIn(moved, rules, '0507')).toEqual(['70e-1']);
    expect(unitsIn(moved, rules, '0508')).toEqual(['70e-2']);
    s.units['70e-1'].place = 'eliminated';
    const gone = positionsOf(s, rules, moved);
    expect(unitsIn(gone, rules, '0507')).toEqual([]);
    s.generals.humbert.hex = '0508';
    const led = positionsOf(s, rules, gone);
    expect(led).not.toBe(gone);
    expect(generalsIn(led, rules, '0508')).toEqual(['humbert']);
    expect(generalsIn(led, rules, '0507')).toEqual([]);
  });
});

describe('cross-checks of the rules data (loadRules)', () => {
  const raw = () => {
    const { index, ...data } = rules;
    void index;
    return structuredClone(data);
  };
  const problems = (r: unknown): string[] => {
    try {
      mod.loadRules(r);
    } catch (e) {
      if (e instanceof RulesDataError) return e.problems;
      throw e;
    }
    return [];
  };
  test('the shipped data passes', () => {
    expect(problems(raw())).toEqual([]);
  });
  test('a road must join neighbours', () => {
    const r = raw();
    r.map.roads[0].path = ['0307', '0507'];
    expect(problems(r).join()).toMatch(/0307 and 0507 are not neighbours/);
  });
  test('every hex of the grid is on the map', () => {
    const r = raw();
    r.map.hexes = r.map.hexes.filter((h) => h.id !== '0606');
    expect(problems(r).join()).toMatch(/hex 0606 is missing/);
  });
  test('every unit is placed, scheduled or in the pool', () => {
    const r = raw();
    r.reinforcements[1].units = r.reinforcements[1].units.filter((u) => u !== 'kerry');
    expect(problems(r).join()).toMatch(/kerry is neither placed, scheduled nor in the pool/);
  });
  test('a VP town must stand in a town or village hex, coast flags must match the sea', () => {
    const r = raw();
    r.map.hexes.find((h) => h.id === '0908')!.terrain = 'clear';
    r.map.hexes.find((h) => h.id === '0605')!.coast = true;
    const p = problems(r).join();
    expect(p).toMatch(/Castlebar \(0908\) is clear/);
    expect(p).toMatch(/0605 coast should be false/);
  });
  test('the CRT has a row per die and a cell per column', () => {
    const r = raw();
    r.crt.rows[3].results.pop();
    expect(problems(r).join()).toMatch(/crt\/rows\/3: 7 cells for 8 columns/);
  });
  test('a CRT whose dice do not run from minDie to maxDie is refused with both ends named', () => {
    const below = raw();
    below.crt.maxDie = -5;
    expect(problems(below)).toEqual(['/crt/maxDie: -5 is below minDie 0: the table has one row per die from minDie to maxDie']);
    const gap = raw();
    gap.crt.rows.splice(2, 1);
    expect(problems(gap)).toEqual([
      '/crt/rows: one row per die from minDie 0 to maxDie 7, in order: dice 0,1,2,3,4,5,6,7 (got 0,1,3,4,5,6,7)',
    ]);
    const none = raw();
    none.crt.rows = [];
    expect(problems(none).join()).toMatch(/\(got no rows\)/);
  });
});
