/** Firing (rulebook: Firing, Suppressive Fire, Aimed Fire, Hitting Specific Figures, Danger to Leaders). */
import { resolveFire, needFor, inBeatenZone, previewFire, targetsFor, whyNoFire } from '../../../src/games/small-action/fire.js';
import { askAimed, askMovement } from '../../../src/games/small-action/phases.js';
import { moveSection } from '../../../src/games/small-action/movement.js';
import { advance } from '../../../src/games/small-action/turn.js';
import type { FireColumn, Klass, OrderCard } from '../../../src/games/small-action/types.js';
import { EngineDice, NeedRoll } from '../../../src/engine/dice.js';
import { makeEnv } from '../../../src/engine/env.js';
import type { LogEntry, LogTable } from '../../../src/engine/module.js';
import { logTable } from '../../../src/ui/table.js';
import { resolveOptions } from '../../../src/engine/runner.js';
import { cell, fig, fresh, idx, mod, rules, rulesData, scripted, sec, situation } from './helpers.js';

beforeAll(rulesData);

/** The printed fire table, typed again from the rulebook: [suppress, short, long]. */
const PRINTED: Record<Klass, Record<FireColumn, [number, number, number]>> = {
  A: { march: [5, 7, 8], combat: [6, 8, 10], cautious: [8, 10, 12], soft: [9, 11, 13], hard: [12, 14, 16] },
  B: { march: [7, 9, 10], combat: [8, 10, 12], cautious: [10, 12, 14], soft: [11, 13, 15], hard: [14, 16, 18] },
  C: { march: [9, 10, 12], combat: [10, 12, 14], cautious: [12, 14, 16], soft: [14, 15, 17], hard: [16, 18, 20] },
};

/** Where the firer and the target stand for each column, at short (250 mm) and long (400 mm) range. */
const SETUP: Record<FireColumn, { order: OrderCard; target: string; short: string; long: string }> = {
  march: { order: { kind: 'march' }, target: 'Q20', short: 'Q15', long: 'Q12' },
  combat: { order: { kind: 'combat' }, target: 'Q20', short: 'Q15', long: 'Q12' },
  cautious: { order: { kind: 'cautious' }, target: 'Q20', short: 'Q15', long: 'Q12' },
  soft: { order: { kind: 'aimed-fire' }, target: 'R30', short: 'R25', long: 'R22' },
  hard: { order: { kind: 'aimed-fire' }, target: 'J23', short: 'J18', long: 'J15' },
};

function shoot(cls: Klass, column: FireColumn, range: 'short' | 'long', roll: number, kind: 'aimed' | 'suppressive' = 'aimed') {
  const at = SETUP[column];
  const s = situation([
    { label: 'b3', cell: at[range], order: kind === 'aimed' ? { kind: 'aimed-fire' } : { kind: 'suppressive-fire' } },
    { label: 'g3', cell: at.target, order: at.order, weapon: 'rifle' },
  ]);
  s.sections[sec(s, 'british')].cls = cls;
  s.sections[sec(s, 'british')].facing = 'e';
  const d = scripted([roll]);
  resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), kind);
  return { s, d, target: fig(s, 'g3') };
}

describe('the fire table: every cell at short and long range, hit on the number or more', () => {
  for (const cls of ['A', 'B', 'C'] as Klass[]) {
    for (const column of ['march', 'combat', 'cautious', 'soft', 'hard'] as FireColumn[]) {
      for (const range of ['short', 'long'] as const) {
        const need = PRINTED[cls][column][range === 'short' ? 1 : 2];
        test(`class ${cls} at a ${column} target, ${range} range: ${need}+ hits, ${need - 1} misses`, () => {
          expect(rules().fireTable.classes[cls][column]).toEqual(PRINTED[cls][column]);
          const hit = shoot(cls, column, range, need);
          expect(hit.d.rolls[0].reason).toContain(`needs ${need}+`);
          expect(hit.target.status).toBe('casualty');
          if (need > 1) expect(shoot(cls, column, range, need - 1).target.status).toBe('ready');
        });
      }
      test(`class ${cls} suppressing a ${column} target: [${PRINTED[cls][column][0]}] suppresses`, () => {
        const need = PRINTED[cls][column][0];
        const r = shoot(cls, column, 'long', need, 'suppressive');
        expect(r.target.suppressed).toBe(true);
        expect(shoot(cls, column, 'short', need - 1, 'suppressive').target.suppressed).toBe(false);
      });
    }
  }
  test('short range is up to 300 mm; 301 mm is long', () => {
    expect(needFor(rules(), 'A', 'march', 'aimed', 300).band).toBe('short');
    expect(needFor(rules(), 'A', 'march', 'aimed', 301).band).toBe('long');
  });
});

test('suppressive fire never kills, whatever the dice', () => {
  const s = situation([
    { label: 'b3', cell: 'Q15', order: { kind: 'suppressive-fire' } },
    { label: 'b4', cell: 'Q15', order: { kind: 'suppressive-fire' } },
    { label: 'g3', cell: 'Q20', order: { kind: 'march' }, weapon: 'rifle' },
    { label: 'g4', cell: 'Q21', order: { kind: 'march' } },
  ]);
  const d = scripted([20, 20]);
  resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'suppressive');
  expect(s.figures.filter((f) => f.status === 'casualty')).toEqual([]);
  expect(fig(s, 'g3').suppressed && fig(s, 'g4').suppressed).toBe(true);
});

