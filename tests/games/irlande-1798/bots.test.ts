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

test("Lake's army stepping into an empty Claremorris with the French in reach leaves a unit there and goes on (13.2)", () => {
  // Newcomer's game (seed nc1): the army stepped into Claremorris, took it as held by itself, walked on, and came back each turn.
  const { s, env } = position(
    rules,
    {
      kilkenny: '1206',
      longford: '1206',
      kerry: '1206',
      galway: '1206',
      fraser: '1206',
      pow: '1206',
      '6th-foot': '1206',
      '70e-g': '0606',
      '70e-1': '0606',
      '70e-2': '0606',
      '70e-3': '0606',
    },
    { phase: 'D', turn: 4, generals: { lake: '1206', humbert: '0606' } },
  );
  s.control['0307'] = 'French';
  s.control['0507'] = 'French';
  play(s, env, 'move kerry', 'with all', 'to 1105');
  const choices = englishChoices(s, env, 'claremorris');
  expect(choices[0]).toBe('drop 6th-foot');
  expect(Object.values(s.units).filter((u) => u.place === 'map' && u.hex === '1105')).toEqual([
    expect.objectContaining({ id: '6th-foot' }),
  ]);
  expect(s.generals.lake.hex).not.toBe('1105');
});

/**
 * Of the English stack moves in `games` seeded playouts of the heuristic bots (seeds `prefix/k`), the share
 * that end where the stack stood two turns before (after the English movement of that turn): a back-and-forth walk.
 */
function englishShuttleShare(prefix: string, games: number): number {
  const options = resolveOptions(mod, {});
  let moves = 0;
  let back = 0;
  for (let k = 0; k < games; k++) {
    const stood: Record<number, Record<string, string | null>> = {};
    const from: Record<number, Record<string, string>> = {};
    const to: Record<number, Record<string, string | null>> = {};
    let turn: number | null = null;
    playout(mod, rules, {
      seed: `${prefix}/${k}`,
      options,
      bots: { English: mod.bots.heuristic, French: mod.bots.heuristic },
      afterStep: (s) => {
        if (s.phase === 'D') {
          turn = s.turn;
          const f = (from[turn] ??= {});
          const t = (to[turn] ??= {});
          for (const u of s.group?.units ?? []) f[u] ??= s.group!.from;
          for (const u of s.moved) if (f[u]) t[u] = s.units[u].hex;
        } else if (turn !== null && !(turn in stood)) {
          stood[turn] = Object.fromEntries(
            Object.values(s.units)
              .filter((u) => rules.index.unit[u.id].side === 'English' && u.place === 'map')
              .map((u) => [u.id, u.hex]),
          );
        }
      },
    });
    for (const t of Object.keys(to).map(Number)) {
      const stacks: Record<string, boolean[]> = {};
      for (const [u, h] of Object.entries(to[t]))
        if (h && h !== from[t][u]) (stacks[`${from[t][u]}>${h}`] ??= []).push(stood[t - 2]?.[u] === h);
      for (const b of Object.values(stacks)) {
        moves++;
        if (b.every(Boolean)) back++;
      }
    }
  }
  return back / moves;
}

test('English stacks seldom walk back to where they stood two turns before (heuristic bots, 20 seeded games)', () => {
  // Measured on these seeds: 22% of the stack moves before garrisons were left on the way, 3% after.
  expect(englishShuttleShare('shuttle', 20)).toBeLessThan(0.08);
});

/** Of 20 seeded playouts (seeds `prefix/k`), how many `side` wins with the heuristic bot against the random one. */
function heuristicWins(side: 'French' | 'English', prefix: string): number {
  const options = resolveOptions(mod, {});
  const other = side === 'French' ? 'English' : 'French';
  let wins = 0;
  for (let k = 0; k < 20; k++) {
    const r = playout(mod, rules, { seed: `${prefix}/${k}`, options, bots: { [side]: mod.bots.heuristic, [other]: mod.bots.random } });
    if (r.outcome.winner === side) wins++;
  }
  return wins;
}

test('the heuristic English beat the random French in most seeded playouts', () => {
  expect(heuristicWins('English', 'bots')).toBeGreaterThanOrEqual(16);
});

// ---- the heuristic French --------------------------------------------------------------------------

/** The French bot's choices from `s` until the French phase ends, `max` choices or a die is due ('fight' is returned, not applied). */
function frenchChoices(s: IrlState, env: ReturnType<typeof scriptedEnv>, seed: string, max = 40): string[] {
  const out: string[] = [];
  const { phase, turn } = s;
  play(s, env);
  for (let n = 1; n <= max; n++) {
    const d = mod.decision(s, rules);
    if (!d || d.side !== 'French' || s.phase !== phase || s.turn !== turn) break;
    const id = mod.bots.heuristic(mod.view(s, 'French', rules), d, botRngFor(seed, 'French', n));
    out.push(id);
    if (id === 'fight') break;
    mod.apply(s, id, env);
  }
  return out;
}

