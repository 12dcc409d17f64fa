/**
 * The shared module battery (tests/engine/battery.ts) for the English Civil War: random playouts with
 * the invariants after every decision, determinism, JSON round trip, illegal choice refusal, render
 * without a state change. Long fuzzing is a command's job, not CI's: here 2 × 100 games.
 */
import { beforeAll } from '@jest/globals';
import { runBattery } from '../../engine/battery.js';
import { mod, rulesData } from './helpers.js';

let rules: unknown;
beforeAll(async () => {
  rules = await rulesData();
});

runBattery({
  mod,
  rules: () => rules,
  optionSets: [{ 'turn-limit': 'none' }, { 'turn-limit': '25' }],
  seeds: 100,
  secretSeeds: 4,
  secretSteps: 250,
});
