/** What a choice led to, per counter, for `muster odds` (outcomes.ts; GameModule.outcomeFacts). */
import { optionOdds } from '../../../src/engine/odds.js';
import type { IrlRules } from '../../../src/games/irlande-1798/state.js';
import { mod, play, position, rulesData } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

/** French 70e-1 + 70e-2 (4 SP) in 0506 attack yeo-inf-1 + ballina-garr (2 SP) in clear 0606: 2-1, no general. */
function declared() {
  const { s, env } = position(rules, { '70e-1': '0506', '70e-2': '0506', 'yeo-inf-1': '0606', 'ballina-garr': '0606' }, { phase: 'C' });
  play(s, env, 'attack 0606', 'with 70e-1', 'with 70e-2');
  return { s, env };
}

test("a fight's odds say what happens to each counter, with the CRT's exact chances (column 2-1, die 1-6)", () => {
  const { s } = declared();
  const o = optionOdds(mod, rules, s, {}, undefined, ['fight'])[0];
  expect(o.method).toBe('exact');
  const p = Object.fromEntries(o.facts.map((f) => [f.outcome, f.probability]));
  // 2-1: 1 A1/JM, 2 JM/PP, 3 PP/JM, 4 A1/D1, 5 JM/D1, 6 PP/D1. The outcome stops at the first loss
  // to choose (the French first at 4: both losses are still to choose).
  expect(p['French: 1 step to lose, their choice']).toBeCloseTo(2 / 6, 12);
  expect(p['English: 1 step to lose, their choice']).toBeCloseTo(3 / 6, 12);
  // JM on the defenders at die 3 (PP/JM): each routs on a die above its quality.
  const q = (u: string) => rules.index.unit[u].quality;
  const name = (u: string) => rules.index.unit[u].name;
  expect(p[`${name('yeo-inf-1')} (0606): routed`]).toBeCloseTo(((1 / 6) * (6 - q('yeo-inf-1'))) / 6, 12);
  // and those that hold must retreat, the English choosing where: both hold, a rout leaves none behind.
  expect(p[`${name('yeo-inf-1')} (0606): to retreat, its owner's choice`]).toBeCloseTo((1 / 6) * (q('yeo-inf-1') / 6) ** 2, 12);
  // JM on the attackers at die 2 (JM/PP); at die 5 (JM/D1) the English loss comes first.
  expect(p[`${name('70e-1')} (0506): routed`]).toBeCloseTo(((1 / 6) * (6 - q('70e-1'))) / 6, 12);
  expect(Object.keys(p).filter((f) => f.includes('eliminated'))).toEqual([]);
});

test('outcomes that differ only in a morale die read the same, and add up (no die value in the words)', () => {
  const { s } = declared();
  const o = optionOdds(mod, rules, s, {}, undefined, ['fight'])[0];
  for (const c of o.outcomes) expect(c.outcome).not.toMatch(/\(\d+ *(<=|>) *\d+\)/);
  // Die 2 (JM/PP): two French units each hold or rout, 4 outcomes; die 3 (PP/JM): two English units, 4;
  // dice 1, 4, 5 and 6 stop at a loss to choose: 4 more. 12 in all, whatever the morale dice.
  expect(o.outcomes).toHaveLength(12);
  expect(o.outcomes.reduce((t, c) => t + c.probability, 0)).toBeCloseTo(1, 12);
});

test('a loss chosen: the counter "loses 1 step"; an eliminated one says so', () => {
  // Die 4 at 2-1: A1/D1.
  const { s, env } = position(
    rules,
    { '70e-1': '0506', '70e-2': '0506', 'yeo-inf-1': '0606', 'ballina-garr': '0606' },
    { phase: 'C', rolls: [4] },
  );
  play(s, env, 'attack 0606', 'with 70e-1', 'with 70e-2', 'fight');
  const lose = optionOdds(mod, rules, s, {}, undefined, ['lose 70e-1'])[0];
  expect(lose.facts.map((f) => [f.outcome, f.probability])).toEqual([[`${rules.index.unit['70e-1'].name} (0506): loses 1 step`, 1]]);
  mod.apply(s, 'lose 70e-1', env);
  const gone = optionOdds(mod, rules, s, {}, undefined, ['lose ballina-garr'])[0];
  expect(gone.facts.map((f) => f.outcome)).toContain(`${rules.index.unit['ballina-garr'].name} (0606): eliminated`);
});
