/** Grenades (rulebook: Grenades): throw range, the D10 over/under with its −2, lethal and secondary radii, confined spaces. */
import { burstCell, canThrow, smallTargetOrObstacle, throwGrenade } from '../../../src/games/small-action/grenades.js';
import { askAimed } from '../../../src/games/small-action/phases.js';
import { cell, fig, idx, mod, rules, rulesData, scripted, sec, situation } from './helpers.js';

beforeAll(rulesData);

test('a grenade is thrown up to 100 mm, at a cell in sight', () => {
  const s = situation([{ label: 'b3', cell: 'Q15', grenades: 1 }]);
  expect(canThrow(s, rules(), idx(s, 'b3'), cell(s, 'Q17'))).toBe(true); // 100 mm
  expect(canThrow(s, rules(), idx(s, 'b3'), cell(s, 'P16'))).toBe(true); // 71 mm
  expect(canThrow(s, rules(), idx(s, 'b3'), cell(s, 'P17'))).toBe(false); // 112 mm
  expect(canThrow(s, rules(), idx(s, 'b3'), cell(s, 'Q18'))).toBe(false); // 150 mm
});

describe('deviation: D10 1 goes over by 50 mm, 2 under by 50 mm; −2 into a building or over an obstacle', () => {
  const burst = (roll: number, from = 'Q15', to = 'Q17') => {
    const s = situation([{ label: 'b3', cell: from, grenades: 1 }]);
    // A grenade short by 50 mm lands beside the thrower: his own secondary-burst roll (10: unhurt).
    const d = scripted([roll, 10]);
    throwGrenade(s, d.env, idx(s, 'b3'), cell(s, to));
    return { text: d.text(), rolls: d.rolls };
  };
  test('1: over, 2: under, 3 to 10: on the target', () => {
    expect(burst(1).text).toContain('over by 50 mm, at Q18');
    expect(burst(2).text).toContain('short by 50 mm, at Q16');
    expect(burst(2).text).toContain('b3 in the secondary radius');
    expect(burst(3).text).toContain('bursts on Q17');
    expect(burst(10).text).toContain('bursts on Q17');
  });
  test('−2 into a building: 3 goes over, 4 under, 1 and 2 (0 or less) fall short, 5 is on target', () => {
    const s = situation([]);
    expect(smallTargetOrObstacle(s, rules(), cell(s, 'J21'), cell(s, 'J23'))).toBe(true);
    expect(smallTargetOrObstacle(s, rules(), cell(s, 'Q15'), cell(s, 'Q17'))).toBe(false);
    expect(smallTargetOrObstacle(s, rules(), cell(s, 'N15'), cell(s, 'L15'))).toBe(true); // over the hedge row
    expect(burst(3, 'J21', 'J23').text).toContain('3 -2 = 1, it bursts over by 50 mm, at J24');
    expect(burst(4, 'J21', 'J23').text).toContain('short by 50 mm, at J22');
    expect(burst(1, 'J21', 'J23').text).toContain('short by 50 mm, at J22');
    expect(burst(5, 'J21', 'J23').text).toContain('bursts on J23');
  });
  test('the burst point follows the line of the throw (diagonal)', () => {
    const s = situation([]);
    expect(burstCell(s, rules(), cell(s, 'Q15'), cell(s, 'P16'), 1)).toBe(cell(s, 'O17'));
  });
});

describe('burst radii', () => {
  const place = (extra: { label: string; cell: string; order?: { kind: 'full-cover' } }[], to: string, rolls: number[], from = 'Q15') => {
    const s = situation([
      { label: 'b3', cell: from, grenades: 1 },
      ...extra.map((e) => ({ ...e, order: e.order ?? { kind: 'aimed-fire' as const } })),
    ]);
    const d = scripted([5, ...rolls]);
    throwGrenade(s, d.env, idx(s, 'b3'), cell(s, to));
    return { s, d };
  };
  test('lethal radius (25 mm: the burst cell) in the open: 80 %, a D10 of 8 or less', () => {
    const a = place(
      [
        { label: 'g3', cell: 'Q17' },
        { label: 'g4', cell: 'Q17' },
      ],
      'Q17',
      [8, 9],
    );
    expect([fig(a.s, 'g3').status, fig(a.s, 'g4').status]).toEqual(['casualty', 'ready']);
  });
  test('in a confined space (a building): 90 %, 9 or less; no secondary burst there', () => {
    const a = place(
      [
        { label: 'g3', cell: 'J23' },
        { label: 'g4', cell: 'J23' },
        { label: 'g5', cell: 'J22' },
      ],
      'J23',
      [9, 10],
      'J21',
    );
    expect([fig(a.s, 'g3').status, fig(a.s, 'g4').status, fig(a.s, 'g5').status]).toEqual(['casualty', 'ready', 'ready']);
    expect(a.d.rolls.length).toBe(3);
  });
  test('secondary radius (50 mm: the four cells beside) in the open: 30 % on unprotected figures; diagonal cells (71 mm) are outside', () => {
    const a = place(
      [
        { label: 'g3', cell: 'Q18' },
        { label: 'g4', cell: 'P17' },
        { label: 'g5', cell: 'P18' },
      ],
      'Q17',
      [3, 4],
    );
    expect([fig(a.s, 'g3').status, fig(a.s, 'g4').status, fig(a.s, 'g5').status]).toEqual(['casualty', 'ready', 'ready']);
    expect(a.d.rolls.length).toBe(3);
  });
  test('figures in cover beside the burst are protected from the secondary burst', () => {
    const a = place([{ label: 'g3', cell: 'L15' }], 'M15', [], 'O15');
    expect(a.d.rolls.length).toBe(1);
    expect(fig(a.s, 'g3').status).toBe('ready');
  });
  test('Full Cover protects even in the lethal radius; friends are hit like foes', () => {
    const a = place(
      [
        { label: 'g3', cell: 'Q17', order: { kind: 'full-cover' } },
        { label: 'b4', cell: 'Q16' },
      ],
      'Q17',
      [1],
    );
    expect(fig(a.s, 'g3').status).toBe('ready');
    expect(fig(a.s, 'b4').status).toBe('casualty');
  });
  test('a grenade thrown is gone', () => {
    const a = place([], 'Q17', []);
    expect(fig(a.s, 'b3').grenades).toBe(0);
    expect(fig(a.s, 'b3').threw).toBe(true);
  });
});

test('the throw option counts the enemies in the cell, not a friend who shares it (the burst hits him too, but he is no target)', () => {
  // b4 and g3 share Q17 (close quarters); b3 at Q15 may throw at it.
  const s = situation([
    { label: 'b3', cell: 'Q15', grenades: 1 },
    { label: 'b4', cell: 'Q17' },
    { label: 'g3', cell: 'Q17' },
  ]);
  s.queue = [sec(s, 'british')];
  const throwAt = askAimed(s, rules())!.options.find((o) => o.id.startsWith('throw british at'))!;
  expect(throwAt.label).toBe('b3 throws a grenade at Q17 (1 enemy there)');
  const t = mod.view(s, 'Blue', rules()).pending!.throws[0];
  expect([t.enemies, t.friends]).toEqual([1, 1]);
});
