import { runBattery } from '../../engine/battery.js';
import { mod, rulesData } from './helpers.js';
import type { EcwRules } from '../../../src/games/english-civil-war/state.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

runBattery({ mod, rules: () => rules, optionSets: [{ 'turn-limit': '25' }], seeds: 40, secretSeeds: 4, secretSteps: 250 });
