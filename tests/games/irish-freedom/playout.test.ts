import { describe, expect, test } from '@jest/globals';
import { irishFreedom } from '../../../src/games/irish-freedom/index.js';
import { IllegalChoice } from '../../../src/engine/module.js';
import { botRng } from '../../../src/engine/dice.js';
import { rules, seeded } from './helpers.js';

function playout(seed: string, bot: 'random' | 'heuristic', options: Record<string, string>) {
  const env = seeded(seed);
  const s = irishFreedom.setup(rules, options, env);
  const rng = botRng('bot' + seed);
  let steps = 0;
  for (;;) {
    expect(irishFreedom.invariants(s)).toEqual([]);
    const d = irishFreedom.decision(s);
    if (!d) break;
    expect(d.options.length).toBeGreaterThan(0);
    const id = irishFreedom.bots[bot](irishFreedom.view(s, 'Irish'), d, rng);
    irishFreedom.apply(s, id, env);
    if (++steps > 2000) throw new Error('runaway game ' + seed);
  }
  return irishFreedom.result(s);
}

describe('Irish Freedom playouts', () => {
  test('random bot: every game ends, every decision has an option, invariants hold (300 seeds, all options)', () => {
    const wars = ['campaign', 'independence', 'civil'];
    for (let i = 0; i < 300; i++) {
      const r = playout('s' + i, 'random', {
        war: wars[i % 3], events: i % 7 === 0 ? 'off' : 'on', 'high-modifier': i % 5 === 0 ? 'on' : 'off', ulster: i % 4 === 0 ? 'united' : 'partition',
      });
      expect(r.finished).toBe(true);
    }
  });

  test('heuristic bot plays whole campaigns', () => {
    for (let i = 0; i < 60; i++) expect(playout('h' + i, 'heuristic', { war: i % 2 ? 'campaign' : 'civil' }).finished).toBe(true);
  });

  test('apply throws IllegalChoice for an id that is not offered', () => {
    const s = irishFreedom.setup(rules, {}, seeded('x'));
    expect(() => irishFreedom.apply(s, 'move u999 cork/5', seeded('y'))).toThrow(IllegalChoice);
  });
});