test('a suppressed figure cannot carry out its order: it neither moves nor fires aimed', () => {
  const s = situation([
    { label: 'b3', cell: 'Q15', order: { kind: 'aimed-fire' } },
    { label: 'g3', cell: 'Q20', order: { kind: 'aimed-fire' }, weapon: 'rifle' },
  ]);
  fig(s, 'b3').suppressed = true;
  const d = scripted([]);
  resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'aimed');
  expect(d.rolls).toEqual([]);
});

test('an LMG rolls 4 D20 and an MMG 8; a rifle 1', () => {
  for (const [weapon, n] of [
    ['rifle', 1],
    ['lmg', 4],
    ['mmg', 8],
  ] as const) {
    const s = situation([
      { label: 'b3', cell: 'Q12', weapon },
      ...['g3', 'g4', 'g5', 'g6', 'g7', 'g8', 'g9', 'g10'].map((l, k) => ({
        label: l,
        cell: `Q${20 + (k >> 1)}`,
        order: { kind: 'march' } as OrderCard,
        weapon: 'rifle',
      })),
    ]);
    s.sections[sec(s, 'british')].facing = 'e';
    const d = scripted(Array(n).fill(1));
    resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'aimed');
    expect(d.rolls.length).toBe(n);
    expect(() => resolveFire(s, scripted(Array(n - 1).fill(1)).env, sec(s, 'british'), sec(s, 'germans'), 'aimed')).toThrow(NeedRoll);
  }
});

test('a pistol reaches 100 mm and no farther; a rifle 1000 mm, an MMG 1200 mm', () => {
  const at = (weapon: string, from: string) => {
    const s = situation([
      { label: 'b3', cell: from, weapon },
      { label: 'g3', cell: 'Q20', order: { kind: 'march' }, weapon: 'rifle' },
    ]);
    s.sections[sec(s, 'british')].facing = 'e';
    return targetsFor(s, rules(), idx(s, 'b3'), sec(s, 'germans'), 'aimed').length;
  };
  expect(at('pistol', 'Q18')).toBe(1);
  expect(at('pistol', 'Q17')).toBe(0);
  expect(at('rifle', 'Q1')).toBe(1); // 950 mm
  expect(at('mmg', 'Q1')).toBe(1);
  const far = situation([
    { label: 'b3', cell: 'A1', weapon: 'rifle' },
    { label: 'g3', cell: 'X36', order: { kind: 'march' } },
  ]);
  far.sections[sec(far, 'british')].facing = 'se';
  expect(targetsFor(far, rules(), idx(far, 'b3'), sec(far, 'germans'), 'aimed')).toEqual([]);
});

test('the MMG beaten zone: 100 mm across by 200 mm deep about the aim point; it hits another section inside it, not its own target outside it', () => {
  const s = situation([
    { label: 'g3', cell: 'Q10', weapon: 'mmg' },
    { label: 'b3', cell: 'Q20', order: { kind: 'march' } },
    { label: 'b4', cell: 'Q23', order: { kind: 'march' } },
    { label: 'b5', cell: 'P22', order: { kind: 'march' } },
  ]);
  const g = (c: string) => cell(s, c);
  const zone = rules().weapons.mmg.beatenZone!;
  expect(inBeatenZone(s, rules(), g('Q10'), g('Q20'), g('Q22'), zone)).toBe(true); // 100 mm deeper
  expect(inBeatenZone(s, rules(), g('Q10'), g('Q20'), g('Q23'), zone)).toBe(false); // 150 mm deeper
  expect(inBeatenZone(s, rules(), g('Q10'), g('Q20'), g('P20'), zone)).toBe(true); // 50 mm aside
  expect(inBeatenZone(s, rules(), g('Q10'), g('Q20'), g('O20'), zone)).toBe(false); // 100 mm aside
  s.sections[sec(s, 'germans')].facing = 'e';
  // b5 (P22) is in the zone about b3 (Q20); b4 (Q23) is of the target section but outside it.
  const line = targetsFor(s, rules(), idx(s, 'g3'), sec(s, 'british'), 'aimed');
  expect(line.map((i) => s.figures[i].label).sort()).toEqual(['b3', 'b5']);
  const d = scripted([20, 20, 20, 20, 20, 20, 20, 20]);
  resolveFire(s, d.env, sec(s, 'germans'), sec(s, 'british'), 'aimed');
  expect([fig(s, 'b3').status, fig(s, 'b4').status, fig(s, 'b5').status]).toEqual(['casualty', 'ready', 'casualty']);
});

