/** Issuing orders (rulebook: Issuing Orders, Danger to Leaders) and the turn sequence. */
import { legalCards, revealOrders } from '../../../src/games/small-action/orders.js';
import { becomeCasualty, commandRadius } from '../../../src/games/small-action/section.js';
import { advance } from '../../../src/games/small-action/turn.js';
import { resolveOptions } from '../../../src/engine/runner.js';
import { fig, idx, rules, rulesData, scripted, sec, situation, fresh, mod } from './helpers.js';

beforeAll(rulesData);

function reveal(places: Parameters<typeof situation>[0]) {
  const s = situation(places);
  s.revealed = false;
  s.stage = 'orders';
  s.sections[sec(s, 'british')].card = { kind: 'march' };
  revealOrders(s, scripted([]).env);
  return s;
}

test('figures within 200 mm of the leader in the open take the new order; beyond it they keep their last', () => {
  const s = reveal([
    { label: 'b1', cell: 'Q15', order: { kind: 'full-cover' } },
    { label: 'b3', cell: 'Q19', order: { kind: 'full-cover' } },
    { label: 'b4', cell: 'Q20', order: { kind: 'full-cover' } },
  ]);
  expect(fig(s, 'b3').order).toEqual({ kind: 'march' });
  expect(fig(s, 'b4').order).toEqual({ kind: 'full-cover' });
});

test('100 mm when the leader or the figure is in close country or a building', () => {
  const s = situation([
    { label: 'b1', cell: 'E6' },
    { label: 'b3', cell: 'E8' },
    { label: 'b4', cell: 'E9' },
  ]);
  expect(commandRadius(s, rules(), sec(s, 'british'), idx(s, 'b3'))).toBe(100);
  const r = reveal([
    { label: 'b1', cell: 'E6', order: null },
    { label: 'b3', cell: 'E8', order: null },
    { label: 'b4', cell: 'E9', order: null },
  ]);
  expect([fig(r, 'b3').order?.kind, fig(r, 'b4').order]).toEqual(['march', null]);
});

test('halved once the leader has fallen and the 2IC commands', () => {
  const s = situation([
    { label: 'b1', cell: 'Q10' },
    { label: 'b2', cell: 'Q15' },
    { label: 'b3', cell: 'Q17' },
    { label: 'b4', cell: 'Q18' },
  ]);
  fig(s, 'b1').status = 'casualty';
  expect(commandRadius(s, rules(), sec(s, 'british'), idx(s, 'b3'))).toBe(100);
  s.revealed = false;
  s.sections[sec(s, 'british')].card = { kind: 'combat' };
  revealOrders(s, scripted([]).env);
  expect([fig(s, 'b3').order?.kind, fig(s, 'b4').order?.kind]).toEqual(['combat', 'aimed-fire']);
});

test('a section that has lost its leader and its 2IC stays where it is: no moving card', () => {
  const s = situation([
    { label: 'b1', cell: 'Q10' },
    { label: 'b2', cell: 'Q11' },
    { label: 'b3', cell: 'Q12' },
  ]);
  expect(legalCards(s, sec(s, 'british')).length).toBe(9);
  fig(s, 'b1').status = 'casualty';
  expect(legalCards(s, sec(s, 'british')).length).toBe(9);
  fig(s, 'b2').status = 'casualty';
  expect(legalCards(s, sec(s, 'british')).map((c) => c.kind)).toEqual(['suppressive-fire', 'aimed-fire', 'full-cover']);
});

