/** Movement (rulebook: Movement Rates, modifiers, Order Card Definitions' least distances) and formation. */
import { destinations, moveSection, reachable } from '../../../src/games/small-action/movement.js';
import { splitFireAndMovement } from '../../../src/games/small-action/orders.js';
import { cellId, gridOf } from '../../../src/games/small-action/geometry.js';
import { actMovement } from '../../../src/games/small-action/phases.js';
import type { OrderCard, SaState } from '../../../src/games/small-action/types.js';
import { botRng } from '../../../src/engine/dice.js';
import { Session } from '../../../src/engine/runner.js';
import { cell, fig, mod, rules, rulesData, scripted, sec, situation } from './helpers.js';

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
  expect(woods.costOf(cell(s, 'E6'))).toBeCloseTo(100); // into the wood: 50 mm at half speed
  expect(woods.costOf(cell(s, 'E5'))).toBe(Infinity);
  const hedge = reachable(rules(), g, cell(s, 'M10'), 150, none);
  expect(hedge.costOf(cell(s, 'L10'))).toBeCloseTo(100);
  expect(hedge.costOf(cell(s, 'K10'))).toBeCloseTo(150);
  const house = reachable(rules(), g, cell(s, 'J21'), 200, none);
  expect(house.costOf(cell(s, 'J23'))).toBeCloseTo(150);
});

test('the MMG (the HMG line, Combat 100 mm only) moves at its 100 mm on any moving order', () => {
  for (const kind of ['march', 'combat', 'cautious'] as const) {
    const c = dests({ kind }, 'Q15', 'mmg');
    expect({ kind, rate: c.d!.rate }).toEqual({ kind, rate: 100 });
    expect(c.has('Q17')).toBe(true);
    expect(c.has('Q18')).toBe(false);
  }
});

test('finding 4: on a March Move the MMG team goes with its section at 100 mm, and the card and prompt say so', () => {
  const s = situation(
    [
      { label: 'g1', cell: 'B19', order: null },
      { label: 'g2', cell: 'B18', order: null },
      { label: 'g3', cell: 'B20', order: null },
      { label: 'b1', cell: 'X1', order: null },
    ],
    'patrol-clash',
  );
  s.stage = 'orders';
  s.revealed = false;
  s.ordering = 'Red';
  const d = mod.decision(s, rules())!;
  expect(d.options.find((o) => o.id === 'order germans march')!.label).toBe('March Move: 150-200 mm (g3 MMG: up to 100 mm, falls behind)');
  expect(d.options.find((o) => o.id === 'order germans combat')!.label).toBe('Combat Move: 75-150 mm (g3 MMG: up to 100 mm, falls behind)');
  expect(d.options.find((o) => o.id === 'order germans aimed-fire')!.label).toBe('Aimed Fire');
  for (const l of ['g1', 'g2', 'g3']) fig(s, l).order = { kind: 'march' };
  s.stage = 'movement';
  s.queue = [sec(s, 'germans')];
  const m = mod.decision(s, rules())!;
  expect(m.prompt).toContain('3 figures move (March Move, at least 150 mm, up to 200 mm); g3 MMG up to 100 mm; pick the cell for g1');
  const sc = scripted([]);
  actMovement(s, 'move germans f19', sc.env);
  expect(fig(s, 'g1').cell).toBe(cell(s, 'F19'));
  expect(fig(s, 'g3').cell).toBe(cell(s, 'D20')); // 100 mm toward its place, F20
  expect(sc.text()).toContain('g3 B20->D20');
});

test('finding 2: the leader ends on the cell picked even when the men ahead of him are stopped by woods; the log says where each ended', () => {
  // Lane ambush: woods from J11. t3 and t4 stand ahead of t1; their places (J11) lie in the wood beyond
  // a Combat Move, so they stop at J10, the cell t1 was sent to. The leader used to find it full and stop at J9.
  const s = situation(
    [
      { label: 't1', cell: 'J7', order: { kind: 'combat' } },
      { label: 't2', cell: 'J6', order: { kind: 'combat' } },
      { label: 't3', cell: 'J8', order: { kind: 'combat' } },
      { label: 't4', cell: 'J8', order: { kind: 'combat' } },
      { label: 'a1', cell: 'A36', order: null },
    ],
    'lane-ambush',
  );
  s.stage = 'movement';
  s.queue = [sec(s, 'tans')];
  const sc = scripted([]);
  actMovement(s, 'move tans j10', sc.env);
  expect(fig(s, 't1').cell).toBe(cell(s, 'J10'));
  const line = sc.text();
  expect(line).toContain('t1 J7->J10');
  expect(line).toContain('t2 J6->J9');
  // every figure is named where it really is
  const g = gridOf(rules(), s.scenario);
  for (const l of ['t1', 't2', 't3', 't4']) expect(line).toContain(`${l} `);
  for (const l of ['t3', 't4']) expect(line).toMatch(new RegExp(`${l} J8->${cellId(g, fig(s, l).cell)}\\b`));
});

