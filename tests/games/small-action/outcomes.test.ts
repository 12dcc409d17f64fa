/** What a choice led to, per figure and section, for `muster odds` (outcomes.ts; GameModule.outcomeFacts). */
import { optionOdds } from '../../../src/engine/odds.js';
import { mod, rules, rulesData, sec, situation } from './helpers.js';

beforeAll(rulesData);

/** b3 (class A) at R25 fires at g4, still in the woods at R30 (soft cover, 250 mm: needs 11+); morale off. */
function oneFirer(extra: Parameters<typeof situation>[0] = []) {
  const s = situation(
    [{ label: 'b3', cell: 'R25' }, { label: 'g4', cell: 'R30', order: { kind: 'aimed-fire' } }, ...extra],
    'patrol-clash',
    { morale: 'off' },
  );
  s.queue = [sec(s, 'british')];
  return s;
}

test('one firer, one target needing 11+ on a D20: "g4 down" with 10/20, and the section\'s count with it', () => {
  const s = oneFirer();
  const odds = optionOdds(mod, rules(), s, {}, undefined, ['fire british at germans']);
  expect(odds).toHaveLength(1);
  const o = odds[0];
  expect(o.method).toBe('exact');
  expect(o.facts.map((f) => [f.outcome, f.probability])).toEqual([
    ['g4 (German section) down', expect.closeTo(10 / 20, 12)],
    ['German section: 1 down', expect.closeTo(10 / 20, 12)],
  ]);
});

test('two targets, two firers needing 11+: each man down 1/2, one down 1/2, both 1/4 (a hit falls on the next man standing)', () => {
  const s = oneFirer([
    { label: 'b4', cell: 'R25' },
    { label: 'g5', cell: 'R30', order: { kind: 'aimed-fire' } },
  ]);
  const o = optionOdds(mod, rules(), s, {}, undefined, ['fire british at germans'])[0];
  const p = Object.fromEntries(o.facts.map((f) => [f.outcome, f.probability]));
  expect(p['German section: 1 down']).toBeCloseTo(0.5, 12);
  expect(p['German section: 2 down']).toBeCloseTo(0.25, 12);
  // Casualty order: g4 before g5 (same cover and distance, lower index), so g4 falls to either hit.
  expect(p['g4 (German section) down']).toBeCloseTo(0.75, 12);
  expect(p['g5 (German section) down']).toBeCloseTo(0.25, 12);
});

test('suppressive fire: "suppressed" per figure, while the turn lasts', () => {
  // g1 stands too, unseen by b3 behind the farmhouse, so the turn goes on to the Germans' aimed fire.
  const s = oneFirer([{ label: 'g1', cell: 'J28', order: { kind: 'aimed-fire' } }]);
  s.figures.find((f) => f.label === 'b3')!.order = { kind: 'suppressive-fire' };
  s.stage = 'suppressive';
  const d = mod.decision(s, rules())!;
  const choice = d.options.find((x) => x.id.startsWith('fire british'))!.id;
  const o = optionOdds(mod, rules(), s, {}, undefined, [choice])[0];
  // Class A on a stationary figure in soft cover: suppresses on 9+ (the bracketed number), 12/20.
  expect(o.facts.map((f) => [f.outcome, f.probability])).toEqual([
    ['g4 (German section) suppressed', expect.closeTo(12 / 20, 12)],
    ['German section: 1 suppressed', expect.closeTo(12 / 20, 12)],
  ]);
});