test('the turn: cards (Blue then Red, secret), reveal, suppressive fire, movement, aimed fire', () => {
  const s = fresh('patrol-clash');
  const env = scripted([]).env;
  const d1 = mod.decision(s, rules())!;
  expect([d1.side, d1.phase, d1.secret]).toEqual(['Blue', 'Place order cards', true]);
  expect(d1.options.map((o) => o.id)).toContain('order british fire-and-movement cautious');
  mod.apply(s, 'order british combat', env);
  const d2 = mod.decision(s, rules())!;
  expect([d2.side, d2.phase, d2.secret]).toEqual(['Red', 'Place order cards', true]);
  mod.apply(s, 'order germans combat', env);
  expect(s.revealed).toBe(true);
  const d3 = mod.decision(s, rules())!;
  expect([d3.side, d3.phase]).toEqual(['Blue', 'Movement']); // Blue moves first on odd turns
  expect(d3.options.some((o) => o.id === 'move british u18')).toBe(true);
});

describe('both sides on Aimed Fire (rulebook: Aimed Fire)', () => {
  const atEndOfMovement = () => {
    const t = situation([
      { label: 'b3', cell: 'Q15' },
      { label: 'g3', cell: 'Q18' },
    ]);
    t.stage = 'movement';
    t.queue = [];
    t.sections[0].facing = 'e';
    t.sections[1].facing = 'w';
    t.first = 'Red';
    return t;
  };
  test('the higher class fires first, whoever goes first this turn', () => {
    const t = atEndOfMovement();
    advance(t, scripted([]).env);
    expect(mod.decision(t, rules())!.side).toBe('Blue');
  });
  test('equal classes: a die roll decides (a D6 each, the higher first)', () => {
    const t = atEndOfMovement();
    t.sections[0].cls = 'B';
    const d = scripted([2, 5]);
    advance(t, d.env);
    expect(d.rolls.map((r) => r.sides)).toEqual([6, 6]);
    expect(mod.decision(t, rules())!.side).toBe('Red');
    const u = atEndOfMovement();
    u.sections[0].cls = 'B';
    advance(u, scripted([3, 3, 6, 1]).env);
    expect(mod.decision(u, rules())!.side).toBe('Blue');
  });
  test('a figure hit before its section fires does not fire', () => {
    const t = atEndOfMovement();
    advance(t, scripted([]).env);
    mod.apply(t, 'fire british at germans', scripted([20, 10, 10]).env);
    expect(fig(t, 'g3').status).toBe('casualty');
    expect(t.over).toBe(true);
  });
});

/** The German section's order prompt, with British b1 far away and each German figure (Combat Move) at its cell. */
function redOrderPrompt(germans: Record<string, string>, ordering: 'Blue' | 'Red' = 'Red'): string {
  const s = situation([
    { label: 'b1', cell: 'W18', order: null },
    ...Object.entries(germans).map(([label, cell]) => ({ label, cell, order: { kind: 'combat' as const } })),
  ]);
  s.stage = 'orders';
  s.revealed = false;
  s.ordering = ordering;
  return mod.decision(s, rules())!.prompt;
}

test('finding 8: a count of one is singular ("1 figure"), and the figures beyond the command radius are named with the order they keep', () => {
  const at = { g1: 'B19', g4: 'H19', g5: 'B18', g6: 'H18' };
  expect(redOrderPrompt(at, 'Blue')).toContain('for the British section (class A, 1 figure).');
  expect(redOrderPrompt(at)).toContain(
    // Grouped by the order kept (a newcomer's finding: one order per figure ran the prompt off the screen).
    'for the German section (class B, 4 figures). Beyond the 200 mm command radius, keeping their last order: g4, g6 (Combat Move).',
  );
});

test('the figures beyond the command radius are told the radius that applies to them: 100 mm where one stands in close country (a newcomer read 200 mm)', () => {
  // The leader in the open at G23; g5 150 mm away in close country at J23 (beyond its 100 mm), g6 150 mm away in the open.
  expect(redOrderPrompt({ g1: 'G23', g5: 'J23', g6: 'D23' })).toContain(
    'Beyond the 100 mm command radius, keeping their last order: g5 (Combat Move).',
  );
  // Two figures out of command on different ground: both radii are named.
  expect(redOrderPrompt({ g1: 'G23', g5: 'J23', g6: 'A23' })).toContain(
    'Beyond the command radius (200 or 100 mm by the ground), keeping their last order: g5, g6 (Combat Move).',
  );
});