test('hits fall first on figures out of cover, then on those nearest the firers; the leader last (danger to leaders off)', () => {
  const s = situation([
    { label: 'b3', cell: 'J15' },
    { label: 'g1', cell: 'J19', order: { kind: 'aimed-fire' } }, // leader, nearest, in the open
    { label: 'g3', cell: 'J23', order: { kind: 'aimed-fire' } }, // in the farmhouse
    { label: 'g4', cell: 'J21', order: { kind: 'aimed-fire' } }, // open, farther
    { label: 'g5', cell: 'J20', order: { kind: 'aimed-fire' } }, // open, nearer
  ]);
  s.sections[sec(s, 'british')].facing = 'e';
  const line = targetsFor(s, rules(), idx(s, 'b3'), sec(s, 'germans'), 'aimed').map((i) => s.figures[i].label);
  expect(line).toEqual(['g5', 'g4', 'g3', 'g1']);
});

test('danger to leaders on: after a hit a D10; a 10 hits the leader instead', () => {
  const mk = () => {
    const s = situation(
      [
        { label: 'b3', cell: 'Q15' },
        { label: 'g1', cell: 'Q21', order: { kind: 'march' } },
        { label: 'g4', cell: 'Q20', order: { kind: 'march' } },
      ],
      'patrol-clash',
      { 'danger-to-leaders': 'on' },
    );
    s.sections[sec(s, 'british')].facing = 'e';
    return s;
  };
  const a = mk();
  const d = scripted([20, 10]);
  resolveFire(a, d.env, sec(a, 'british'), sec(a, 'germans'), 'aimed');
  expect(d.rolls.map((r) => r.sides)).toEqual([20, 10]);
  expect([fig(a, 'g1').status, fig(a, 'g4').status]).toEqual(['casualty', 'ready']);
  const b = mk();
  resolveFire(b, scripted([20, 9]).env, sec(b, 'british'), sec(b, 'germans'), 'aimed');
  expect([fig(b, 'g1').status, fig(b, 'g4').status]).toEqual(['ready', 'casualty']);
  // Off: no D10, the leader is the last figure hit.
  const c = situation([
    { label: 'b3', cell: 'Q15' },
    { label: 'g1', cell: 'Q20', order: { kind: 'march' } },
    { label: 'g4', cell: 'Q21', order: { kind: 'march' } },
  ]);
  c.sections[sec(c, 'british')].facing = 'e';
  const dc = scripted([20]);
  resolveFire(c, dc.env, sec(c, 'british'), sec(c, 'germans'), 'aimed');
  expect([fig(c, 'g1').status, fig(c, 'g4').status]).toEqual(['ready', 'casualty']);
});

test('facing=fixed: aimed fire reaches only the 180° arc to the front; suppressive fire any way', () => {
  const s = situation(
    [
      { label: 'b3', cell: 'Q15' },
      { label: 'g3', cell: 'Q10', order: { kind: 'march' } },
    ],
    'patrol-clash',
    { facing: 'fixed' },
  );
  s.sections[sec(s, 'british')].facing = 'e';
  expect(targetsFor(s, rules(), idx(s, 'b3'), sec(s, 'germans'), 'aimed')).toEqual([]);
  expect(targetsFor(s, rules(), idx(s, 'b3'), sec(s, 'germans'), 'suppressive').length).toBe(1);
  s.sections[sec(s, 'british')].facing = 'n'; // straight across the arc's edge counts
  expect(targetsFor(s, rules(), idx(s, 'b3'), sec(s, 'germans'), 'aimed').length).toBe(1);
});

test('Full Cover: no fire reaches it, except on paved ground', () => {
  const s = situation([
    { label: 'b3', cell: 'M20' },
    { label: 'g3', cell: 'J18', order: { kind: 'full-cover' } },
    { label: 'g4', cell: 'M23', order: { kind: 'full-cover' } },
  ]);
  s.sections[sec(s, 'british')].facing = 'e';
  const line = targetsFor(s, rules(), idx(s, 'b3'), sec(s, 'germans'), 'suppressive').map((i) => s.figures[i].label);
  expect(line).toEqual(['g4']); // M23 is the paved yard
});

test('a stationary figure behind a wall has hard cover against fire across it', () => {
  const s = situation([
    { label: 'b3', cell: 'P23' },
    { label: 'g3', cell: 'N23', order: { kind: 'aimed-fire' } },
  ]);
  s.sections[sec(s, 'british')].facing = 'n';
  const d = scripted([16]);
  resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'aimed');
  expect(d.rolls[0].reason).toContain('hard cover');
});

