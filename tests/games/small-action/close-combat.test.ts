/** Close combat (rulebook: Close Combat): a D20 each, highest wins; every modifier. */
import { closeCombat, closeCombatModifiers, closeCombatPairs } from '../../../src/games/small-action/close-combat.js';
import type { OrderCard } from '../../../src/games/small-action/types.js';
import { fig, idx, rules, rulesData, scripted, situation } from './helpers.js';

beforeAll(rulesData);

const two = (b: string, g: string, gOrder: OrderCard = { kind: 'aimed-fire' }, bOrder: OrderCard = { kind: 'combat' }) =>
  situation([
    { label: 'b3', cell: b, order: bOrder },
    { label: 'g3', cell: g, order: gOrder },
  ]);

test('figures next to an enemy (the eight cells around) fight; two cells apart they do not', () => {
  expect(closeCombatPairs(two('Q15', 'P16'), rules()).length).toBe(1);
  expect(closeCombatPairs(two('Q15', 'Q17'), rules()).length).toBe(0);
});

test('one D20 each, the higher score wins and the loser is a casualty; equal scores: no result', () => {
  const a = two('Q15', 'Q16');
  a.sections[1].cls = 'A';
  closeCombat(a, scripted([12, 11]).env);
  expect([fig(a, 'b3').status, fig(a, 'g3').status]).toEqual(['ready', 'casualty']);
  const b = two('Q15', 'Q16');
  b.sections[1].cls = 'A';
  closeCombat(b, scripted([7, 7]).env);
  expect([fig(b, 'b3').status, fig(b, 'g3').status]).toEqual(['ready', 'ready']);
});

describe('each modifier', () => {
  const mods = (s: ReturnType<typeof two>, me: string, them: string, n = 1) =>
    closeCombatModifiers(s, rules(), idx(s, me), idx(s, them), n).mod;
  test('lower class than the enemy −2', () => {
    const s = two('Q15', 'Q16'); // British class A, German class B
    expect(mods(s, 'g3', 'b3')).toBe(-2);
    expect(mods(s, 'b3', 'g3')).toBe(0);
    closeCombat(s, scripted([10, 11]).env); // 10 against 11 - 2 = 9
    expect(fig(s, 'g3').status).toBe('casualty');
  });
  test('fighting more than one figure −2', () => {
    const s = situation([
      { label: 'b3', cell: 'Q15' },
      { label: 'g3', cell: 'Q16' },
      { label: 'g4', cell: 'P16' },
    ]);
    s.sections[1].cls = 'A';
    expect(mods(s, 'b3', 'g3', 2)).toBe(-2);
    closeCombat(s, scripted([12, 11, 5]).env); // b3 12-2=10 beats g4's 5, loses to g3's 11
    expect([fig(s, 'b3').status, fig(s, 'g3').status, fig(s, 'g4').status]).toEqual(['casualty', 'ready', 'casualty']);
  });
  test("in 'Full Cover' −8", () => {
    const s = two('Q15', 'Q16', { kind: 'full-cover' });
    s.sections[1].cls = 'A';
    expect(mods(s, 'g3', 'b3')).toBe(-8);
  });
  test('fighting over an obstacle or barricade −2 (the enemy lines a wall, hedge or building)', () => {
    const s = two('M15', 'L15'); // L15 is the hedge row
    s.sections[1].cls = 'A';
    expect(mods(s, 'b3', 'g3')).toBe(-2);
    expect(mods(s, 'g3', 'b3')).toBe(0);
    const h = two('J22', 'J23'); // the farmhouse
    h.sections[1].cls = 'A';
    expect(mods(h, 'b3', 'g3')).toBe(-2);
  });
  test('suppressed −5', () => {
    const s = two('Q15', 'Q16');
    s.sections[1].cls = 'A';
    fig(s, 'g3').suppressed = true;
    expect(mods(s, 'g3', 'b3')).toBe(-5);
  });
});
