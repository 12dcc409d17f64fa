/**
 * Issue 7, cases 9 and 10: rules data under which the war never ends is refused; a runaway game names
 * the data that kept it going; Invade gives each player its 3 extra cards once per Strategy Phase.
 */
import { botRngFor } from '../../../src/engine/dice.js';
import { RulesDataError } from '../../../src/engine/module.js';
import { Session } from '../../../src/engine/runner.js';
import { act, ask } from '../../../src/games/english-civil-war/flow.js';
import { beginTurn } from '../../../src/games/english-civil-war/strategy.js';
import type { EcwRules, EcwState, SideName } from '../../../src/games/english-civil-war/state.js';
import { cardId, emptyHands, fresh, mod, rulesData, scripted, setHand } from './helpers.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

/** The rules data with one change (a deep copy). */
function changed(edit: (r: EcwRules) => void): unknown {
  const r = structuredClone(rules);
  edit(r);
  return r;
}

function problemsOf(raw: unknown): string[] {
  try {
    mod.loadRules(raw);
  } catch (e) {
    if (!(e instanceof RulesDataError)) throw e;
    return e.problems;
  }
  return [];
}

describe('rules data under which the war can never end is refused when loaded', () => {
  test("the rulebook's data passes", () => {
    expect(problemsOf(structuredClone(rules))).toEqual([]);
  });

  test('setup.territory 0: no marker can ever be taken (it played 7,000 decisions into turn 447)', () => {
    expect(problemsOf(changed((r) => (r.setup.territory = 0)))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/setup\/territory: each side needs at least 1 Territory Marker/)]),
    );
  });

  test("a victory total the two sides' markers never reach", () => {
    expect(problemsOf(changed((r) => (r.setup.totalTerritory = 21)))).toEqual([
      expect.stringMatching(/^\/setup\/totalTerritory: must be twice setup.territory \(20\)/),
    ]);
  });

  test('no Capitulation that moves a marker', () => {
    const none = changed((r) => {
      r.capitulation.bothAttackers = 0;
      r.capitulation.acceptedBattle = 0;
      r.capitulation.siege = 0;
      r.capitulation.strategicRetreat = 0;
    });
    expect(problemsOf(none)).toEqual([
      expect.stringMatching(/^\/capitulation: bothAttackers, acceptedBattle, siege, strategicRetreat are all 0/),
    ]);
    // One way to take markers is enough to end a war.
    expect(
      problemsOf(changed((r) => ((r.capitulation.bothAttackers = 0), (r.capitulation.acceptedBattle = 0), (r.capitulation.siege = 0)))),
    ).toEqual([]);
  });
});

