/**
 * Findings of the newcomer playtest: undo stops at every reveal, the battle table names the cards and
 * breaks their scores down, a side sees its own face-down picks, counts agree with their nouns, and the
 * heuristic defender fights where its legal cards are stronger.
 */
import { botRng } from '../../../src/engine/dice.js';
import { Session } from '../../../src/engine/runner.js';
import { loadRules } from '../../../src/engine/rules.js';
import { battleTable, revealBattle, startBattle } from '../../../src/games/english-civil-war/battle.js';
import { lossPhaseLosses, supportPhase } from '../../../src/games/english-civil-war/loss-support.js';
import type { EcwRules, EcwState, SideName } from '../../../src/games/english-civil-war/state.js';
import { cardId, choose, emptyHands, fresh, layCards, mod, rulesData, scripted, setHand } from './helpers.js';

let rules: EcwRules;
let hash: string;
beforeAll(async () => {
  rules = await rulesData();
  ({ hash } = await loadRules(mod));
});

const render = (s: EcwState, who: SideName | 'all') => mod.render(mod.view(s, who, rules), { color: false });

/** Parliament (23 Regiments) lays Reserves; the Royalist (20) lays Nightfall: a 1-1 tie. */
function reservesAgainstNightfall(): { s: EcwState; log: ReturnType<typeof scripted> } {
  const s = fresh(rules, 'table');
  emptyHands(s);
  s.sides.Parliament.regiments = 23;
  s.sides.Royalist.regiments = 20;
  const log = scripted([], 1);
  startBattle(s, 'battle', { Parliament: 'attacker', Royalist: 'attacker' }, log.env);
  layCards(s, 'Parliament', ['Reserves']);
  layCards(s, 'Royalist', ['Nightfall']);
  revealBattle(s, log.env);
  return { s, log };
}

describe('the battle table after the reveal', () => {
  test('the log table names each card and breaks its score down: card + modifiers + Regiments = total', () => {
    const { s, log } = reservesAgainstNightfall();
    const t = log.log.find((e) => e.kind === 'table');
    expect(t && t.kind === 'table' && t.rows).toEqual(
      expect.arrayContaining([
        ['Tactics', '-', '0', 'Nightfall', '6', 'Royalist'],
        ['Troops', 'Reserves', '10+23=33', '-', '0+20=20', 'Parliament'],
      ]),
    );
    expect(battleTable(s, rules, s.battle!).rows[0]).toEqual(['Tactics', '-', '0', 'Nightfall', '6', 'Royalist']);
  });

  test('the screen keeps the card names and breakdowns after the casualties (when the cards are in the discard)', () => {
    const { s } = reservesAgainstNightfall();
    expect(s.battle!.discarded).toBe(true);
    expect(mod.invariants(s, rules)).toEqual([]);
    for (const who of ['Parliament', 'Royalist', 'all'] as const) {
      const out = render(s, who);
      expect(out).toMatch(/\| Tactics +\| - +\| 0 +\| Nightfall +\| 6 +\| Royalist/);
      expect(out).toMatch(/\| Troops +\| Reserves +\| 10\+23=33 +\| - +\| 0\+20=20 +\| Parliament/);
      expect(out).toMatch(/score = card \+ modifiers/);
    }
  });

  test('modifiers show with their sign: Crowded takes 15 off the opposing Troops', () => {
    const s = fresh(rules, 'table-2');
    emptyHands(s);
    s.sides.Parliament.regiments = 30;
    s.sides.Royalist.regiments = 20;
    const log = scripted([], 1);
    startBattle(s, 'battle', { Parliament: 'attacker', Royalist: 'attacker' }, log.env);
    layCards(s, 'Parliament', ['Crowded']);
    layCards(s, 'Royalist', ['Reserves']);
    revealBattle(s, log.env);
    expect(render(s, 'all')).toMatch(/\| Troops +\| - +\| 0\+30=30 +\| Reserves +\| 10-15\+20=15 +\| Parliament/);
  });
});

