/** `muster rules small-action <topic>`: the reference tables (finding 7: every topic fits 80 columns). */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { stripAnsi } from '../../../src/ui/colour.js';
import { mod, rules, rulesData } from './helpers.js';

beforeAll(rulesData);

test.each([80, 100, 120])('every rules topic fits %i columns, wrapped at spaces', (width) => {
  for (const { name } of mod.rulesTopics) {
    for (const color of [false, true]) {
      const out = mod.renderRules(rules(), name, { color, width });
      for (const line of out.split('\n')) expect({ name, line, fits: stripAnsi(line).length <= width }).toEqual({ name, line, fits: true });
    }
  }
});

test('at 80 columns the order cards and the scenarios read whole: no word broken, tables kept', () => {
  const orders = mod.renderRules(rules(), 'orders', { color: false, width: 80 });
  expect(orders).toContain('| fire-and-movement | Fire and Movement | any ');
  expect(orders).toMatch(
    /Command radius: 200 mm in the open, 100 mm in close country or built-up ground;\n {2}x0\.5 once the 2IC commands\./,
  );
  const scenarios = mod.renderRules(rules(), 'scenarios', { color: false, width: 80 });
  expect(scenarios).toContain('Red German section (germans, class B): rifles, MMG');
  // every word of the blurb is there, in order
  const words = (t: string) => t.split(/\s+/).filter(Boolean);
  const blurb = rules().scenarios.find((s) => s.id === 'lane-ambush')!.blurb;
  expect(words(scenarios).join(' ')).toContain(words(blurb).join(' '));
  const map = mod.renderRules(rules(), 'map', { color: false, width: 80 });
  expect(map).toContain('open field: no cover');
});

test('the real command: COLUMNS=80 muster rules small-action all prints nothing wider than 80 columns', () => {
  const r = spawnSync(process.execPath, [resolve('bin/muster'), 'rules', 'small-action', 'all'], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', COLUMNS: '80' },
    timeout: 60_000,
  });
  expect(r.status).toBe(0);
  const wide = r.stdout.split('\n').filter((l) => Buffer.byteLength(l) > 80);
  expect(wide).toEqual([]);
  expect(r.stdout).toContain('Order cards');
});