test('a runaway game names the rules data that kept it going', () => {
  const s = fresh(rules, 'runaway');
  const why = mod.runaway!(s, rules);
  expect(why).toMatch(/^in turn 1 neither side holds all 20 Territory Markers \(Parliament 10, Royalist 10; so far 0 battles/);
  expect(why).toMatch(
    /capitulation\.bothAttackers = 1, acceptedBattle = 2, siege = 2, strategicRetreat = 2, victoryCard = 1, from setup\.territory = 10 each/,
  );
});

describe('Invade: an extra 3 cards once per player per Strategy Phase', () => {
  /** A Strategy Phase where Parliament's Invade empties the deck: the reshuffle holds Invade alone. */
  function reshuffleBringsInvadeBack(): { s: EcwState; invade: string } {
    const s = fresh(rules, 'invade');
    emptyHands(s);
    s.stage = 'end';
    beginTurn(s, scripted([]).env);
    const invade = cardId(s, 'Invade');
    setHand(s, 'Parliament', ['Invade', 'Trap', 'Clash', 'Ridge', 'Ditch', 'Hedges', 'Charge', 'Melee']);
    // Two cards left in the deck; the rest of the cards in the Royalist's hand, the discard empty.
    s.sides.Royalist.hand.push(...s.deck.splice(2), ...s.discard.splice(0));
    s.filledHands = { Parliament: 8, Royalist: s.sides.Royalist.hand.length };
    // Parliament is asked first in the window, then the Royalist (who holds no Invade).
    s.asking = 'Parliament';
    s.windowNext = ['Royalist'];
    return { s, invade };
  }

  test('when the 3 extra cards reshuffle Invade back into the hand, it is not offered again in the same phase', () => {
    const { s, invade } = reshuffleBringsInvadeBack();
    expect(ask(s, rules)!.options.map((o) => o.id)).toEqual([`play ${invade}`, 'done']);
    const d = scripted([]);
    act(s, `play ${invade}`, d.env);
    // One Invade a phase: Parliament's part of the window is over; the Royalist answers (nothing to play).
    expect(s.asking).toBe('Royalist');
    act(s, 'done', d.env);
    // The reveal: Invade is played, its 3 cards empty the deck and the reshuffle brings it back.
    expect(d.text()).toMatch(/the deck ran out, shuffle the discard/);
    expect(s.sides.Parliament.hand).toContain(invade);
    expect(s.sides.Parliament.hand).toHaveLength(10);
    // The Strategy window has closed: Invade waits for the next Strategy Phase.
    expect(s.stage).toBe('muster');
    expect(mod.invariants(s, rules)).toEqual([]);
  });

  test('Invade is offered again in the next Strategy Phase', () => {
    const { s, invade } = reshuffleBringsInvadeBack();
    act(s, `play ${invade}`, scripted([]).env);
    act(s, 'done', scripted([]).env);
    expect(s.sides.Parliament.hand).toContain(invade);
    s.lastAsked = 'Parliament';
    beginTurn(s, scripted([]).env);
    expect(s.asking).toBe('Parliament');
    expect(ask(s, rules)!.options.map((o) => o.id)).toContain(`play ${invade}`);
  });

  test('the invariants catch a second Invade in one phase: a hand beyond the fill plus one Invade', () => {
    const { s } = reshuffleBringsInvadeBack();
    s.filledHands = { Parliament: 8, Royalist: s.sides.Royalist.hand.length };
    s.sides.Parliament.hand.push(...s.sides.Royalist.hand.splice(0, 4));
    expect(mod.invariants(s, rules)).toEqual(['Parliament holds 12 cards, 8 after the fill (one Invade adds 2)']);
  });

  /** Plays `seed` as `muster play english-civil-war --seed SEED --bot random --vs random` does, checking after every decision. */
  function playRandom(seed: string): { decisions: number; invadesPerPhase: number[] } {
    const s = new Session<EcwState>(mod, rules, { seed, rulesHash: 'sha256:x' }).start();
    for (let d = s.decision(); d; d = s.decision()) {
      const side = d.side as SideName;
      s.choose(mod.bots.random(mod.view(s.state, side, rules), d, botRngFor(seed, side, s.choices.length + 1)));
      const broken = mod.invariants(s.state, rules);
      if (broken.length) throw new Error(`${seed} decision ${s.choices.length}: ${broken.join('; ')}`);
    }
    // Invades played by each side in each Strategy Phase, from the public log.
    const counts: number[] = [];
    let phase: Record<string, number> = {};
    for (const l of s.log) {
      const text = l.entry.kind === 'text' ? l.entry.text : '';
      if (/^Turn \d+: Strategy Phase$/.test(text)) {
        counts.push(...Object.values(phase));
        phase = {};
      }
      const m = /^(Parliament|Royalist) plays Invade/.exec(text);
      if (m) phase[m[1]] = (phase[m[1]] ?? 0) + 1;
    }
    counts.push(...Object.values(phase));
    return { decisions: s.choices.length, invadesPerPhase: counts };
  }

  test.each([
    ['muster/36', 752],
    ['muster/9799', 488],
  ])(
    '%s (it reached a 12-card hand at decision %i, before bots drew per decision): the invariants hold after every decision; never two Invades in a phase',
    (seed) => {
      const r = playRandom(seed);
      expect(r.decisions).toBeGreaterThan(100);
      expect(r.invadesPerPhase.length).toBeGreaterThan(0);
      expect(Math.max(...r.invadesPerPhase)).toBe(1);
    },
  );
});