describe('finding 3: facing and the 180-degree arc (rules/small-action.md, "Facing and the arc")', () => {
  // The newcomer's position: the British fell back to row W facing south (their own edge); the
  // Germans stand 971-1020 mm to the north, inside the 1000 mm rifle range.
  const places = [
    { label: 'b1', cell: 'W18' },
    { label: 'b4', cell: 'W17' },
    { label: 'g1', cell: 'D20', order: { kind: 'aimed-fire' } as OrderCard },
    { label: 'g4', cell: 'D18', order: { kind: 'aimed-fire' } as OrderCard },
  ];

  test('facing=turn (the default): a section on Aimed Fire turns to face its target, then fires', () => {
    const s = situation(places);
    s.sections[sec(s, 'british')].facing = 's';
    expect(targetsFor(s, rules(), idx(s, 'b4'), sec(s, 'germans'), 'aimed').length).toBe(2);
    const d = scripted([1, 1]);
    resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'aimed');
    expect(d.rolls.length).toBe(2); // b1 and b4 both fire
    expect(s.sections[sec(s, 'british')].facing).toBe('n');
    expect(d.text()).toContain('The British section turns to face north, toward the German section.');
  });

  test('facing=fixed: the same section cannot fire, and the log names the arc as the cause', () => {
    const s = situation(places, 'patrol-clash', { facing: 'fixed' });
    s.sections[sec(s, 'british')].facing = 's';
    expect(targetsFor(s, rules(), idx(s, 'b4'), sec(s, 'germans'), 'aimed')).toEqual([]);
    expect(whyNoFire(s, rules(), sec(s, 'british'), 'aimed')).toMatch(
      /^the enemies in sight and range are behind it, outside the 180-degree arc to its front \(it faces south/,
    );
    // Through the turn: the section is skipped with that message, not "no enemy in sight and range".
    s.queue = [sec(s, 'british')];
    const d = scripted([]);
    expect(askAimed(s, rules())).toBeNull();
    advance(s, d.env);
    expect(d.text()).toContain(
      'The British section does not fire: the enemies in sight and range are behind it, outside the 180-degree arc',
    );
  });

  test('the message names the real cause: out of range, out of sight, in Full Cover, no firer', () => {
    const why = (ps: typeof places, setup?: (s: ReturnType<typeof situation>) => void) => {
      const s = situation(ps);
      setup?.(s);
      return whyNoFire(s, rules(), sec(s, 'british'), 'aimed');
    };
    expect(
      why([
        { label: 'b1', cell: 'X18' },
        { label: 'g1', cell: 'A18' },
      ]),
    ).toBe('no enemy is within range (the nearest is 1150 mm away; its weapons reach 1000 mm)');
    // J23 and K23 are farmhouse cells: the house stands between.
    expect(
      why([
        { label: 'b1', cell: 'J26' },
        { label: 'g1', cell: 'J20' },
      ]),
    ).toMatch(/^the enemies within range are out of sight \(a building/);
    expect(
      why([
        { label: 'b1', cell: 'Q18' },
        { label: 'g1', cell: 'M18', order: { kind: 'full-cover' } },
      ]),
    ).toBe('the enemies in sight and range are in Full Cover (immune to fire)');
    expect(
      why(
        [
          { label: 'b1', cell: 'Q18' },
          { label: 'g1', cell: 'M18' },
        ],
        (s) => {
          fig(s, 'b1').suppressed = true;
        },
      ),
    ).toMatch(/^none of its figures can fire/);
  });

  test('"Stay and face" is offered on a Cautious Move only with facing=fixed (with turn it would change nothing)', () => {
    for (const facing of ['turn', 'fixed']) {
      const s = situation([{ label: 'b1', cell: 'Q18', order: { kind: 'cautious' } }], 'patrol-clash', { facing });
      s.stage = 'movement';
      s.queue = [sec(s, 'british')];
      const ids = askMovement(s, rules())!.options.map((o) => o.id);
      expect({ facing, face: ids.filter((id) => id.startsWith('face ')).length }).toEqual({ facing, face: facing === 'fixed' ? 7 : 0 });
    }
  });

  test('a section falling back (house rule) keeps the facing it had', () => {
    const s = situation([
      { label: 'b1', cell: 'S18', order: { kind: 'march' } },
      { label: 'b4', cell: 'S17', order: { kind: 'march' } },
    ]);
    const x = s.sections[sec(s, 'british')];
    x.facing = 'n';
    x.fallBack = true;
    moveSection(s, scripted([]).env, sec(s, 'british'), 'off');
    expect(fig(s, 'b1').cell).toBe(cell(s, 'W18')); // toward the south edge, 200 mm
    expect(x.facing).toBe('n');
    x.fallBack = false; // any other move: facing follows it
    moveSection(s, scripted([]).env, sec(s, 'british'), cell(s, 'W21'));
    expect(x.facing).toBe('e');
  });
});

describe('the fire preview counts no more hits than there are figures to hit (newcomer finding A)', () => {
  // An MMG (8 D20) against a lone marching man 500 mm away: 8 dice, but one figure to hit.
  const lone = () => {
    const s = situation([
      { label: 'g3', cell: 'Q10', weapon: 'mmg', order: { kind: 'aimed-fire' } },
      { label: 'b3', cell: 'Q20', order: { kind: 'march' } },
    ]);
    s.sections[sec(s, 'germans')].facing = 'e';
    return s;
  };

  test('one figure in sight: about 1 hit at most, though 8 dice would hit 8 x 55% = 4.4 times', () => {
    const s = lone();
    const p = previewFire(s, rules(), sec(s, 'germans'), sec(s, 'british'), 'aimed')!;
    expect(p.inSight).toBe(1);
    expect(p.dice).toBe(8);
    expect(p.atMost).toBe(1);
    // Needs 10+ (class B, March Move, long): 1 - 0.45^8, that at least one die hits.
    expect(p.expected).toBeCloseTo(1 - 0.45 ** 8, 6);
  });

  test('the option label says the dice are at most that many and the hits at most the figures in sight', () => {
    const s = lone();
    s.queue = [sec(s, 'germans')];
    const label = askAimed(s, rules())!.options[0].label;
    expect(label).toContain('1 firer, up to 8 D20, 1 figure in sight');
    expect(label).toContain('about 1.0 hits (at most 1)');
    // The hits to expect come first: a screen that cuts the label short (80 x 24) cuts the detail.
    expect(label).toMatch(/^Fire at the British section: about 1\.0 hits \(at most 1\); 1 firer, up to 8 D20/);
  });

  test('the hits are at most the dice that can be thrown: one unsuppressed rifleman at ten Germans in sight may hit one, not ten (newcomer finding: "at most 10" with 1 D20)', () => {
    // Ten Germans in the open, 500-550 mm east; the British leader b1 fires, his nine men are suppressed.
    const places = [{ label: 'b1', cell: 'Q10' }];
    for (let k = 2; k <= 10; k++) places.push({ label: `b${k}`, cell: `${'MNOPRSTUV'[k - 2]}10` });
    for (let k = 1; k <= 10; k++) places.push({ label: `g${k}`, cell: `${'KLMNOPQRST'[k - 1]}20` });
    const s = situation(places.map((p) => ({ ...p, order: p.label.startsWith('g') ? { kind: 'aimed-fire' as const } : undefined })));
    for (let k = 2; k <= 10; k++) fig(s, `b${k}`).suppressed = true;
    s.sections[sec(s, 'british')].facing = 'e';
    s.queue = [sec(s, 'british')];
    const label = askAimed(s, rules())!.options.find((o) => o.id === 'fire british at germans')!.label;
    const p = previewFire(s, rules(), sec(s, 'british'), sec(s, 'germans'), 'aimed')!;
    expect(p.expected).toBeCloseTo(0.55, 6); // class A, in the open (Combat), long range: 10+ on the one D20
    expect(label).toMatch(/^Fire at the German section: about 0\.\d hits \(at most 1\); 1 firer, up to 1 D20, 10 figures in sight/);
    expect([p.firers, p.dice, p.inSight, p.atMost]).toEqual([1, 1, 10, 1]);
    // Suppressive fire alike: two riflemen (two dice) suppress at most two of the ten.
    const t = situation(
      places
        .slice(0, 2)
        .concat(places.slice(10))
        .map((p) => ({ ...p, order: p.label.startsWith('b') ? { kind: 'suppressive-fire' as const } : undefined })),
    );
    t.sections[sec(t, 'british')].facing = 'e';
    const q = previewFire(t, rules(), sec(t, 'british'), sec(t, 'germans'), 'suppressive')!;
    expect([q.firers, q.dice, q.inSight, q.atMost]).toEqual([2, 2, 10, 2]);
    expect(q.expected).toBeLessThanOrEqual(2);
  });

  test('an MMG lays its zone once, before its first die: a gun alone hits no one outside it, though another zone would hold more', () => {
    // The gun fires east along row Q at two men 600 mm apart: its zone about the first holds him alone.
    const s = situation([
      { label: 'g3', cell: 'Q10', weapon: 'mmg', order: { kind: 'aimed-fire' } },
      { label: 'b3', cell: 'Q20', order: { kind: 'march' } },
      { label: 'b4', cell: 'E20', order: { kind: 'march' } },
    ]);
    s.sections[sec(s, 'germans')].facing = 'e';
    const p = previewFire(s, rules(), sec(s, 'germans'), sec(s, 'british'), 'aimed')!;
    expect([p.inSight, p.atMost]).toEqual([1, 1]);
    expect(p.expected).toBeCloseTo(1 - 0.45 ** 8, 6);
  });

  test('an MMG whose aim figure a rifleman firing before it may fell lays its zone anew: the most counts the figure of that zone', () => {
    const s = situation([
      { label: 'g1', cell: 'Q11', order: { kind: 'aimed-fire' } },
      { label: 'g3', cell: 'Q10', weapon: 'mmg', order: { kind: 'aimed-fire' } },
      { label: 'b3', cell: 'Q20', order: { kind: 'march' } },
      { label: 'b4', cell: 'E20', order: { kind: 'march' } },
    ]);
    s.sections[sec(s, 'germans')].facing = 'e';
    const p = previewFire(s, rules(), sec(s, 'germans'), sec(s, 'british'), 'aimed')!;
    expect(p.atMost).toBe(2);
  });

  test("the newcomer's patrol clash: an MMG's zone holds 2 of the section, the leader outside it: at most 2, about 2.0, not 'about 2.9 (at most 3)'", () => {
    // The gun fires east along row Q; b2 and b4 stand in its zone, 500 mm off; the leader b1 in
    // sight 300 mm beyond them, outside the 200 mm depth of the zone.
    const s = situation([
      { label: 'g3', cell: 'Q10', weapon: 'mmg', order: { kind: 'aimed-fire' } },
      { label: 'b1', cell: 'Q26', order: { kind: 'march' } },
      { label: 'b2', cell: 'Q20', order: { kind: 'march' } },
      { label: 'b4', cell: 'P20', order: { kind: 'march' } },
    ]);
    s.sections[sec(s, 'germans')].facing = 'e';
    s.queue = [sec(s, 'germans')];
    const p = previewFire(s, rules(), sec(s, 'germans'), sec(s, 'british'), 'aimed')!;
    expect([p.inSight, p.atMost]).toEqual([2, 2]);
    // Class B at March Move, long range: 10+ (55%) on each of 8 dice, the first hit on b2 or b4, the second on the other.
    const q = 0.55;
    const none = (1 - q) ** 8;
    const one = 8 * q * (1 - q) ** 7;
    expect(p.expected).toBeCloseTo(0 * none + 1 * one + 2 * (1 - none - one), 6);
    expect(askAimed(s, rules())!.options[0].label).toMatch(/about 2\.0 hits \(at most 2\)/);
  });
});

test('the MMG lays its beaten zone about the first figure in casualty order, not the nearest: the leader nearest the gun is not singled out while a man it can fire at stands (newcomer finding B)', () => {
  // The gun fires east along row Q. The leader b1 is nearest (Q20, 500 mm), the 2IC b2 beside him
  // (P20), the private b4 a little farther and 100 mm aside (O21, 559 mm): all in the open, in sight.
  const s = situation([
    { label: 'g3', cell: 'Q10', weapon: 'mmg', order: { kind: 'aimed-fire' } },
    { label: 'b1', cell: 'Q20', order: { kind: 'march' } },
    { label: 'b2', cell: 'P20', order: { kind: 'march' } },
    { label: 'b4', cell: 'O21', order: { kind: 'march' } },
  ]);
  s.sections[sec(s, 'germans')].facing = 'e';
  // The zone about b4 holds b4 and b2; the leader, 89 mm across the line of fire from b4, is outside it.
  const line = targetsFor(s, rules(), idx(s, 'g3'), sec(s, 'british'), 'aimed');
  expect(line.map((i) => s.figures[i].label)).toEqual(['b4', 'b2']);
  const d = scripted([20, 20]);
  resolveFire(s, d.env, sec(s, 'germans'), sec(s, 'british'), 'aimed');
  expect([fig(s, 'b4').status, fig(s, 'b2').status, fig(s, 'b1').status]).toEqual(['casualty', 'casualty', 'ready']);
});

test('every die with its reason: the dice an MMG does not roll, its one target down at the first, are said not rolled and why (a newcomer saw "die 1 of 8" and nothing more)', () => {
  const s = situation([
    { label: 'g3', cell: 'Q10', weapon: 'mmg', order: { kind: 'aimed-fire' } },
    { label: 'b3', cell: 'Q20', order: { kind: 'march' } },
  ]);
  s.sections[sec(s, 'germans')].facing = 'e';
  const d = scripted([20]);
  resolveFire(s, d.env, sec(s, 'germans'), sec(s, 'british'), 'aimed');
  expect(d.rolls.length).toBe(1);
  const table = d.log.find((e) => e.kind === 'table');
  expect(table && table.kind === 'table' && table.rows.map((r) => r.at(-1))).toContainEqual(
    'dice 2-8 not rolled: no one left to hit in its beaten zone',
  );
});

describe('leader-last=firer|section: whom "the leader is the last one removed" counts among (Danger to Leaders; rules/small-action.md)', () => {
  // The German leader g1 stands in the open at H20, north-west of the farmhouse (J23-K25); his man g4
  // at J28, east of it. The house stands between b3 (J17) and g4, and between b4 (M27) and g1: b3 can
  // fire only at the leader, b4 only at g4. b3 fires first (section order).
  const places = (withB4: boolean, leader = 'g1') => [
    { label: 'b3', cell: 'J17' },
    ...(withB4 ? [{ label: 'b4', cell: 'M27' }] : []),
    { label: leader, cell: 'H20', order: { kind: 'aimed-fire' } as OrderCard },
    { label: 'g4', cell: 'J28', order: { kind: 'aimed-fire' } as OrderCard },
  ];
  const fire = (leaderLast: string | null, rolls: number[], withB4 = true, extra: Record<string, string> = {}, leader = 'g1') => {
    const s = situation(places(withB4, leader), 'patrol-clash', { ...(leaderLast ? { 'leader-last': leaderLast } : {}), ...extra });
    const d = scripted(rolls);
    resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'aimed');
    return { s, d, down: s.figures.filter((f) => f.status === 'casualty').map((f) => f.label) };
  };

  test('the option: firer by default, written into the state only when section (earlier records keep their state hashes)', () => {
    const spec = mod.optionsSpec.find((o) => o.key === 'leader-last')!;
    expect([spec.values, spec.default]).toEqual([['firer', 'section'], 'firer']);
    expect('leaderLast' in fresh('patrol-clash', resolveOptions(mod, {})).options).toBe(false);
    expect(fresh('patrol-clash', resolveOptions(mod, { 'leader-last': 'section' })).options.leaderLast).toBe('section');
  });

  test('the position: b3 can fire only at the leader, b4 only at his man', () => {
    const s = situation(places(true));
    const line = (f: string) => targetsFor(s, rules(), idx(s, f), sec(s, 'germans'), 'aimed').map((i) => s.figures[i].label);
    expect([line('b3'), line('b4')]).toEqual([['g1'], ['g4']]);
  });

  test("firer (the default): b3 hits the leader though g4 stands within b4's reach; b4 then fires at g4", () => {
    for (const opt of [null, 'firer']) {
      const r = fire(opt, [20, 1]);
      expect(r.down).toEqual(['g1']);
      expect(r.d.rolls.map((x) => x.reason)).toEqual([
        expect.stringMatching(/^Aimed fire, b3 rifle at g1: needs \d+\+ \(class A, [^;]*\)$/),
        expect.stringMatching(/^Aimed fire, b4 rifle at g4: needs/),
      ]);
    }
  });

  test('section: b3 throws at the leader (his number), and the hit falls on g4, whom b4 can hit; b4 then has no one to fire at', () => {
    const r = fire('section', [20, 1]);
    expect(r.down).toEqual(['g4']);
    expect(r.d.rolls.length).toBe(1);
    expect(r.d.rolls[0].reason).toMatch(
      /^Aimed fire, b3 rifle at g1: needs \d+\+ \(class A, .*\); a hit would fall on g4 in g1's stead \(the leader falls last\)$/,
    );
    expect(r.d.text()).toMatch(
      /\nb3 rifle \| g1 \| 180 \| 8\+ \| .* \| 20 \| g4 down in g1's stead \(the leader falls last\)\nb4 rifle \| - \|.* not rolled: no one left to hit in its sight$/,
    );
    // b3 misses: b4 fires at g4 as before. The missed die's reason says where a hit would have
    // fallen, not that one fell (it is written before the roll).
    const miss = fire('section', [1, 20]);
    expect(miss.d.rolls.length).toBe(2);
    expect(miss.d.rolls[0].reason).toContain("; a hit would fall on g4 in g1's stead (the leader falls last)");
    expect(miss.d.text()).toMatch(/\nb3 rifle \| g1 \| 180 \| 8\+ \| .* \| 1 \| miss\n/);
    expect(miss.down).toEqual(['g4']);
  });

  test('no firer can reach the man: the leader is the last figure the volley can hit, and is hit under either option', () => {
    for (const opt of ['firer', 'section']) {
      const r = fire(opt, [20], false);
      expect({ opt, down: r.down }).toEqual({ opt, down: ['g1'] });
      expect(r.d.rolls[0].reason).not.toContain('stead');
    }
  });

  test('section: the 2IC falls next to last in the same way', () => {
    const r = fire('section', [20, 1], true, {}, 'g2');
    expect(r.down).toEqual(['g4']);
    expect(r.d.rolls[0].reason).toContain("a hit would fall on g4 in g2's stead (the 2IC falls last)");
    expect(fire('firer', [20, 1], true, {}, 'g2').down).toEqual(['g2']);
  });

  test('section with danger to leaders on: the hit passed to g4 still gets the D10, and a 10 puts it on the leader', () => {
    const ten = fire('section', [20, 10, 1], true, { 'danger-to-leaders': 'on' });
    expect(ten.d.rolls.map((x) => x.sides)).toEqual([20, 10, 20]); // b4 then fires at g4, still standing
    expect(ten.down).toEqual(['g1']);
    const nine = fire('section', [20, 9], true, { 'danger-to-leaders': 'on' });
    expect(nine.down).toEqual(['g4']);
    // Firer: b3 can hit no one but the leader, so its hit is his (no D10).
    const firer = fire('firer', [20, 1], true, { 'danger-to-leaders': 'on' });
    expect(firer.d.rolls.map((x) => x.sides)).toEqual([20, 20]);
    expect(firer.down).toEqual(['g1']);
  });

  test('section: suppressive fire is as before (it removes no one): b3 suppresses the leader', () => {
    const s = situation(
      places(true).map((p) => (p.label.startsWith('b') ? { ...p, order: { kind: 'suppressive-fire' } as OrderCard } : p)),
      'patrol-clash',
      { 'leader-last': 'section' },
    );
    const d = scripted([20, 1]);
    resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'suppressive');
    expect([fig(s, 'g1').suppressed, fig(s, 'g4').suppressed]).toEqual([true, false]);
  });
});

