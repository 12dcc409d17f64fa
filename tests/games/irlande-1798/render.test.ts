/** The screen: fits 80 and 120 columns, obeys ctx.height, marks changes, readable without colour. */
import { stripAnsi } from '../../../src/ui/colour.js';
import { botRngFor } from '../../../src/engine/dice.js';
import { Session } from '../../../src/engine/runner.js';
import type { IrlRules, IrlState } from '../../../src/games/irlande-1798/state.js';
import type { IrlView } from '../../../src/games/irlande-1798/view.js';
import { mod, position, rulesData } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

function states(seed: string, every = 7): IrlState[] {
  const out: IrlState[] = [];
  const s = new Session<IrlState>(mod, rules, { seed, rulesHash: 'x', keepLog: false }).start();
  for (let n = 1; s.decision(); n++) {
    if (n % every === 0) out.push(structuredClone(s.state));
    const d = s.decision()!;
    s.choose(mod.bots.heuristic(mod.view(s.state, d.side, rules), d, botRngFor(seed, d.side, n)));
  }
  out.push(s.state);
  return out;
}

test('no line exceeds the width at 80 and 120 columns, with and without a height, with and without colour', () => {
  for (const st of states('render/1')) {
    for (const side of ['French', 'English', 'all']) {
      const v = mod.view(st, side, rules);
      for (const width of [80, 120])
        for (const height of [undefined, 12, 20, 45])
          for (const color of [false, true]) {
            const lines = mod.render(v, { color, width, height }).split('\n');
            for (const l of lines) expect(stripAnsi(l).length).toBeLessThanOrEqual(width);
            if (height !== undefined) expect(lines.length).toBeLessThanOrEqual(height);
            if (!color) expect(lines.join('\n').includes('\u001b[')).toBe(false);
          }
      expect(mod.status!(v, 80).length).toBeLessThanOrEqual(80);
    }
  }
});

test('the full map labels every hex with its id; the compact one labels rows and columns', () => {
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' });
  const full = mod.render(mod.view(s, 'all', rules), { color: false, width: 80 });
  for (const h of rules.map.hexes) expect(full).toContain(h.id);
  const compact = mod.render(mod.view(s, 'all', rules), { color: false, width: 80, height: 14 }).split('\n');
  expect(compact[0]).toMatch(/^YY +11 +10 +09/);
  expect(compact[8]).toMatch(/^08/);
});

test('stacks read by side without colour: French upper case, English lower case, routed marked "!"', () => {
  const { s } = position(
    rules,
    { '70e-1': '0908', '3e-chass': '0908', kilkenny: '1206', roden: '1206' },
    { routed: ['roden'], generals: { humbert: '0908' } },
  );
  s.humbertRevealed = true;
  const out = mod.render(mod.view(s, 'all', rules), { color: false, width: 80 });
  expect(out).toMatch(/HI2C1/);
  expect(out).toMatch(/i4c2!/);
  expect(out).toMatch(/0908e/); // Castlebar's controller after its id
  s.control['0908'] = 'French';
  expect(mod.render(mod.view(s, 'all', rules), { color: false, width: 80 })).toMatch(/0908F/);
});

test('changes since the previous view are marked and listed', () => {
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' });
  const before = mod.view(s, 'French', rules) as IrlView;
  s.units['70e-1'].hex = '0907';
  s.units.kilkenny.strength = 2;
  const out = mod.render(mod.view(s, 'French', rules), { color: false, width: 80, previous: before });
  expect(out).toMatch(/Since your last decision: 70e\/1 0908>0907; Kilkenny Militia 4>2 SP/);
  expect(out).toMatch(/0907\*/);
});

test('every combat table of the log fits 80 columns (6 heuristic games)', async () => {
  const { logTable } = await import('../../../src/ui/table.js');
  let tables = 0;
  for (let g = 0; g < 6; g++) {
    const seed = `tables/${g}`;
    const s = new Session<IrlState>(mod, rules, { seed, rulesHash: 'x' }).start();
    for (let n = 1; s.decision(); n++) {
      const d = s.decision()!;
      s.choose(mod.bots.heuristic(mod.view(s.state, d.side, rules), d, botRngFor(seed, d.side, n)));
    }
    for (const l of s.log) {
      if (l.entry.kind !== 'table') continue;
      tables++;
      for (const line of logTable(l.entry, { color: false }).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    }
  }
  expect(tables).toBeGreaterThan(20);
});

test('every rules topic fits 100 columns', () => {
  for (const t of mod.rulesTopics)
    for (const line of mod.renderRules(rules, t.name, { color: false, width: 100 }).split('\n'))
      expect(line.length).toBeLessThanOrEqual(100);
});
