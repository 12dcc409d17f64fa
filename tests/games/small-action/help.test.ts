/** The opening and the Rules help name the options a game departs from the defaults by (help.ts). */
import { resolveOptions } from '../../../src/engine/runner.js';
import { mod, rules, rulesData, scripted } from './helpers.js';

beforeAll(rulesData);

function opening(options: Record<string, string>) {
  const d = scripted([]);
  const s = mod.setup(rules(), resolveOptions(mod, options), d.env);
  return { s, text: d.text() };
}

test('non-default options (danger to leaders, leader-last) are said in the opening and the Rules help; default games say nothing more', () => {
  const on = opening({ 'danger-to-leaders': 'on', 'leader-last': 'section' });
  const said =
    'Options: danger to leaders on (after each aimed hit a D10: on a 10 the hit falls on the section leader); leader-last=section (the leader falls last among the figures the whole volley can hit, not only the firer).';
  expect(on.text).toContain(said);
  expect(mod.help!(on.s, rules())).toContain(said);
  const plain = opening({});
  expect(plain.text).not.toContain('Options:');
  expect(mod.help!(plain.s, rules())).not.toContain('Options:');
});