test('every firer the fire option counts is in the dice table: one whose only target fell earlier in the volley says it did not roll and why (a newcomer saw "5 firers" and three rows)', () => {
  // b3 and b5 share J17; the farmhouse hides g4 (J28) from them, so both can fire only at the leader g1 (H20).
  const s = situation([
    { label: 'b3', cell: 'J17' },
    { label: 'b5', cell: 'J17' },
    { label: 'g1', cell: 'H20', order: { kind: 'aimed-fire' } },
    { label: 'g4', cell: 'J28', order: { kind: 'aimed-fire' } },
  ]);
  expect(previewFire(s, rules(), sec(s, 'british'), sec(s, 'germans'), 'aimed')?.firers).toBe(2);
  const d = scripted([20]);
  resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'aimed');
  const table = d.log.find((e) => e.kind === 'table');
  expect(table && table.kind === 'table' && table.rows.map((r) => [r[0], r.at(-1)])).toEqual([
    ['b3 rifle', 'g1 down'],
    ['b5 rifle', 'not rolled: no one left to hit in its sight'],
  ]);
});

test('danger to leaders: the dice table says a hit moved to the leader by the D10, and the D10 says what it needs ("on a 10")', () => {
  const s = situation(
    [
      { label: 'b3', cell: 'Q15' },
      { label: 'g1', cell: 'Q20', order: { kind: 'march' } },
      { label: 'g4', cell: 'Q21', order: { kind: 'march' } },
    ],
    'patrol-clash',
    { 'danger-to-leaders': 'on' },
  );
  const d = scripted([20, 10]);
  resolveFire(s, d.env, sec(s, 'british'), sec(s, 'germans'), 'aimed');
  expect([fig(s, 'g1').status, fig(s, 'g4').status]).toEqual(['casualty', 'ready']);
  expect(d.rolls[1].reason).toBe("Danger to leaders: is the German section's leader Uffz. Brandt (g1) hit? (on a 10)");
  expect(d.text()).toMatch(/\nb3 rifle \| g4 \| .* \| 20 \| g1 down \(danger to leaders: D10 of 10\)$/);
});

