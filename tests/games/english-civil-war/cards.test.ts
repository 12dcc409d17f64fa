/** The card list as rules data, and which card is offered where. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RulesDataError } from '../../../src/engine/module.js';
import { loadRules, RULES_DIR } from '../../../src/engine/rules.js';
import { startBattle } from '../../../src/games/english-civil-war/battle.js';
import { windowOf, type Window } from '../../../src/games/english-civil-war/cards.js';
import {
  ASPECTS,
  other,
  type Aspect,
  type CardLine,
  type EcwRules,
  type EcwState,
  type SideName,
  type Stage,
} from '../../../src/games/english-civil-war/state.js';
import { emptyHands, fresh, mod, optionIds, rulesData, scripted, setHand } from './helpers.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

describe('the rules data', () => {
  test('the deck holds 150 card lines and 158 cards, with the four noted multiple copies', () => {
    expect(rules.cards).toHaveLength(150);
    expect(rules.cards.reduce((n, c) => n + c.copies, 0)).toBe(158);
    const copies = Object.fromEntries(rules.cards.filter((c) => c.copies > 1).map((c) => [c.name, c.copies]));
    expect(copies).toEqual({ 'Charles I': 4, 'Prince Rupert': 2, 'Oliver Cromwell': 4, 'Sir Thomas Fairfax': 2 });
    expect(new Set(rules.cards.map((c) => c.id)).size).toBe(150);
  });

  test('every entry names its source', () => {
    for (const c of rules.cards) expect(c.source).toMatch(/^(rulebook|reconstruction|interpretation)/);
    for (const k of ['setup', 'muster', 'skirmish', 'casualties', 'bonuses', 'capitulation', 'loss', 'support'] as const)
      expect((rules[k] as { source: string }).source).toMatch(/^rulebook/);
  });

  test('the effect kinds of the card list are all there as structured fields', () => {
    const count = (f: (c: CardLine) => unknown) => rules.cards.filter(f).reduce((n, c) => n + c.copies, 0);
    expect(count((c) => c.effect.musterDice)).toBe(26);
    expect(count((c) => c.effect.plotSuccess)).toBe(2);
    expect(count((c) => c.kind === 'victory')).toBe(4);
    expect(count((c) => c.effect.negates)).toBe(10);
    expect(count((c) => c.effect.loserExtraDice)).toBe(2);
    expect(count((c) => c.effect.lossPhaseDice)).toBe(2);
    expect(count((c) => c.restrictions.moreRegiments)).toBe(2);
    expect(count((c) => c.restrictions.alliance === 'scots')).toBe(3);
    expect(count((c) => c.kind === 'battle')).toBe(158 - 26 - 2 - 4 - 9);
  });

  async function broken(change: (raw: EcwRules) => void): Promise<unknown> {
    const raw = JSON.parse(readFileSync(join(RULES_DIR, 'english-civil-war.json'), 'utf8'));
    change(raw);
    const dir = mkdtempSync(join(tmpdir(), 'ecw-'));
    const file = join(dir, 'rules.json');
    writeFileSync(file, JSON.stringify(raw));
    return loadRules(mod, file).then(
      () => null,
      (e) => e,
    );
  }

  test('loading refuses a deck that is not 158 cards', async () => {
    const e = await broken((r) => (r.cards[0].copies = 3));
    expect(e).toBeInstanceOf(RulesDataError);
    expect((e as RulesDataError).problems.join()).toMatch(/157 cards/);
  });
  test('loading refuses type letters that disagree with the restrictions', async () => {
    const e = await broken((r) => delete r.cards[0].restrictions.side);
    expect((e as RulesDataError).problems.join()).toMatch(/restrictions.side/);
  });
  test('loading refuses flags that do not spell the type letters', async () => {
    const e = await broken((r) => (r.cards[0].flags = ['leadership', 'parliament']));
    expect((e as RulesDataError).problems.join()).toMatch(/flags do not spell type LR/);
  });
  test('loading refuses an effect on an aspect that does not exist, and a duplicate id', async () => {
    const e = await broken((r) => (r.cards.find((c) => c.id === 'crowded')!.effect.modifiers![0].aspect = 'artillery' as Aspect));
    expect(e).toBeInstanceOf(RulesDataError);
    const d = await broken((r) => (r.cards[1].id = r.cards[0].id));
    expect((d as RulesDataError).problems.join()).toMatch(/duplicate id/);
  });
  test('loading refuses a hand size the deck cannot deal to both sides, and a hand size of 0', async () => {
    const big = await broken((r) => (r.setup.handSize = 200));
    expect(big).toBeInstanceOf(RulesDataError);
    expect((big as RulesDataError).problems).toEqual([
      '/setup/handSize: 200 cards for each of the 2 sides is 400, more than the 158-card deck deals: at most 79',
    ]);
    const justOver = await broken((r) => (r.setup.handSize = 80));
    expect((justOver as RulesDataError).problems.join()).toMatch(/handSize: 80 .* at most 79/);
    const zero = await broken((r) => (r.setup.handSize = 0));
    expect((zero as RulesDataError).problems).toEqual(['/setup/handSize: 0: each side needs a hand of at least 1 card']);
    expect(await broken((r) => (r.setup.handSize = 79))).toBeNull();
    expect(await broken((r) => (r.setup.handSize = 1))).toBeNull();
  });
});

const STAGE_OF: Record<Exclude<Window, 'battle'>, Stage> = {
  strategy: 'strategy',
  muster: 'muster',
  blunder: 'blunder',
  'tracked-down': 'tracked-down',
  skirmish: 'skirmish',
  winner: 'after-battle',
  loser: 'after-battle',
  capitulation: 'capitulation',
  plot: 'plot',
  loss: 'loss',
};

/** Puts `s` at the window `w` with `side` to answer. */
function atWindow(s: EcwState, w: Exclude<Window, 'battle'>, side: SideName): void {
  s.stage = STAGE_OF[w];
  s.asking = side;
  s.windowNext = [];
  s.attacker = side;
  s.segment = 'battle';
  s.plotIndex = rules.plot.findIndex((p) => p.side === side);
  // After the result the winner's window is Put to the Sword's, the loser's Rearguard's.
  const winner = w === 'loser' ? other(side) : side;
  s.battle = {
    segment: 'battle',
    role: { Parliament: 'attacker', Royalist: 'attacker' },
    picks: { Parliament: {}, Royalist: {} },
    pickSide: side,
    pickAspect: 0,
    picked: ['Parliament', 'Royalist'],
    revealed: true,
    winner,
    loserExtraDice: 0,
    reductionDice: 0,
  };
}

