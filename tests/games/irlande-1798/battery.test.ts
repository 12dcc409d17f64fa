import { beforeAll } from '@jest/globals';
import { loadRules } from '../../../src/engine/rules.js';
import { irlande1798 } from '../../../src/games/irlande-1798/index.js';
import { runBattery } from '../../engine/battery.js';

let rules: unknown;
beforeAll(async () => {
  rules = (await loadRules(irlande1798)).rules;
});

runBattery({
  mod: irlande1798,
  rules: () => rules,
  optionSets: [{}, { 'rout-exit': 'stop', 'humbert-size': 'hidden' }, { 'humbert-combat': 'hidden' }],
  // What is hidden changes with humbert-size and humbert-combat (rule 5): the secrets test plays each.
  secretOptionSets: [{}, { 'humbert-size': 'hidden', 'humbert-combat': 'hidden' }, { 'humbert-combat': 'hidden' }],
  seeds: 60,
});