describe('leader and 2IC gone off the table (not down): beyond every radius, the men keep their last order (rules/small-action.md, "Command radius")', () => {
  // situation() takes every figure not named off the table: here b1 and b2 have left it.
  const men = [
    { label: 'b3', cell: 'Q19', order: { kind: 'combat' } as const },
    { label: 'b4', cell: 'Q20', order: { kind: 'combat' } as const },
  ];

  test('a new card reaches no one (a newcomer saw the men left behind obey Aimed Fire, then March)', () => {
    const s = reveal(men);
    expect([fig(s, 'b3').order, fig(s, 'b4').order]).toEqual([{ kind: 'combat' }, { kind: 'combat' }]);
  });

  test("a failed morale test's forced card still reaches every figure", () => {
    const s = situation(men);
    s.revealed = false;
    s.stage = 'orders';
    const x = s.sections[sec(s, 'british')];
    x.card = { kind: 'full-cover' };
    x.forcedWhy = 'morale failed: going to ground';
    revealOrders(s, scripted([]).env);
    expect(fig(s, 'b3').order).toEqual({ kind: 'full-cover' });
  });

  test('the order prompt and the side panel say so', () => {
    const s = situation(men);
    s.stage = 'orders';
    s.revealed = false;
    s.ordering = 'Blue';
    expect(mod.decision(s, rules())!.prompt).toContain(
      "Its leader and 2IC have left the table: the card reaches no one (a failed morale test's does), so the men keep their last order: b3, b4 (Combat Move).",
    );
    const screen = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 120 });
    expect(screen).toContain('leader and 2IC off the table: the men keep their last order');
  });
});

