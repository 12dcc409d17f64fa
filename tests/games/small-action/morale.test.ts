/** Our morale house rule (small-action-notes.md, Morale), on by default, off for the printed rules. */
import { moralePhase } from '../../../src/games/small-action/morale.js';
import { scorePoints } from '../../../src/games/small-action/turn.js';
import { fig, rules, rulesData, scripted, sec, situation } from './helpers.js';

beforeAll(rulesData);

const hurt = (casualties: number, left: number, options: Record<string, string> = {}) => {
  const labels = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9', 'b10'];
  const s = situation(
    labels.slice(0, left + casualties).map((l, k) => ({ label: l, cell: `Q${5 + k}` })),
    'patrol-clash',
    options,
  );
  for (const l of labels.slice(left, left + casualties)) fig(s, l).status = 'casualty';
  s.sections[sec(s, 'british')].casualtiesThisTurn = casualties;
  return s;
};

test('a class A section with 2 casualties this turn passes on 12 or less (14 - 2)', () => {
  const a = hurt(2, 8);
  const d = scripted([12]);
  moralePhase(a, d.env);
  expect(d.rolls[0].reason).toContain('12 or less');
  expect(a.sections[0].forced).toBeNull();
  const b = hurt(2, 8);
  moralePhase(b, scripted([13]).env);
  expect(b.sections[0].forced).toEqual({ kind: 'full-cover' });
  expect(b.sections[0].fallBack).toBe(false);
});

test('class B 12 and class C 10', () => {
  const s = hurt(1, 9);
  s.sections[0].cls = 'B';
  const d = scripted([11]);
  moralePhase(s, d.env);
  expect(d.rolls[0].reason).toContain('11 or less');
  const c = hurt(1, 9);
  c.sections[0].cls = 'C';
  const e = scripted([10]);
  moralePhase(c, e.env);
  expect(e.rolls[0].reason).toContain('9 or less');
  expect(c.sections[0].forced).toEqual({ kind: 'full-cover' });
});

test('at half strength or less a failed test makes the section fall back toward its own edge', () => {
  const s = hurt(5, 5);
  moralePhase(s, scripted([20]).env);
  expect(s.sections[0].forced).toEqual({ kind: 'march' });
  expect(s.sections[0].fallBack).toBe(true);
});

test('a section that has lost leader and 2IC cannot fall back (Danger to Leaders: it stays where it is): it goes to ground', () => {
  const s = hurt(5, 5);
  const x = s.sections[0];
  s.figures[x.leader].status = 'casualty';
  s.figures[x.second].status = 'casualty';
  moralePhase(s, scripted([20]).env);
  expect(x.forced).toEqual({ kind: 'full-cover' });
  expect(x.fallBack).toBe(false);
  expect(x.forcedWhy).toMatch(/going to ground \(no leader or 2IC to fall back\)/);
});

test('losing the leader alone calls for a test; no casualties, no test', () => {
  const s = hurt(0, 9);
  s.sections[0].leaderLostThisTurn = true;
  const d = scripted([1]);
  moralePhase(s, d.env);
  expect(d.rolls.length).toBe(1);
  const q = hurt(0, 9);
  const e = scripted([]);
  moralePhase(q, e.env);
  expect(e.rolls.length).toBe(0);
});

test('--option morale=off: no test at all (the printed rules)', () => {
  const s = hurt(3, 7, { morale: 'off' });
  const d = scripted([]);
  moralePhase(s, d.env);
  expect(d.rolls.length).toBe(0);
  expect(s.sections[0].forced).toBeNull();
});

test('victory points: 10 per enemy casualty, the farmhouse held alone, figures that had to leave but did not', () => {
  const s = situation([
    { label: 'b3', cell: 'J23' },
    { label: 'g3', cell: 'A1' },
  ]);
  fig(s, 'g4').status = 'casualty';
  fig(s, 'g4').cell = 5;
  expect(scorePoints(s, rules()).points).toEqual({ Blue: 40, Red: 0 });
  const t = situation(
    [
      { label: 'a3', cell: 'H20' },
      { label: 't3', cell: 'L3' },
    ],
    'lane-ambush',
  );
  expect(scorePoints(t, rules()).points).toEqual({ Blue: 0, Red: 10 });
  expect(scorePoints(t, rules(), ['Red']).points).toEqual({ Blue: 0, Red: 0 });
});

test('the opening says how the scenario is won (a newcomer got away with every man and was surprised by a draw)', async () => {
  const { victoryText } = await import('../../../src/games/small-action/setup.js');
  const [lane, patrol] = ['lane-ambush', 'patrol-clash'].map((id) => rules().scenarios.find((x) => x.id === id)!);
  expect(victoryText(lane)).toBe(
    'Victory: 10 points per enemy casualty; each Flying Column figure still on the table at the end gives the Black and Tans 10 (getting away scores nothing itself); more points wins.',
  );
  expect(victoryText(patrol)).toContain('30 to the side alone in the farmhouse at the end');
});