describe('the dice table at 80 columns: a big volley reads a line or so per die (newcomer finding: 4 lines a firer, 5 pages for one MMG volley)', () => {
  // The German section, MMG and nine rifles (17 D20), at ten British standing in the open 700 mm away.
  const volley = (kind: 'suppressive' | 'aimed') => {
    const places: Parameters<typeof situation>[0] = [];
    for (let k = 1; k <= 10; k++) {
      places.push({ label: `g${k}`, cell: `${'KLMNOPQRST'[k - 1]}10`, weapon: k === 3 ? 'mmg' : 'rifle', order: { kind: `${kind}-fire` } });
      places.push({ label: `b${k}`, cell: `${'KLMNOPQRST'[k - 1]}24`, order: { kind: 'aimed-fire' } });
    }
    const s = situation(places);
    s.sections[sec(s, 'germans')].facing = 'e';
    const log: LogEntry[] = [];
    const dice = EngineDice.seeded('volley');
    resolveFire(
      s,
      makeEnv(dice, (e) => log.push(e), true, rules()),
      sec(s, 'germans'),
      sec(s, 'british'),
      kind,
    );
    const table = log.find((e): e is LogTable => e.kind === 'table')!;
    return { table, rolled: dice.count };
  };

  for (const kind of ['suppressive', 'aimed'] as const) {
    test(`${kind} fire: no more lines than dice, a die's row one line, every line within 80 columns, the same text each time`, () => {
      const { table, rolled } = volley(kind);
      expect(rolled).toBeGreaterThanOrEqual(10);
      const text = logTable(table, { color: false, width: 80 });
      expect(logTable(volley(kind).table, { color: false, width: 80 })).toBe(text);
      const lines = text.split('\n');
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
      // The rows: between the header's rule and the bottom rule.
      const rules80 = lines.map((l, i) => (l.startsWith('+') ? i : -1)).filter((i) => i >= 0);
      const body = lines.slice(rules80[1] + 1, rules80[2]);
      expect(body.length).toBeLessThanOrEqual(17); // the volley's 17 D20, rolled or not
      // A row starts where its Firer cell is filled; it takes no more than two lines a die it shows.
      const starts = body.map((l, i) => (/^\| \S/.test(l) ? i : -1)).filter((i) => i >= 0);
      expect(starts.length).toBe(table.rows.length);
      starts.push(body.length);
      table.rows.forEach((r, k) => {
        const span = /dice (\d+)-(\d+) not rolled/.exec(r[6]);
        const dice = r[5] ? r[5].split(' ').length : span ? Number(span[2]) - Number(span[1]) + 1 : 1;
        expect(starts[k + 1] - starts[k]).toBeLessThanOrEqual(dice === 1 ? 1 : 2 * dice);
      });
      // Every die with its reason: each row rolled says what it needs and why; the key under the table says the words once.
      for (const r of table.rows)
        if (r[1] !== '-') expect([r[3], r[4]]).toEqual([expect.stringMatching(/^\d+\+$/), expect.stringMatching(/^(still|hard)/)]);
      expect(
        lines
          .slice(rules80[2] + 1)
          .join(' ')
          .replace(/ +/g, ' '),
      ).toContain('still: it stands still in the open, on the Combat column');
      expect(lines.length - body.length).toBeLessThanOrEqual(9); // title, 3 header lines, bottom rule, a key of 2-4 lines
    });
  }

  test('at 120 columns every row is one line', () => {
    const text = logTable(volley('aimed').table, { color: false, width: 120 });
    const lines = text.split('\n');
    expect(lines.filter((l) => /^\|\s+\|/.test(l))).toEqual([]);
  });
});