test("Humbert's stack attacks at even odds where his +2 makes the CRT a sure win (8.2), with the bayonet (11.1)", () => {
  // 3 SP against 2 in the open: column 1-1, and the die +2 (Humbert) wins on 2-6; the bayonet makes it 2-1, a sure win.
  const { s, env } = position(
    rules,
    { '70e-g': '0808', '70e-3': '0808', fraser: '0807', kilkenny: '1205' },
    { phase: 'C', turn: 5, generals: { humbert: '0808' } },
  );
  const choices = frenchChoices(s, env, 'strike');
  expect(choices[0]).toBe('attack 0807');
  expect(choices).toContain('stratagem bayonet');
  expect(choices[choices.length - 1]).toBe('fight');
});

test("the French do not attack Lake's army at bad odds, even with Humbert", () => {
  const { s, env } = position(
    rules,
    { '70e-g': '0808', '70e-1': '0808', kilkenny: '0807', longford: '0807', kerry: '0807', fraser: '0807' },
    { phase: 'C', turn: 5, generals: { humbert: '0808', lake: '0807' } },
  );
  expect(frenchChoices(s, env, 'no-strike')).toEqual(['end combat']);
});

test("Humbert's stack marches on a weak English stack in reach and ends next to it", () => {
  const { s, env } = position(
    rules,
    { '70e-g': '0604', '70e-1': '0604', '70e-2': '0604', '70e-3': '0604', 'yeo-inf-2': '0904' },
    { phase: 'B', turn: 5, generals: { humbert: '0604' } },
  );
  for (const t of rules.victory.towns) s.control[t.hex] = 'French';
  frenchChoices(s, env, 'march');
  expect(distance(rules, s.units['70e-g'].hex!, '0904')).toBe(1);
  expect(s.generals.humbert.hex).toBe(s.units['70e-g'].hex);
});

test('a United Irishmen garrison stays in a French-held VP town with an English unit next to it, while Westport tempts (13.2)', () => {
  for (let k = 0; k < 10; k++) {
    const { s, env } = position(rules, { 'ui-1': '0908', 'ui-2': '0908', 'yeo-inf-2': '0907' }, { phase: 'B', turn: 5 });
    s.control['0908'] = 'French';
    frenchChoices(s, env, `garrison/${k}`);
    expect(['ui-1', 'ui-2'].filter((u) => s.units[u].hex === '0908').length).toBeGreaterThanOrEqual(1);
  }
});

test('a French stack with no goal in reach stays where it is (no aimless moves)', () => {
  for (let k = 0; k < 10; k++) {
    const { s, env } = position(rules, { '70e-g': '0908', '70e-1': '0908' }, { phase: 'B', turn: 5, generals: { humbert: '0908' } });
    for (const t of rules.victory.towns) s.control[t.hex] = 'French';
    expect(frenchChoices(s, env, `idle/${k}`)).toEqual(['end movement']);
  }
});

test("a lone French unit does not take an empty town next to Lake's army, which would surely beat it there", () => {
  // 70e/3 (1 SP) next to Foxford (0706), empty and English-held; Lake's army stands next to Foxford at 0806.
  for (let k = 0; k < 10; k++) {
    const { s, env } = position(
      rules,
      { '70e-3': '0606', kilkenny: '0806', longford: '0806', kerry: '0806' },
      { phase: 'B', turn: 5, generals: { lake: '0806' } },
    );
    frenchChoices(s, env, `danger/${k}`);
    expect(distance(rules, s.units['70e-3'].hex!, '0806')).toBeGreaterThan(1);
  }
});

test('the French bot decides from the French view alone: a bare JSON copy of that view gives the same choices (2 games)', () => {
  for (let g = 0; g < 2; g++) {
    const seed = `frview/${g}`;
    const options = resolveOptions(mod, {});
    let checked = 0;
    playout(mod, rules, {
      seed,
      options,
      bots: {
        French: (view, d, rng) => {
          const v = view as ReturnType<typeof mod.view>;
          expect(v.viewer).toBe('French');
          const copy = JSON.parse(JSON.stringify(v)) as typeof v;
          Object.defineProperty(copy, 'rules', { value: rules, enumerable: false });
          const r1 = botRngFor(seed, 'French', ++checked);
          const r2 = botRngFor(seed, 'French', checked);
          const a = mod.bots.heuristic(v, d, r1);
          expect(mod.bots.heuristic(copy, d, r2)).toBe(a);
          return mod.bots.heuristic(v, d, rng);
        },
        English: mod.bots.heuristic,
      },
    });
    expect(checked).toBeGreaterThan(20);
  }
});

test('the heuristic French beat the random English in most seeded playouts', () => {
  expect(heuristicWins('French', 'fbots')).toBeGreaterThanOrEqual(17);
});