describe("a side's own face-down picks", () => {
  test('its view shows its own cards laid so far, the other side nothing, not even a count; the hand no longer lists them', () => {
    const s = fresh(rules, 'own-picks');
    emptyHands(s);
    const env = scripted([], 1).env;
    startBattle(s, 'battle', { Parliament: 'attacker', Royalist: 'attacker' }, env);
    setHand(s, 'Parliament', ['Trap', 'High Ground', 'Charles I']);
    setHand(s, 'Royalist', ['Breakthrough', 'Ridge']);
    let p = render(s, 'Parliament');
    expect(p).toMatch(/\| Tactics +\| nothing laid yet +\| +\| not yet/);
    expect(p).not.toMatch(/\| \? /);
    choose(s, [`tactics ${cardId(s, 'Trap')}`], env);
    p = render(s, 'Parliament');
    expect(p).toMatch(/\| Tactics +\| Trap +\| +\| not yet +\|/);
    expect(p).not.toMatch(/\| Trap +\| Tactics/); // not in the hand table any more
    expect(mod.decision(s, rules)!.prompt).toMatch(/Laid face down so far: Trap \(Tactics\)/);
    const r = render(s, 'Royalist');
    expect(r).not.toMatch(/Trap/);
    expect(r).toMatch(/\| Tactics +\| choosing +\| +\| nothing laid yet/);
    expect(r).not.toMatch(/card laid|cards laid/);
    expect(mod.view(s, 'Royalist', rules).battle!.faceDown.Parliament).toBeNull();
    expect(mod.view(s, 'Royalist', rules).sides.Parliament.handCount).toBe(3);
    choose(s, [`terrain ${cardId(s, 'High Ground')}`], env); // Troops has no card; Leadership: Charles I is Royalist only
    expect(s.battle!.pickSide).toBe('Royalist');
    expect(render(s, 'Royalist')).toMatch(/\| Tactics +\| laid face down +\| +\| nothing laid yet/);
    expect(render(s, 'Parliament')).toMatch(/\| Terrain +\| High Ground +\| +\| +\|/);
  });
});

describe('counts agree with their nouns', () => {
  test('"loses 1 Regiment", "1 is disbanded"', () => {
    const s = fresh(rules, 'plural');
    s.sides.Parliament.regiments = 32; // supports 30
    s.sides.Royalist.regiments = 5;
    const log = scripted([1, 1]);
    lossPhaseLosses(s, log.env);
    supportPhase(s, log.env);
    const text = log.text();
    expect(text).toMatch(/Parliament loses 1 Regiment to sickness/);
    expect(text).toMatch(/Parliament can pay 30 Regiments: 1 is disbanded\./);
  });

  test('no "1 <plural noun>" or "1 are" anywhere in the log of whole games', () => {
    const bad: string[] = [];
    for (const seed of ['plural-1', 'plural-2', 'plural-3']) {
      const s = new Session<EcwState>(mod, rules, { seed, options: { 'turn-limit': '25' }, rulesHash: hash }).start();
      const rng = botRng(seed);
      for (let d = s.decision(); d; d = s.decision()) s.choose(mod.bots.heuristic(mod.view(s.state, d.side, rules), d, rng));
      for (const l of s.log) {
        const text = l.entry.kind === 'text' ? l.entry.text : l.entry.rows.map((r) => r.join(' ')).join('\n');
        if (/(^|[^\d+-])1 (\w+ )?(Regiments|cards|Territory Markers|are)\b/.test(text) && !/^D\d/.test(text)) bad.push(text);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('the heuristic defender', () => {
  function defender(p: number, r: number, hand: string[]): string {
    const s = fresh(rules, 'defender');
    emptyHands(s);
    s.sides.Parliament.regiments = p;
    s.sides.Royalist.regiments = r;
    s.revealed = true;
    s.segment = null;
    s.attacker = 'Royalist';
    s.stage = 'defender-choice';
    s.asking = 'Parliament';
    setHand(s, 'Parliament', hand);
    const d = mod.decision(s, rules)!;
    return mod.bots.heuristic(mod.view(s, 'Parliament', rules), d, () => 0.99);
  }

  test('with battle-only cards it accepts battle, not a siege where it could lay none of them', () => {
    expect(defender(15, 30, ['Taken in the Flank', 'Rear Attack', 'Depression'])).toBe('accept battle');
  });

  test('with siege and defender cards it accepts a siege even when it has more Regiments', () => {
    expect(defender(30, 20, ['Fortress', 'Thick Walls', 'Relief Force'])).toBe('accept siege');
  });

  test('with no card for either and fewer Regiments it makes a strategic retreat', () => {
    expect(defender(10, 20, [])).toBe('strategic retreat');
    expect(defender(10, 20, ['London', 'Strategic Victory'])).toBe('strategic retreat');
  });
});
