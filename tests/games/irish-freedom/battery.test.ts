import { beforeAll } from '@jest/globals';
import { loadRules } from '../../../src/engine/rules.js';
import { irishFreedom } from '../../../src/games/irish-freedom/index.js';
import { runBattery } from '../../engine/battery.js';

let rules: unknown;
beforeAll(async () => {
  rules = (await loadRules(irishFreedom)).rules;
});

runBattery({
  mod: irishFreedom,
  rules: () => rules,
  optionSets: [
    {},
    { war: 'independence' },
    { war: 'civil', events: 'off' },
    { 'high-modifier': 'on', ulster: 'united' },
    { upgrade: 'anywhere', 'mob-retreat': 'stand', ports: 'region', 'enemy-any': 'player', collins: 'until-used' },
  ],
  seeds: 100,
});
