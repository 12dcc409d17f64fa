/** Hidden information: a side's view never holds the other hand, the deck order, the other's secrets. */
import { botRng, EngineDice } from '../../../src/engine/dice.js';

import { makeEnv } from '../../../src/engine/env.js';
import { Session } from '../../../src/engine/runner.js';
import { loadRules } from '../../../src/engine/rules.js';
import { lineOf } from '../../../src/games/english-civil-war/cards.js';
import { ASPECTS, other, SIDES, type EcwRules, type EcwState, type SideName } from '../../../src/games/english-civil-war/state.js';
import type { EcwView } from '../../../src/games/english-civil-war/view.js';
import { mod, rulesData } from './helpers.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

/** Every card the `viewer` may not see: the other hand, the other's face-down picks and window cards, the deck. */
function secretCards(s: EcwState, viewer: SideName): string[] {
  const opp = other(viewer);
  const out = [...s.sides[opp].hand, ...s.sides[opp].committed, ...s.deck];
  if (s.battle && !s.battle.revealed) for (const a of ASPECTS) if (s.battle.picks[opp][a]) out.push(s.battle.picks[opp][a]!);
  return out;
}

/** The cards a side holds as the other sees it: its hand and what it laid face down, unrevealed. */
function held(s: EcwState, side: SideName): number {
  const faceDown = s.battle && !s.battle.revealed ? Object.keys(s.battle.picks[side]).length : 0;
  return s.sides[side].hand.length + s.sides[side].committed.length + faceDown;
}

/** What `viewer`'s view shows that it should not (empty when nothing leaks). */
function leaks(s: EcwState, viewer: SideName): string[] {
  const v = mod.view(s, viewer, rules) as EcwView;
  const opp = other(viewer);
  const out: string[] = [];
  if (v.sides[opp].hand !== null) out.push('other hand');
  // The number of cards laid face down is as secret as the cards: the count covers hand and table.
  if (v.sides[opp].handCount !== held(s, opp)) out.push('hand count');
  if (v.sides[opp].committed !== null) out.push('window cards');
  if (v.battle && !v.battle.revealed && v.battle.faceDown[opp] !== null) out.push('face-down count');
  if (v.deck !== null) out.push('deck order');
  if (!s.revealed && s.sides[opp].declaration !== null && v.sides[opp].declaration !== 'hidden') out.push('declaration');
  if (s.battle && !s.battle.revealed && v.battle!.picks[opp] !== null) out.push('battle picks');
  // The whole view, card details included: they are keyed by the cards the viewer may see.
  const text = JSON.stringify(v);
  for (const c of secretCards(s, viewer)) if (text.includes(`"${c}"`)) out.push(`card ${c}`);
  return out;
}

/** Random play for up to `steps` decisions, calling `each` before every one. */
function walk(seed: string, steps: number, each: (s: EcwState) => void = () => {}): EcwState {
  const env = makeEnv(EngineDice.seeded(seed), undefined, false, rules);
  const s = mod.setup(rules, { 'turn-limit': '25' }, env);
  const rng = botRng(seed);
  for (let i = 0; i < steps; i++) {
    const d = mod.decision(s, rules);
    if (!d) break;
    each(s);
    mod.apply(s, mod.bots.random(mod.view(s, d.side, rules), d, rng), env);
  }
  return s;
}

test("a side's view never leaks the other hand, the deck, the other's declaration or battle cards (10 seeds x 300 decisions)", () => {
  const found: string[] = [];
  let states = 0;
  for (let g = 0; g < 10; g++)
    walk(`hidden/${g}`, 300, (s) => {
      states++;
      for (const side of SIDES) found.push(...leaks(s, side));
    });
  expect(found).toEqual([]);
  expect(states).toBeGreaterThan(1000);
});

test("the 'all' view shows everything (for replays and the final screen)", () => {
  const s = mod.setup(
    rules,
    { 'turn-limit': 'none' },
    {
      dice: { roll: () => 1, pick: (l: readonly unknown[]) => l[0], shuffle: (l: readonly unknown[]) => l.slice() } as never,
      log: () => {},
      verbose: false,
      rules,
    },
  );
  const v = mod.view(s, 'all', rules) as EcwView;
  expect(v.sides.Parliament.hand).toEqual(s.sides.Parliament.hand);
  expect(v.sides.Royalist.hand).toEqual(s.sides.Royalist.hand);
  expect(v.deck).toEqual(s.deck);
});

test("a side's view (what its bot decides from) is the same whatever the other hand holds", () => {
  const s = walk('same-view', 40);
  const before = JSON.stringify(mod.view(s, 'Parliament', rules));
  const swap = s.sides.Royalist.hand.splice(0, 2);
  const fromDeck = s.deck.splice(0, 2);
  s.sides.Royalist.hand.push(...fromDeck);
  s.deck.push(...swap);
  expect(JSON.stringify(mod.view(s, 'Parliament', rules))).toBe(before.replace(/"deckCount":\d+/, `"deckCount":${s.deck.length}`));
});

test('the log never names a card in a hand: draws are counted, battle cards are named only at the reveal', async () => {
  const { hash } = await loadRules(mod);
  const sess = new Session<EcwState>(mod, rules, { seed: 'log-secrets', options: { 'turn-limit': '25' }, rulesHash: hash }).start();
  const rng = botRng('log-secrets');
  let checkedPicks = 0;
  for (let d = sess.decision(); d; d = sess.decision()) {
    const s = sess.state;
    const b = s.battle;
    if (b && !b.revealed && b.pickSide === 'Royalist') {
      // Parliament's cards lie face down: no log entry since the segment began names them.
      let start = sess.log.length - 1;
      while (
        start > 0 &&
        !(sess.log[start].entry.kind === 'text' && /Battle Segment|Siege Segment/.test((sess.log[start].entry as { text: string }).text))
      )
        start--;
      const names = ASPECTS.map((a) => b.picks.Parliament[a])
        .filter((c): c is string => !!c)
        .map((c) => lineOf(rules, c).name);
      const text = sess.log
        .slice(start)
        .map((l) => (l.entry.kind === 'text' ? l.entry.text : ''))
        .join('\n');
      for (const n of names) expect(text.includes(n)).toBe(false);
      checkedPicks++;
    }
    sess.choose(mod.bots.random(mod.view(s, d.side, rules), d, rng));
  }
  expect(checkedPicks).toBeGreaterThan(0);
  for (const l of sess.log)
    if (l.entry.kind === 'text' && /draws/.test(l.entry.text))
      expect(l.entry.text).toMatch(/draws \d+ (more )?cards?|plays Invade and draws \d+ more cards/);
});
