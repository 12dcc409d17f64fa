/**
 * The heuristic English bot plays a plausible game: it keeps its garrisons, marches on the French and
 * attacks at odds it can see, does not walk aimlessly, and beats the random French bot.
 */
import { beforeAll, expect, test } from '@jest/globals';
import { botRngFor } from '../../../src/engine/dice.js';
import { playout } from '../../../src/engine/playout.js';
import { resolveOptions } from '../../../src/engine/runner.js';
import { distance } from '../../../src/games/irlande-1798/map.js';
import type { IrlRules, IrlState } from '../../../src/games/irlande-1798/state.js';
import { mod, play, position, rulesData, scriptedEnv } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

/** The English bot's choices from `s` until the English phase ends (or `max` choices), with seeded rngs. */
function englishChoices(s: IrlState, env: ReturnType<typeof scriptedEnv>, seed: string, max = 40): string[] {
  const out: string[] = [];
  const phase = s.phase;
  play(s, env);
  for (let n = 1; n <= max; n++) {
    const d = mod.decision(s, rules);
    if (!d || d.side !== 'English' || s.phase !== phase) break;
    const id = mod.bots.heuristic(mod.view(s, 'English', rules), d, botRngFor(seed, 'English', n));
    out.push(id);
    mod.apply(s, id, env);
  }
  return out;
}

test('the Sligo Garrison, free to move, stays in Sligo while a French unit is within reach (13.2: Sligo is a VP town)', () => {
  for (let k = 0; k < 20; k++) {
    const { s, env } = position(rules, { 'sligo-garr': '0201', '70e-1': '0402' }, { phase: 'D', turn: 5 });
    s.sligoFree = true;
    s.control['0402'] = 'French';
    const choices = englishChoices(s, env, `sligo/${k}`);
    expect(choices).not.toContain('move sligo-garr');
    expect(s.units['sligo-garr'].hex).toBe('0201');
  }
});

test("a town's last unit stays while Lake's army marches out of it (a garrison is left behind)", () => {
  const { s, env } = position(
    rules,
    { kilkenny: '0908', longford: '0908', kerry: '0908', 'yeo-inf-1': '0908', '70e-3': '1010' },
    { phase: 'D', turn: 5, generals: { lake: '0908' } },
  );
  s.control['1010'] = 'French';
  englishChoices(s, env, 'garrison');
  expect(s.units['yeo-inf-1'].hex).toBe('0908');
  expect(s.units.kilkenny.hex).not.toBe('0908');
});

test("Lake's strong stack marches on Humbert's three counters in Westport and ends next to them", () => {
  const { s, env } = position(
    rules,
    {
      kilkenny: '0907',
      longford: '0907',
      kerry: '0907',
      fraser: '0907',
      pow: '0907',
      carabiniers: '0907',
      '70e-1': '1010',
      '70e-2': '1010',
      '70e-g': '1010',
    },
    { phase: 'D', turn: 5, generals: { lake: '0907', humbert: '1010' } },
  );
  s.control['1010'] = 'French';
  englishChoices(s, env, 'march');
  expect(distance(rules, s.units.kilkenny.hex!, '1010')).toBe(1);
});

test("a strong English stack next to Humbert's weak stack attacks it (the odds it can see, counters taken as strong)", () => {
  const { s, env } = position(
    rules,
    {
      kilkenny: '0909',
      longford: '0909',
      kerry: '0909',
      fraser: '0909',
      pow: '0909',
      carabiniers: '0909',
      '70e-1': '1010',
      '70e-2': '1010',
      '70e-g': '1010',
    },
    { phase: 'E', turn: 5, generals: { lake: '0909', humbert: '1010' } },
  );
  const choices = englishChoices(s, env, 'attack', 1);
  expect(choices[0]).toBe('attack 1010');
});

test('a stack already next to the French stack it means to attack does not walk away (no aimless moves)', () => {
  for (let k = 0; k < 10; k++) {
    const { s, env } = position(
      rules,
      { kilkenny: '0909', longford: '0909', kerry: '0909', fraser: '0909', pow: '0909', '70e-1': '1010', '70e-g': '1010' },
      { phase: 'D', turn: 5, generals: { lake: '0909', humbert: '1010' } },
    );
    expect(englishChoices(s, env, `still/${k}`)).toEqual(['end movement']);
  }
});

test('the heuristic English beat the random French in most seeded playouts', () => {
  const options = resolveOptions(mod, {});
  let wins = 0;
  const games = 20;
  for (let k = 0; k < games; k++) {
    const r = playout(mod, rules, { seed: `bots/${k}`, options, bots: { English: mod.bots.heuristic, French: mod.bots.random } });
    if (r.outcome.winner === 'English') wins++;
  }
  expect(wins).toBeGreaterThanOrEqual(16);
});
