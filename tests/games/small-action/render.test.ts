/** The screen: fits 80 and 120 columns, obeys the height, terrain and figures readable without colour. */
import { botRng } from '../../../src/engine/dice.js';
import { stripAnsi } from '../../../src/ui/colour.js';
import { Session } from '../../../src/engine/runner.js';
import type { SaState } from '../../../src/games/small-action/types.js';
import { mod, rules, rulesData, situation, fig } from './helpers.js';

beforeAll(rulesData);

test('every screen of random games fits 80 and 120 columns, and a given height', () => {
  let screens = 0;
  for (const scenario of ['lane-ambush', 'patrol-clash']) {
    const s = new Session<SaState>(mod, rules(), {
      seed: `render/${scenario}`,
      options: { scenario },
      rulesHash: 'x',
      keepLog: false,
    }).start();
    const rng = botRng('render');
    let prev: unknown;
    for (let d = s.decision(); d; d = s.decision()) {
      const v = mod.view(s.state, d.side, rules());
      for (const [width, height] of [
        [80, undefined],
        [80, 12],
        [120, undefined],
        [120, 30],
      ] as const) {
        const out = mod.render(v, { color: width === 120, width, height, previous: prev });
        const lines = out.split('\n');
        for (const l of lines) expect(stripAnsi(l).length).toBeLessThanOrEqual(width);
        if (height) expect(lines.length).toBeLessThanOrEqual(height);
        screens++;
      }
      expect(mod.status!(v, 80).length).toBeLessThanOrEqual(80);
      prev = v;
      s.choose(mod.bots.random(v, d, rng));
    }
  }
  expect(screens).toBeGreaterThan(100);
});

test('the map: grid coordinates on the edges, terrain characters, leader / 2IC / man / suppressed / casualty glyphs', () => {
  const s = situation([
    { label: 'b1', cell: 'Q15' },
    { label: 'b2', cell: 'Q16' },
    { label: 'b3', cell: 'Q17' },
    { label: 'g3', cell: 'A1' },
    { label: 'g4', cell: 'A2' },
  ]);
  fig(s, 'g3').suppressed = true;
  fig(s, 'g4').status = 'casualty';
  const out = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 80 });
  const lines = out.split('\n');
  expect(lines[2]).toMatch(/^ {2}123456789012345678901234567890123456/);
  const q = lines.find((l) => l.startsWith('Q '))!;
  expect(q.slice(2, 38)).toBe('.......:......B1b...................');
  expect(q.slice(39, 40)).toBe('Q');
  const a = lines.find((l) => l.startsWith('A '))!;
  expect(a.slice(2, 5)).toBe('!x.');
  expect(lines.find((l) => l.startsWith('J '))!.slice(2, 38)).toContain('###');
  expect(out).toContain('% woods');
});

test('the other side\'s card: "secret until the reveal"; changes since the previous view are listed', () => {
  const s = new Session<SaState>(mod, rules(), { seed: 'r', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
  s.choose('order british combat');
  expect(mod.render(mod.view(s.state, 'Red', rules()), { color: false, width: 80 })).toContain('secret until the reveal');
  const before = mod.view(s.state, 'Blue', rules());
  s.choose('order germans combat');
  s.choose('move british u18');
  const out = mod.render(mod.view(s.state, 'Red', rules()), { color: false, width: 120, previous: before });
  expect(out).toContain('moved: b1');
});
