/** Random playouts over hundreds of seeds: the invariants always hold and every game ends. */
import { playout } from '../../../src/engine/playout.js';
import type { EcwRules, EcwState } from '../../../src/games/english-civil-war/state.js';
import { mod, rulesData } from './helpers.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

test('100 random games: 20 Territory Markers, no negative Regiments, 158 cards accounted for, every game ends', () => {
  let longestTurns = 0;
  let longestSteps = 0;
  const broken: string[] = [];
  const segments = { skirmishes: 0, battles: 0, sieges: 0, strategicRetreats: 0 };
  const wins: Record<string, number> = {};
  for (let g = 0; g < 100; g++) {
    const seed = `random/${g}`;
    const r = playout<EcwState>(mod, rules, {
      seed,
      options: { 'turn-limit': '200' },
      bots: { Parliament: mod.bots.random, Royalist: mod.bots.random },
      maxSteps: 50_000,
      afterStep: (s, step) => {
        const bad = mod.invariants(s, rules);
        if (bad.length) broken.push(`${seed} step ${step}: ${bad.join('; ')}`);
      },
    });
    expect(r.outcome.finished).toBe(true);
    expect(mod.decision(r.state, rules)).toBeNull();
    longestTurns = Math.max(longestTurns, r.outcome.turns ?? 0);
    longestSteps = Math.max(longestSteps, r.steps);
    for (const k of Object.keys(segments) as (keyof typeof segments)[]) segments[k] += Number(r.outcome.details![k]);
    wins[String(r.outcome.winner)] = (wins[String(r.outcome.winner)] ?? 0) + 1;
  }
  expect(broken.slice(0, 5)).toEqual([]);
  // Every segment and the retreat happen in random play.
  for (const n of Object.values(segments)) expect(n).toBeGreaterThan(0);
  console.log(
    `english-civil-war random playouts: longest ${longestTurns} turns / ${longestSteps} decisions; wins ${JSON.stringify(wins)}; ${JSON.stringify(segments)}`,
  );
});

test('heuristic bots play either side to the end, against each other and against the random bot', () => {
  const pairs = [
    { Parliament: mod.bots.heuristic, Royalist: mod.bots.heuristic },
    { Parliament: mod.bots.heuristic, Royalist: mod.bots.random },
    { Parliament: mod.bots.random, Royalist: mod.bots.heuristic },
  ];
  const heuristicWins = [0, 0, 0];
  pairs.forEach((bots, i) => {
    for (let g = 0; g < 20; g++) {
      const r = playout<EcwState>(mod, rules, {
        seed: `heuristic/${i}/${g}`,
        options: { 'turn-limit': '100' },
        bots,
        afterStep: (s) => expect(mod.invariants(s, rules)).toEqual([]),
      });
      expect(r.outcome.finished).toBe(true);
      if ((i === 1 && r.outcome.winner === 'Parliament') || (i === 2 && r.outcome.winner === 'Royalist')) heuristicWins[i]++;
    }
  });
  // The heuristic bot beats the random bot most of the time, on either side.
  expect(heuristicWins[1]).toBeGreaterThan(10);
  expect(heuristicWins[2]).toBeGreaterThan(10);
});

test('without a turn limit a game runs until one side holds all 20 Territory Markers', () => {
  for (let g = 0; g < 20; g++) {
    const r = playout<EcwState>(mod, rules, {
      seed: `nolimit/${g}`,
      options: { 'turn-limit': 'none' },
      bots: { Parliament: mod.bots.random, Royalist: mod.bots.random },
    });
    expect(r.state.sides[r.outcome.winner as 'Parliament' | 'Royalist'].territory).toBe(20);
  }
});

test('the invariants catch a broken state: markers not totalling 20, negative Regiments, a lost or doubled card', () => {
  const r = playout<EcwState>(mod, rules, {
    seed: 'broken',
    options: { 'turn-limit': '25' },
    bots: { Parliament: mod.bots.random, Royalist: mod.bots.random },
  });
  const s = r.state;
  expect(mod.invariants(s, rules)).toEqual([]);
  s.sides.Parliament.territory += 1;
  s.sides.Royalist.regiments = -1;
  s.discard.push(s.deck.length ? s.deck[0] : s.discard[0]);
  const bad = mod.invariants(s, rules).join('\n');
  expect(bad).toMatch(/territory markers do not total 20/);
  expect(bad).toMatch(/Royalist regiments -1/);
  expect(bad).toMatch(/is both in/);
});
