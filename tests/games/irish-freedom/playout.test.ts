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
    expect(irishFreedom.invariants(s, rules)).toEqual([]);
    const d = irishFreedom.decision(s, rules);
    if (!d) break;
    expect(d.options.length).toBeGreaterThan(0);
    const id = irishFreedom.bots[bot](irishFreedom.view(s, 'Irish', rules), d, rng);
    irishFreedom.apply(s, id, env);
    if (++steps > 2000) throw new Error('runaway game ' + seed);
  }
  return irishFreedom.result(s, rules);
}

describe('Irish Freedom playouts', () => {
  test('random bot: every game ends, every decision has an option, invariants hold (300 seeds, every option value)', () => {
    const wars = ['campaign', 'independence', 'civil'];
    for (let i = 0; i < 300; i++) {
      const r = playout('s' + i, 'random', {
        war: wars[i % 3],
        events: i % 7 === 0 ? 'off' : 'on',
        'high-modifier': i % 5 === 0 ? 'on' : 'off',
        ulster: i % 4 === 0 ? 'united' : 'partition',
        upgrade: i % 2 ? 'anywhere' : 'combat',
        'mob-retreat': i % 3 === 1 ? 'stand' : 'disperse',
        ports: i % 5 === 2 ? 'region' : 'area',
        'enemy-any': ['die', 'player', 'rule'][i % 3],
        collins: i % 4 === 1 ? 'until-used' : 'turn',
      });
      expect(r.finished).toBe(true);
      // turns played (simulate's average): 10 for a war lost at the end of turn 10, both wars summed
      const end = r.details!.end;
      if (end === 'british-victory') expect(r.turns).toBe(10);
      if (end === 'republican-victory') expect(r.turns).toBe(10 + Number(r.details!.treatyTurn ?? 0));
      expect(r.turns).toBeLessThanOrEqual(20);
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

describe('Rules passed to every call', () => {
  test('the state carries no rules id; the view reads the state live and serialises as the state alone', () => {
    const s = irishFreedom.setup(rules, {}, seeded('v'));
    expect(Object.keys(s)).not.toContain('rulesId');
    const v = irishFreedom.view(s, 'Irish', rules);
    expect(JSON.parse(JSON.stringify(v))).toEqual(JSON.parse(JSON.stringify(s)));
    const d = irishFreedom.decision(s, rules)!;
    irishFreedom.apply(s, d.options[d.options.length - 1].id, seeded('w'));
    expect(v.turn).toBe(s.turn);
    expect(v.units).toBe(s.units);
    expect(v.map.rules).toBe(rules);
  });

  test('a call without the rules throws a clear Error', () => {
    const s = irishFreedom.setup(rules, {}, seeded('v'));
    // Calls that break the contract (JavaScript callers, old code): the types forbid them.
    const loose = irishFreedom as unknown as Record<
      'decision' | 'result' | 'invariants' | 'help' | 'view' | 'apply',
      (...args: unknown[]) => unknown
    >;
    expect(() => loose.decision(s)).toThrow(/without the rules/);
    expect(() => loose.result(s)).toThrow(/without the rules/);
    expect(() => loose.invariants(s)).toThrow(/without the rules/);
    expect(() => loose.help(s)).toThrow(/without the rules/);
    expect(() => loose.view(s, 'Irish')).toThrow(/without the rules/);
    const d = irishFreedom.decision(s, rules)!;
    expect(() => loose.apply(s, d.options[0].id, { ...seeded('w'), rules: undefined })).toThrow(/without the rules/);
  });
});
