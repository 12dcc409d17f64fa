import { runBattery } from '../../engine/battery.js';
import { mod, rules, rulesData } from './helpers.js';

beforeAll(rulesData);

runBattery({
  mod,
  rules: () => rules(),
  optionSets: [
    {},
    { scenario: 'patrol-clash' },
    { scenario: 'lane-ambush', morale: 'off', 'danger-to-leaders': 'on', 'leader-last': 'section', 'leaders-off': 'as-body' },
    { scenario: 'patrol-clash', 'danger-to-leaders': 'on-2ic', facing: 'fixed', 'leader-last': 'section' },
  ],
  seeds: 40,
});