describe('leaders-off=last-order|as-body: whether the men left behind by a leader and 2IC gone off the table take a new card (rules/small-action.md, "Command radius")', () => {
  // b1 and b2 have left the table (situation() takes every figure not named off it); b3 and b4 are
  // on Combat Move; the German leader stands in the open, and his Cautious Move card has the turn
  // wait on a move after the reveal.
  const places = [
    { label: 'b3', cell: 'Q19', order: { kind: 'combat' } as const },
    { label: 'b4', cell: 'Q20', order: { kind: 'combat' } as const },
    { label: 'g1', cell: 'Q25', order: { kind: 'full-cover' } as const },
  ];
  const atOrders = (options: Record<string, string>) => {
    const s = situation(places, 'patrol-clash', options);
    s.stage = 'orders';
    s.revealed = false;
    s.ordering = 'Blue';
    return s;
  };
  /** Both sides lay their cards through the module (British Aimed Fire, Germans Cautious Move): the men's orders after the reveal. */
  const afterCards = (options: Record<string, string>, setUp: (s: ReturnType<typeof atOrders>) => void = () => {}) => {
    const s = atOrders(options);
    setUp(s);
    const env = scripted([]).env;
    mod.apply(s, 'order british aimed-fire', env);
    mod.apply(s, 'order germans cautious', env);
    expect([s.revealed, s.stage]).toEqual([true, 'movement']);
    return [fig(s, 'b3').order?.kind, fig(s, 'b4').order?.kind];
  };

  test('the option: last-order by default, written into the state only when as-body (earlier records keep their state hashes)', () => {
    const spec = mod.optionsSpec.find((o) => o.key === 'leaders-off')!;
    expect([spec.values, spec.default]).toEqual([['last-order', 'as-body'], 'last-order']);
    expect('leadersOff' in fresh('patrol-clash', resolveOptions(mod, {})).options).toBe(false);
    expect(fresh('patrol-clash', resolveOptions(mod, { 'leaders-off': 'as-body' })).options.leadersOff).toBe('as-body');
    expect(mod.optionsOf!(fresh('patrol-clash', resolveOptions(mod, { 'leaders-off': 'as-body' })))['leaders-off']).toBe('as-body');
  });

  test('last-order (the default): the Aimed Fire card reaches no one, the men go on with their Combat Move', () => {
    expect(afterCards({})).toEqual(['combat', 'combat']);
    expect(afterCards({ 'leaders-off': 'last-order' })).toEqual(['combat', 'combat']);
  });

  test('as-body: the men left take the Aimed Fire card, as if within the radius', () => {
    expect(afterCards({ 'leaders-off': 'as-body' })).toEqual(['aimed-fire', 'aimed-fire']);
  });

  test('as-body, one left the table and the other is down: the men still take the card', () => {
    const downB2 = (s: ReturnType<typeof atOrders>) => {
      fig(s, 'b2').status = 'casualty';
      fig(s, 'b2').cell = fig(s, 'b3').cell;
    };
    expect(afterCards({ 'leaders-off': 'as-body' }, downB2)).toEqual(['aimed-fire', 'aimed-fire']);
    expect(afterCards({}, downB2)).toEqual(['combat', 'combat']);
  });

  test('both down is not "off the table": the section stays where it is under either value', () => {
    for (const options of [{}, { 'leaders-off': 'as-body' }] as Record<string, string>[]) {
      const s = atOrders(options);
      for (const l of ['b1', 'b2']) {
        fig(s, l).status = 'casualty';
        fig(s, l).cell = fig(s, 'b3').cell;
      }
      expect(legalCards(s, sec(s, 'british')).map((c) => c.kind)).toEqual(['suppressive-fire', 'aimed-fire', 'full-cover']);
    }
  });

  test('as-body: the order prompt, the side panel and the options line say the men take the card', () => {
    const s = atOrders({ 'leaders-off': 'as-body' });
    const prompt = mod.decision(s, rules())!.prompt;
    expect(prompt).toContain('Its leader and 2IC have left the table: the men left act as a body and take the card (b3, b4).');
    expect(prompt).not.toContain('keep their last order');
    const screen = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 120 });
    expect(screen).toContain('leader and 2IC off the table: the men act as a body on each card');
    expect(screen).not.toContain('the men keep their last order');
    expect(mod.help!(s, rules())).toContain(
      'leaders-off=as-body (with leader and 2IC gone off the table, the men left take each new card as a body)',
    );
  });

  test("as-body: the other side's panel says the same (the option is public), and a section with its leader on the table is as before", () => {
    const s = atOrders({ 'leaders-off': 'as-body' });
    expect(mod.render(mod.view(s, 'Red', rules()), { color: false, width: 120 })).toContain(
      'leader and 2IC off the table: the men act as a body on each card',
    );
    fig(s, 'b1').status = 'ready';
    fig(s, 'b1').cell = fig(s, 'b3').cell;
    expect(mod.view(s, 'Blue', rules()).sections[sec(s, 'british')].asBody).toBeUndefined();
  });
});

describe('the log when a section loses its leader and its 2IC (Danger to Leaders)', () => {
  const fall = (places: Parameters<typeof situation>[0], labels: string[]) => {
    const s = situation(places);
    const d = scripted([]);
    for (const l of labels) becomeCasualty(s, d.env, idx(s, l), 'aimed fire from g3');
    return d.text();
  };

  test('with men still standing: it must stay where it is', () => {
    const text = fall(
      [
        { label: 'b1', cell: 'Q10' },
        { label: 'b2', cell: 'Q11' },
        { label: 'b3', cell: 'Q12' },
      ],
      ['b2', 'b1'],
    );
    expect(text).toContain('The British section has lost its leader and its 2IC: it must stay where it is for the rest of the game.');
  });

  test('its last man down: nothing is said of staying, for no one is left (a newcomer saw it said of a section with no one left)', () => {
    const text = fall(
      [
        { label: 'b1', cell: 'Q10' },
        { label: 'b2', cell: 'Q11' },
      ],
      ['b2', 'b1'],
    );
    expect(text).toMatch(/\(b1\) of the British section is hit/);
    expect(text).not.toMatch(/stay where it is/);
  });
});
