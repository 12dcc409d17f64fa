/** The bots decide from their own view only; the heuristic bot's habits. */
import { startBattle } from '../../../src/games/english-civil-war/battle.js';
import { startDeclarations } from '../../../src/games/english-civil-war/declarations.js';
import { startMuster } from '../../../src/games/english-civil-war/muster.js';
import type { EcwRules, EcwState, SideName } from '../../../src/games/english-civil-war/state.js';
import { cardId, emptyHands, fresh, mod, rulesData, scripted, setHand, step } from './helpers.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

const rng = () => 0.99;
function heuristic(s: EcwState): string {
  const d = mod.decision(s, rules)!;
  return mod.bots.heuristic(mod.view(s, d.side as SideName, rules), d, rng);
}
function game(p: number, r: number): EcwState {
  const s = fresh(rules, 'bots');
  emptyHands(s);
  s.sides.Parliament.regiments = p;
  s.sides.Royalist.regiments = r;
  return s;
}

test('the heuristic bot lays its best legal card in an aspect', () => {
  const s = game(10, 10);
  startBattle(s, 'battle', { Parliament: 'attacker', Royalist: 'attacker' }, scripted([]).env);
  setHand(s, 'Parliament', ['Driving Rain', 'Trap', 'Clash']);
  expect(heuristic(s)).toBe(`tactics ${cardId(s, 'Trap')}`);
});

test('the heuristic bot attacks when clearly stronger and defends when weaker', () => {
  const strong = game(40, 10);
  startDeclarations(strong, scripted([]).env);
  setHand(strong, 'Parliament', ['Trap', 'Clash']);
  step(strong, 'done', scripted([]).env);
  step(strong, 'done', scripted([]).env);
  step(strong, 'declare defend', scripted([]).env); // the Royalist, who answered last, declares first
  expect(heuristic(strong)).toBe('declare attack');
  const weak = game(10, 40);
  startDeclarations(weak, scripted([]).env);
  setHand(weak, 'Parliament', ['Trap', 'Clash']);
  step(weak, 'done', scripted([]).env);
  step(weak, 'done', scripted([]).env);
  step(weak, 'declare attack', scripted([]).env);
  expect(heuristic(weak)).toBe('declare defend');
});

test('the heuristic bot keeps its Regiments within support: no muster event when the muster alone will fill it', () => {
  const low = game(5, 5);
  startMuster(low, scripted([]).env);
  setHand(low, 'Parliament', ['London', 'Trap']);
  expect(heuristic(low)).toBe(`play ${cardId(low, 'London')}`);
  const high = game(30, 5);
  startMuster(high, scripted([]).env);
  setHand(high, 'Parliament', ['London', 'Trap']);
  expect(heuristic(high)).toBe('done');
});

test('bots answer from the view alone: the same view gives the same choice whatever the hidden hand', () => {
  const s = game(20, 20);
  startBattle(s, 'battle', { Parliament: 'attacker', Royalist: 'attacker' }, scripted([]).env);
  setHand(s, 'Parliament', ['Trap', 'High Ground', 'Reserves']);
  setHand(s, 'Royalist', ['Charles I']);
  const first = heuristic(s);
  setHand(s, 'Royalist', ['Prince Rupert', 'Cavaliers']);
  expect(heuristic(s)).toBe(first);
});

test('the heuristic defender retreats when hopelessly outnumbered, but not when the retreat hands over its last Territory Markers (a newcomer saw it give the game away)', () => {
  const defenderChoice = (territory: number) => {
    const s = game(40, 5);
    s.sides.Royalist.territory = territory;
    startDeclarations(s, scripted([]).env);
    step(s, 'done', scripted([]).env);
    step(s, 'done', scripted([]).env);
    step(s, 'declare defend', scripted([]).env);
    step(s, 'declare attack', scripted([]).env);
    step(s, 'done', scripted([]).env); // Parliament plays no event before the defender chooses
    const d = mod.decision(s, rules)!;
    expect(d.side).toBe('Royalist');
    expect(d.options.map((o) => o.id)).toContain('strategic retreat');
    return heuristic(s);
  };
  expect(defenderChoice(10)).toBe('strategic retreat');
  expect(defenderChoice(2)).not.toBe('strategic retreat');
});
