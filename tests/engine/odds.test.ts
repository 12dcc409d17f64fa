/** Exact odds through the module's own apply (src/engine/odds.ts), on the toy game. */
import { jest } from '@jest/globals';
import { fraction } from '../../src/commands/odds.js';
import { enumerateLeaves, optionOdds } from '../../src/engine/odds.js';
import { Session } from '../../src/engine/runner.js';
import { toyGame } from './toy-game.js';
import { wilson } from '../../src/engine/stats.js';

const atRoll = () => {
  const s = new Session(toyGame, {}, { seed: 'odds', rulesHash: 'x', keepLog: false }).start();
  s.choose('colour red');
  return s;
};

test('every outcome of a roll is enumerated, each weighted 1/6', () => {
  const leaves = enumerateLeaves(toyGame, {}, atRoll().state, 'roll');
  expect(leaves.map((l) => l.rolls)).toEqual([[1], [2], [3], [4], [5], [6]]);
  expect(leaves.reduce((a, l) => a + l.probability, 0)).toBeCloseTo(1, 12);
  expect(leaves.find((l) => l.rolls[0] === 1)!.state.pot).toBe(0);
});

test('outcomes are grouped by what the game logs; a choice without dice has one outcome', () => {
  const odds = optionOdds(toyGame, {}, atRoll().state);
  const roll = odds.find((o) => o.option === 'roll')!;
  expect(roll.method).toBe('exact');
  expect(roll.outcomes).toHaveLength(1);
  expect(roll.outcomes[0].outcome).toBe('rolling with 0 in the pot');
  expect(roll.outcomes[0].probability).toBeCloseTo(1, 12);
  const hold = odds.find((o) => o.option === 'hold')!;
  expect(hold.runs).toBe(1);
});

test('past the limit the outcomes are sampled, with intervals, and say so', () => {
  const odds = optionOdds(toyGame, {}, atRoll().state, { maxLeaves: 2, samples: 600, seed: 's' }, (l) =>
    l.state.pot === 0 ? 'pig out' : 'scores',
  );
  const roll = odds.find((o) => o.option === 'roll')!;
  expect(roll.method).toBe('sampled');
  expect(roll.note).toBe('this option has more than 2 outcomes of the dice: sampled 600 runs instead');
  // One outcome, in the singular (a newcomer read "did not fit 1 outcomes"), and which limit it was.
  const one = optionOdds(toyGame, {}, atRoll().state, { maxLeaves: 1, samples: 1, seed: 's' }).find((o) => o.option === 'roll')!;
  expect(one.note).toBe('this option has more than 1 outcome of the dice: sampled 1 run instead');
  const pig = roll.outcomes.find((o) => o.outcome === 'pig out')!;
  expect(pig.interval!.low).toBeLessThan(1 / 6);
  expect(pig.interval!.high).toBeGreaterThan(1 / 6);
});

test('exact or sampled is decided by work counted (dice and log entries of each run), never by a clock', () => {
  const roll = (limits: Parameters<typeof optionOdds>[3]) =>
    optionOdds(toyGame, {}, atRoll().state, { seed: 's', ...limits }).find((o) => o.option === 'roll')!;
  // The toy's roll is 7 runs (one to the die, one per face); one sampled run is a seventh of that work.
  expect(roll({ samples: 1, freeWork: 0 }).method).toBe('sampled');
  expect(roll({ samples: 1, freeWork: 0 }).note).toBe(
    "enumerating this option's outcomes would cost more than 2 times the work of sampling them: sampled 1 run instead",
  );
  expect(roll({ samples: 1, freeWork: 0, exactCost: 10 }).method).toBe('exact');
  expect(roll({ samples: 2, freeWork: 0, exactCost: 5 }).method).toBe('exact'); // more samples, more work allowed
  expect(roll({ samples: 1 }).method).toBe('exact'); // small trees are always within the free work
  // A machine so slow that every look at the clock finds ten seconds gone: the same answers.
  let t = 0;
  const spy = jest.spyOn(performance, 'now').mockImplementation(() => (t += 10_000));
  try {
    expect(roll({}).method).toBe('exact');
    expect(roll({ samples: 1, freeWork: 0, exactCost: 10 }).method).toBe('exact');
  } finally {
    spy.mockRestore();
  }
});

test('an option that certainly has more outcomes than the limit is given up at once (faces not yet tried count)', () => {
  let runs = 0;
  const counted = { ...toyGame, apply: (...a: Parameters<typeof toyGame.apply>) => (runs++, toyGame.apply(...a)) };
  const state = atRoll().state;
  // The roll's 6 faces are 6 outcomes at least: past a limit of 4 as soon as the die is met.
  const roll = optionOdds(counted, {}, state, { maxLeaves: 4, samples: 1, seed: 's' }, undefined, ['roll'])[0];
  expect(roll.method).toBe('sampled');
  expect(runs).toBe(2); // the run that met the die, and the one sample
  runs = 0;
  expect(optionOdds(counted, {}, state, { maxLeaves: 6 }, undefined, ['roll'])[0].method).toBe('exact');
  expect(runs).toBe(7);
});