/** Puts `s` in a battle or siege at `line`'s aspect, with every condition of the card met for `side`. */
function atAspect(s: EcwState, line: CardLine, side: SideName, segment: 'battle' | 'siege'): void {
  const role = line.restrictions.role ?? 'attacker';
  const roles = { [side]: role, [other(side)]: role === 'attacker' ? 'defender' : 'attacker' } as Record<SideName, 'attacker' | 'defender'>;
  startBattle(s, segment, roles, scripted([]).env);
  s.battle!.pickSide = side;
  s.battle!.pickAspect = ASPECTS.indexOf(line.aspect!);
}

describe('every card is playable somewhere, and never where it may not be played', () => {
  test('Rearguard ("Battle Loser") is offered to the loser of a battle, not of a siege; Put to the Sword after both', () => {
    const s = fresh(rules, 'rearguard');
    emptyHands(s);
    const [rearguard] = setHand(s, 'Royalist', ['Rearguard']);
    atWindow(s, 'loser', 'Royalist');
    expect(optionIds(s)).toContain(`play ${rearguard}`);
    s.segment = 'siege';
    s.battle!.segment = 'siege';
    expect(optionIds(s)).toEqual(['done']);
    const [sword] = setHand(s, 'Parliament', ['Put to the Sword']);
    atWindow(s, 'winner', 'Parliament');
    s.segment = 'siege';
    s.battle!.segment = 'siege';
    expect(optionIds(s)).toContain(`play ${sword}`);
  });

  test('every card of the data is offered to a holder in the phase or aspect its effect belongs to', () => {
    const s = fresh(rules, 'reach');
    for (const line of rules.cards) {
      emptyHands(s);
      const side = line.restrictions.side ?? 'Parliament';
      s.scots = line.restrictions.alliance ? side : null;
      s.sides[side].regiments = 20;
      s.sides[other(side)].regiments = 10;
      const [cid] = setHand(s, side, [line.name]);
      if (line.kind === 'battle') {
        atAspect(s, line, side, line.restrictions.segment ?? 'battle');
        expect([line.name, optionIds(s)]).toEqual([line.name, expect.arrayContaining([`${line.aspect} ${cid}`])]);
      } else {
        atWindow(s, windowOf(line) as Exclude<Window, 'battle'>, side);
        expect([line.name, optionIds(s)]).toEqual([line.name, expect.arrayContaining([`play ${cid}`])]);
      }
      s.battle = null;
    }
  });

  test('a card is never offered to the other faction, in another phase, or in the wrong segment', () => {
    const s = fresh(rules, 'never');
    const windows = Object.keys(STAGE_OF) as Exclude<Window, 'battle'>[];
    for (const line of rules.cards) {
      for (const side of ['Parliament', 'Royalist'] as SideName[]) {
        emptyHands(s);
        s.scots = side;
        s.sides[side].regiments = 20;
        s.sides[other(side)].regiments = 10;
        const [cid] = setHand(s, side, [line.name]);
        const factionOk = !line.restrictions.side || line.restrictions.side === side;
        for (const w of windows) {
          atWindow(s, w, side);
          const offered = optionIds(s).includes(`play ${cid}`);
          expect([line.name, w, offered]).toEqual([line.name, w, factionOk && line.kind !== 'battle' && windowOf(line) === w]);
        }
        if (line.kind === 'battle') {
          for (const segment of ['battle', 'siege'] as const) {
            atAspect(s, line, side, segment);
            const offered = optionIds(s).includes(`${line.aspect} ${cid}`);
            const segmentOk = !line.restrictions.segment || line.restrictions.segment === segment;
            expect([line.name, segment, offered]).toEqual([line.name, segment, factionOk && segmentOk]);
          }
        }
        s.battle = null;
      }
    }
  });
});
