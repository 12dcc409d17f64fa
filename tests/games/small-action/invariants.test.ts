/**
 * The state invariants `simulate` and the battery check after every decision. A card is judged when
 * it is laid: a section that loses its leader and 2IC after the reveal (to aimed fire or a grenade,
 * after it moved) still holds the moving card it laid, and that is no broken invariant (found when
 * the heuristic bot began to assault: simulate stopped at seed muster/120 of lane-ambush).
 */
import { checkInvariants } from '../../../src/games/small-action/invariants.js';
import { fig, rulesData, rules, sec, situation } from './helpers.js';

beforeAll(rulesData);

function leaderlessOnCombatMove(revealed: boolean) {
  const s = situation(
    [
      { label: 't1', cell: 'J10', order: { kind: 'combat' } },
      { label: 't2', cell: 'J11', order: { kind: 'combat' } },
      { label: 't3', cell: 'J12', order: { kind: 'combat' } },
      { label: 'a1', cell: 'H18' },
    ],
    'lane-ambush',
  );
  const x = s.sections[sec(s, 'tans')];
  x.card = { kind: 'combat' };
  x.forcedWhy = null;
  fig(s, 't1').status = 'casualty';
  fig(s, 't2').status = 'casualty';
  s.revealed = revealed;
  if (!revealed) s.stage = 'orders';
  return s;
}

test('a section whose leader and 2IC fell after the reveal keeps its Combat Move card: no broken invariant', () => {
  expect(checkInvariants(leaderlessOnCombatMove(true), rules())).toEqual([]);
});

test('before the reveal, a section without leader and 2IC holding a moving card is still caught', () => {
  expect(checkInvariants(leaderlessOnCombatMove(false), rules())).toEqual(['tans holds an illegal card combat']);
});