test('progress: each option is handed on as soon as its odds are known, in order, and sampling counts its games', () => {
  const heard: string[] = [];
  const odds = optionOdds(toyGame, {}, atRoll().state, { maxLeaves: 2, samples: 50, seed: 's' }, undefined, undefined, {
    onOption: (o, i, n) => heard.push(`${o.option} ${i + 1}/${n} ${o.method}`),
    onSample: (option, done, n) => {
      if (done === 1 || done === n) heard.push(`${option} sample ${done}/${n}`);
    },
  });
  // The sampled option's games are counted before it is handed on; the handed-on objects are the result's.
  expect(heard).toEqual(['roll sample 1/50', 'roll sample 50/50', 'roll 1/2 sampled', 'hold 2/2 exact']);
  expect(odds.map((o) => o.option)).toEqual(['roll', 'hold']);
});

test('progress with `only`: the count is of the options asked for', () => {
  const heard: string[] = [];
  optionOdds(toyGame, {}, atRoll().state, {}, undefined, ['hold'], { onOption: (o, i, n) => heard.push(`${o.option} ${i + 1}/${n}`) });
  expect(heard).toEqual(['hold 1/1']);
});

test('--rolls 1: an outcome ends where the next roll would be needed', () => {
  const s = atRoll();
  s.choose('roll'); // a non-1 leaves the pot up; roll again
  const leaves = enumerateLeaves(toyGame, {}, s.state, 'roll', { rolls: 1 });
  expect(leaves).toHaveLength(6);
});

test('--to phase: outcomes that reach a decision before any phase heading say where they stopped (never a silent early stop)', () => {
  // The toy logs no phase heading: every outcome of a roll stops at the next decision (another roll,
  // or a new turn's colour after a 1).
  const roll = optionOdds(toyGame, {}, atRoll().state, { to: 'phase' }).find((o) => o.option === 'roll')!;
  expect(roll.beforePhaseEnd!.probability).toBeCloseTo(1, 12);
  expect(roll.beforePhaseEnd!.at).toEqual(['Solo, [Colour] Name a colour', ...[2, 3, 4, 5, 6].map((n) => `Solo, [Turn] Pot ${n}`)]);
  // Sampled: the share of the runs.
  const sampled = optionOdds(toyGame, {}, atRoll().state, { to: 'phase', maxLeaves: 2, samples: 60, seed: 's' }).find(
    (o) => o.option === 'roll',
  )!;
  expect(sampled.method).toBe('sampled');
  expect(sampled.beforePhaseEnd!.probability).toBe(1);
  // --to decision stops there by definition: nothing to say.
  expect(optionOdds(toyGame, {}, atRoll().state).find((o) => o.option === 'roll')!.beforePhaseEnd).toBeUndefined();
});

test('probabilities print as their simplest fractions', () => {
  expect(fraction(5 / 6)).toBe('5/6');
  expect(fraction(1 / 36)).toBe('1/36');
  expect(fraction(25 / 216)).toBe('25/216');
  expect(fraction(1)).toBe('1');
  expect(fraction(Math.PI / 4)).toBeNull();
});

describe('counters drawn blind: outcomes that differ only in the order the shuffle gave are one row', () => {
  // "roll": three anonymous counters, in an order shuffled blind, each roll a D6 (6 routs): the order of
  // the lines is the shuffle's alone (Irlande 1798's hidden stack listed "one unit routs" in several rows).
  const blind = (what: string): typeof toyGame => ({
    ...toyGame,
    apply(s, id, env) {
      if (id !== 'roll') return toyGame.apply(s, id, env);
      env.log('the stack checks its morale');
      for (const _ of env.dice.shuffle(['a', 'b', 'c'], 'the order of the morale dice', what))
        env.log(env.dice.roll(6, 'morale') === 6 ? 'a counter routs' : 'a counter holds');
    },
  });
  const rows = (o: ReturnType<typeof optionOdds>[number]) =>
    Object.fromEntries(o.outcomes.map((x) => [x.outcome.split(' / ').slice(1).sort().join(', '), x]));

  test('exact: one row per result, the probabilities summed', () => {
    const [o] = optionOdds(blind('counters'), {}, atRoll().state, {}, undefined, ['roll']);
    expect(o.method).toBe('exact');
    expect(o.outcomes).toHaveLength(4);
    const r = rows(o);
    expect(Object.keys(r).sort()).toEqual([
      'a counter holds, a counter holds, a counter holds',
      'a counter holds, a counter holds, a counter routs',
      'a counter holds, a counter routs, a counter routs',
      'a counter routs, a counter routs, a counter routs',
    ]);
    expect(fraction(r['a counter holds, a counter holds, a counter routs'].probability)).toBe('25/72');
    expect(fraction(r['a counter holds, a counter routs, a counter routs'].probability)).toBe('5/72');
    expect(o.outcomes.reduce((a, x) => a + x.probability, 0)).toBeCloseTo(1, 12);
  });

  test('sampled: the counts summed, the interval from the summed count', () => {
    const [o] = optionOdds(blind('counters'), {}, atRoll().state, { maxLeaves: 2, samples: 3000, seed: 's' }, undefined, ['roll']);
    expect(o.method).toBe('sampled');
    expect(o.outcomes).toHaveLength(4);
    const one = rows(o)['a counter holds, a counter holds, a counter routs'];
    const count = Math.round(one.probability * 3000);
    expect(one.interval).toEqual(wilson(count, 3000));
    expect(one.interval!.low).toBeLessThan(25 / 72);
    expect(one.interval!.high).toBeGreaterThan(25 / 72);
  });

  test('a shuffle of cards keeps the order of what follows (a card drawn first is not the same)', () => {
    const [o] = optionOdds(blind('cards'), {}, atRoll().state, {}, undefined, ['roll']);
    expect(o.outcomes).toHaveLength(8);
  });
});
