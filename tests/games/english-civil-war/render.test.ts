/** The screen, the rules reference and the help: plain text within 100 columns, deterministic. */
import { stripAnsi } from '../../../src/ui/colour.js';
import { botRng } from '../../../src/engine/dice.js';
import { EngineDice } from '../../../src/engine/dice.js';
import { makeEnv } from '../../../src/engine/env.js';
import type { EcwRules, EcwState, Stage } from '../../../src/games/english-civil-war/state.js';
import { mod, rulesData } from './helpers.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

/** Heuristic play until `until` holds. */
function playUntil(seed: string, until: (s: EcwState) => boolean): EcwState {
  const env = makeEnv(EngineDice.seeded(seed), undefined, false, rules);
  const s = mod.setup(rules, { 'turn-limit': 'none' }, env);
  const rng = botRng(seed);
  for (let i = 0; i < 5000 && mod.decision(s, rules) && !until(s); i++) {
    const d = mod.decision(s, rules)!;
    mod.apply(s, mod.bots.heuristic(mod.view(s, d.side, rules), d, rng), env);
  }
  return s;
}

const width = (text: string) => Math.max(...text.split('\n').map((l) => stripAnsi(l).length));

test("a side's screen shows both armies, the 20-marker track, alliances, deck and discard, and its hand as a table", () => {
  const s = playUntil('render-1', (x) => x.stage === 'muster');
  const out = mod.render(mod.view(s, 'Parliament', rules), { color: false });
  expect(out).toMatch(/Territory \[P{10}R{10}\]/);
  expect(out).toMatch(/Parliament +\d+ Regiments \(supports 30\)/);
  expect(out).toMatch(/Royalist +\d+ Regiments \(supports 20\)/);
  expect(out).toMatch(/allies: none/);
  expect(out).toMatch(/Deck \d+ cards, discard \d+/);
  expect(out).toMatch(/Parliament's hand \(\d+\)/);
  expect(out).toMatch(/\| Card +\| Aspect +\| Score +\| Restrictions +\| Effect/);
  expect(out).not.toMatch(/Royalist's hand/);
  expect(width(out)).toBeLessThanOrEqual(100);
  expect(out.includes('\u001b[')).toBe(false);
  expect(mod.render(mod.view(s, 'Parliament', rules), { color: false })).toBe(out);
});

test("the battle is drawn as five aspects with each side's card, score and winner once revealed, face down before", () => {
  const before = playUntil('render-2', (x) => x.stage === 'pick' && x.battle!.pickSide === 'Royalist');
  const hidden = mod.render(mod.view(before, 'Royalist', rules), { color: false });
  // Parliament's cards lie face down: the Royalist sees neither which nor how many; its own column is still empty.
  expect(hidden).toMatch(/\| Tactics +\| laid face down +\| +\| nothing laid yet +\|/);
  expect(hidden).not.toMatch(/\| \? +\||cards? laid/);
  expect(hidden).toMatch(/cards face down until both have laid them/);
  const after = playUntil('render-2', (x) => !!x.battle?.revealed);
  const out = mod.render(mod.view(after, 'Royalist', rules), { color: false });
  for (const a of ['Tactics', 'Terrain', 'Troops', 'Leadership', 'Morale']) expect(out).toMatch(new RegExp(`\\| ${a} +\\|`));
  expect(out).toMatch(/\| Aspect +\| Parliament card +\| score +\| Royalist card +\| score +\| winner/);
  expect(out).toMatch(/\| Troops +\|[^\n]*\d+\+\d+=\d+/);
  expect(out).not.toMatch(/\| \? +\|/);
  expect(width(out)).toBeLessThanOrEqual(100);
});

test('at 80x24 the battle lines tell "no card laid" (-) from an aspect not decided yet (nothing), as the table does', () => {
  // A newcomer read "-" for both on the compact battle lines.
  const s = playUntil('render-2', (x) => x.stage === 'pick' && x.battle!.pickSide === 'Royalist' && (x.battle!.pickAspect ?? 0) >= 2);
  const decided = s.battle!.pickAspect!;
  const lines = (side: 'Parliament' | 'Royalist') =>
    mod
      .render(mod.view(s, side, rules), { color: false, width: 80, height: 14 })
      .split('\n')
      .filter((l) => /^(Tactics|Terrain|Troops|Leadership|Morale) +P:/.test(l));
  const own = lines('Royalist');
  expect(own).toHaveLength(5);
  // The Royalist's own column: a card or "-" where decided (Terrain: no card), nothing after "R:" where not yet.
  expect(own[1]).toMatch(/R: -$/);
  own.forEach((l, i) => expect(l).toMatch(i < decided ? /R: \S/ : /R:$/));
  // Parliament's cards lie face down: said on the first line, the other lines empty (not "-", no card laid).
  expect(own[0]).toMatch(/^Tactics +P: laid face down +R:/);
  for (const l of own.slice(1)) expect(l).toMatch(/P: +R:/);
  // The columns line up; no line is wider than 80.
  expect(new Set(own.map((l) => l.indexOf('R:'))).size).toBe(1);
  for (const l of [...own, ...lines('Parliament')]) expect(l.length).toBeLessThanOrEqual(80);
  // Parliament's view: its own five decided (a card or "-"), the Royalist still choosing.
  const other = lines('Parliament');
  other.forEach((l) => expect(l).toMatch(/P: \S/));
  expect(other[0]).toMatch(/R: choosing$/);
  for (const l of other.slice(1)) expect(l).toMatch(/R:$/);
});

test('every rules topic renders from the data within 100 columns; the cards topic lists every card line', () => {
  for (const t of mod.rulesTopics) {
    const out = mod.renderRules(rules, t.name, { color: false });
    expect(out.length).toBeGreaterThan(50);
    expect(width(out)).toBeLessThanOrEqual(100);
  }
  const cards = mod.renderRules(rules, 'cards', { color: false });
  for (const c of rules.cards) expect(cards).toContain(c.name);
  expect(() => mod.renderRules(rules, 'nope', { color: false })).toThrow(/topics/);
});

test('help explains the phase at hand', () => {
  const stages: Partial<Record<Stage, RegExp>> = { muster: /4D6/, plot: /5\+/, end: /discard/ };
  const s = playUntil('help', () => true);
  for (const [stage, re] of Object.entries(stages)) {
    s.stage = stage as Stage;
    expect(mod.help(s, rules)).toMatch(re!);
  }
});

test('the final screen and result name the winner and count the segments', () => {
  const s = playUntil('final', () => false);
  const r = mod.result(s, rules);
  expect(r.finished).toBe(true);
  expect(r.details).toEqual(
    expect.objectContaining({
      turns: r.turns,
      skirmishes: expect.any(Number),
      battles: expect.any(Number),
      sieges: expect.any(Number),
      strategicRetreats: expect.any(Number),
    }),
  );
  const all = mod.render(mod.view(s, 'all', rules), { color: false });
  expect(all).toMatch(/wins\./);
  expect(all).toMatch(/Parliament's hand: /);
  expect(width(all)).toBeLessThanOrEqual(100);
});

test('every screen of a game stays within 100 columns, with and without colour', () => {
  let widest = 0;
  for (const seed of ['sweep-1']) {
    const env = makeEnv(EngineDice.seeded(seed), undefined, false, rules);
    const s = mod.setup(rules, { 'turn-limit': '6' }, env);
    const rng = botRng(seed);
    for (let d = mod.decision(s, rules); d; d = mod.decision(s, rules)) {
      for (const who of ['Parliament', 'Royalist', 'all'] as const)
        widest = Math.max(widest, width(mod.render(mod.view(s, who, rules), { color: who === 'Royalist' })));
      mod.apply(s, mod.bots.random(mod.view(s, d.side, rules), d, rng), env);
    }
  }
  expect(widest).toBeLessThanOrEqual(100);
});