test('finding 2, over many games: after every move to a cell, the reference figure stands on that cell', () => {
  let moves = 0;
  for (const scenario of ['lane-ambush', 'patrol-clash']) {
    for (let k = 0; k < 6; k++) {
      const ses = new Session<SaState>(mod, rules(), {
        seed: `ref/${scenario}/${k}`,
        options: { scenario },
        rulesHash: 'x',
        keepLog: false,
      }).start();
      const rng = botRng(`ref/${k}`);
      for (let d = ses.decision(); d; d = ses.decision()) {
        const id = mod.bots.random(mod.view(ses.state, d.side, rules()), d, rng);
        const m = /^move \S+ ([a-z]+\d+)$/.exec(id);
        const ref = m ? destinations(ses.state, rules(), ses.state.queue[0])!.ref : -1;
        ses.choose(id);
        if (ref < 0) continue;
        moves++;
        expect(cellId(gridOf(rules(), scenario), ses.state.figures[ref].cell).toLowerCase()).toBe(m![1]);
      }
    }
  }
  expect(moves).toBeGreaterThan(50);
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

test('leaving the table: offered when any mover can reach the home edge, not only the reference figure; those that can leave, the others move toward it (a newcomer was refused "move off" with men already on the edge row)', () => {
  const s = situation([
    { label: 'b1', cell: 'Q18', order: { kind: 'march' } },
    { label: 'b3', cell: 'X18', order: { kind: 'march' } },
  ]);
  s.stage = 'movement';
  s.queue = [sec(s, 'british')];
  expect(destinations(s, rules(), sec(s, 'british'))!.exit).toBe(false); // b1, the reference figure, cannot reach it
  const off = mod.decision(s, rules())!.options.find((o) => o.id === 'move british off');
  expect(off?.label).toBe('Leave the table (your south edge): b3 leaves; b1 (leader) moves toward it');
  mod.apply(s, 'move british off', scripted([]).env);
  expect(fig(s, 'b3').status).toBe('exited');
  expect(fig(s, 'b1').cell).toBe(cell(s, 'U18'));
});

describe('a newcomer\'s finding: "Leave the table" names who leaves and who stays (it took the leader and two men off and left seven under the 2IC)', () => {
  const place = () => {
    const s = situation([
      { label: 'b1', cell: 'W18', order: { kind: 'march' } },
      { label: 'b4', cell: 'W19', order: { kind: 'march' } },
      { label: 'b2', cell: 'Q18', order: { kind: 'march' } },
      { label: 'b3', cell: 'Q19', order: { kind: 'march' } },
      { label: 'b5', cell: 'P10', order: { kind: 'aimed-fire' } },
      { label: 'g3', cell: 'A1' },
    ]);
    s.stage = 'movement';
    s.queue = [sec(s, 'british')];
    return s;
  };

  test('the leader can reach the edge, two men cannot, one is not moving: the label says each, and who is left in command; the move does just that', () => {
    const s = place();
    expect(destinations(s, rules(), sec(s, 'british'))!.exit).toBe(true); // b1, the reference figure, can leave
    const off = mod.decision(s, rules())!.options.find((o) => o.id === 'move british off');
    expect(off?.label).toBe(
      'Leave the table (your south edge): b1 (leader), b4 leave; b2 (2IC), b3 move toward it; b5 stays; b2 (2IC) left in command',
    );
    expect(off!.label.length).toBeLessThanOrEqual(150); // two lines at 80 columns, where the menu shows it in full
    mod.apply(s, 'move british off', scripted([]).env);
    expect(['b1', 'b4'].map((l) => fig(s, l).status)).toEqual(['exited', 'exited']);
    expect(['b2', 'b3', 'b5'].map((l) => fig(s, l).status)).toEqual(['ready', 'ready', 'ready']);
    expect(fig(s, 'b2').cell).not.toBe(cell(s, 'Q18')); // moved toward the edge
    expect(fig(s, 'b5').cell).toBe(cell(s, 'P10')); // not moving on this card
  });

  test('the whole section can leave: the label says all of them leave', () => {
    const s = place();
    for (const [l, c] of [
      ['b2', 'W20'],
      ['b3', 'X20'],
      ['b5', 'X21'],
    ] as const) {
      fig(s, l).cell = cell(s, c);
      fig(s, l).order = { kind: 'march' };
    }
    const off = mod.decision(s, rules())!.options.find((o) => o.id === 'move british off');
    expect(off?.label).toBe('Leave the table (your south edge): all 5 figures leave');
  });
});

test('a cell typed at the movement prompt that is not offered is said out of reach, short of the minimum or full (a newcomer typed C20 and was told to type a number)', () => {
  const s = situation([{ label: 'b1', cell: 'Q15', order: { kind: 'march' } }]);
  s.stage = 'movement';
  s.queue = [sec(s, 'british')];
  const d = mod.decision(s, rules())!;
  expect(d.unmatched?.('C20')).toBe('C20 is out of reach this move (b1 at Q15: March Move, 150-200 mm)');
  expect(d.unmatched?.('q16')).toBe('Q16 is too near: 50 mm (b1 at Q15: March Move, 150-200 mm)');
  expect(d.unmatched?.('Q19')).toBeUndefined(); // offered
  expect(d.unmatched?.('charge')).toBeUndefined(); // no cell: the menu's own words
});
