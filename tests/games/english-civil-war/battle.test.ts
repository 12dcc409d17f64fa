/** Battle Segment and Siege Segment: aspects, bonuses, card effects, negations, casualties. */
import { battleChoices, revealBattle, scoreBattle, startBattle } from '../../../src/games/english-civil-war/battle.js';
import { lineOf } from '../../../src/games/english-civil-war/cards.js';
import { resolveCasualties } from '../../../src/games/english-civil-war/casualties.js';
import { ASPECTS, type EcwRules, type EcwState, type SideName } from '../../../src/games/english-civil-war/state.js';
import { cardId, emptyHands, fresh, layCards, mod, optionIds, regiments, rulesData, scripted, setHand, step } from './helpers.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

const BOTH_ATTACK = { Parliament: 'attacker', Royalist: 'attacker' } as const;
const P_ATTACKS = { Parliament: 'attacker', Royalist: 'defender' } as const;

/** A battle (or siege) ready for cards, both hands empty, given Regiments. */
function battle(
  segment: 'battle' | 'siege' = 'battle',
  role: Record<SideName, 'attacker' | 'defender'> = { ...BOTH_ATTACK },
  regs: [number, number] = [10, 10],
): EcwState {
  const s = fresh(rules, 'battle');
  emptyHands(s);
  s.sides.Parliament.regiments = regs[0];
  s.sides.Royalist.regiments = regs[1];
  startBattle(s, segment, role, scripted([]).env);
  return s;
}

function score(s: EcwState) {
  return scoreBattle(s, rules, s.battle!);
}

describe('aspects', () => {
  test('the higher card score wins an aspect, and the player winning most aspects wins the battle', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Trap', 'High Ground']);
    layCards(s, 'Royalist', ['Breakthrough', 'Ridge', 'Charles I']);
    const r = score(s);
    expect(r.aspectWinner).toEqual({ tactics: 'Parliament', terrain: 'Parliament', troops: null, leadership: 'Royalist', morale: null });
    expect(r.winner).toBe('Parliament');
  });

  test('equal aspect counts are a tie', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Trap']);
    layCards(s, 'Royalist', ['Charles I']);
    expect(score(s).winner).toBeNull();
  });

  test('for the Troops aspect players add the Regiments they control', () => {
    const s = battle('battle', { ...BOTH_ATTACK }, [12, 20]);
    layCards(s, 'Parliament', ['Reserves']);
    layCards(s, 'Royalist', ['Musketeers']);
    const r = score(s);
    expect(r.scores.Parliament.troops).toBe(22);
    expect(r.scores.Royalist.troops).toBe(25);
    expect(r.aspectWinner.troops).toBe('Royalist');
  });

  test('a player who won a battle or siege last turn gets +2 Morale', () => {
    const s = battle();
    s.wonLastTurn = 'Royalist';
    layCards(s, 'Parliament', ['Well Trained']);
    layCards(s, 'Royalist', ['Well Equipped']);
    const r = score(s);
    expect(r.scores.Royalist.morale).toBe(6);
    expect(r.aspectWinner.morale).toBe('Royalist');
  });

  test('the defender in a siege gets +2 Terrain, the defender of a battle does not', () => {
    const siege = battle('siege', { ...P_ATTACKS });
    expect(score(siege).scores.Royalist.terrain).toBe(2);
    expect(score(siege).scores.Parliament.terrain).toBe(0);
    const field = battle('battle', { ...P_ATTACKS });
    expect(score(field).scores.Royalist.terrain).toBe(0);
  });

  test('Oliver Cromwell gives +1 to every other aspect of his side, with or without a card there', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Oliver Cromwell', 'Trap']);
    const r = score(s).scores.Parliament;
    expect(r).toEqual({ tactics: 11, terrain: 1, troops: 11, leadership: 10, morale: 1 });
  });

  test('an opposing modifier lowers the opponent: Crowded takes 15 off the opposing Troops', () => {
    const s = battle('battle', { ...BOTH_ATTACK }, [30, 30]);
    layCards(s, 'Parliament', ['Crowded']);
    expect(score(s).scores.Royalist.troops).toBe(15);
  });

  test('Regroup negates the Troop score penalty', () => {
    const s = battle('battle', { ...BOTH_ATTACK }, [30, 30]);
    layCards(s, 'Parliament', ['Crowded']);
    layCards(s, 'Royalist', ['Regroup']);
    expect(score(s).scores.Royalist.troops).toBe(30);
  });

  test('Resolute gives +2 Morale to its player when he defends, not when both attack', () => {
    const d = battle('battle', { ...P_ATTACKS });
    layCards(d, 'Royalist', ['Resolute']);
    expect(score(d).scores.Royalist.morale).toBe(7);
    const a = battle();
    layCards(a, 'Royalist', ['Resolute']);
    expect(score(a).scores.Royalist.morale).toBe(5);
  });

  test('a negating card cancels the opposing card of that aspect, its score and its modifiers', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Move Downhill']);
    layCards(s, 'Royalist', ['Tactical Blunder']);
    const r = score(s);
    expect(r.negated).toEqual([cardId(s, 'Move Downhill')]);
    expect(r.scores.Parliament.tactics).toBe(0);
    expect(r.scores.Parliament.terrain).toBe(0);
    expect(r.aspectWinner.tactics).toBe('Royalist');
  });

  test('negations are simultaneous: two cards that negate each other are both cancelled', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Poor Deployment']);
    layCards(s, 'Royalist', ['Tactical Blunder']);
    const r = score(s);
    expect(r.negated.sort()).toEqual([cardId(s, 'Poor Deployment'), cardId(s, 'Tactical Blunder')].sort());
    expect(r.aspectWinner.tactics).toBeNull();
  });

  test('Wounded General negates the opposing Leader card', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Oliver Cromwell']);
    layCards(s, 'Royalist', ['Wounded General']);
    const r = score(s);
    expect(r.scores.Parliament.leadership).toBe(0);
    expect(r.scores.Parliament.troops).toBe(10);
  });
});

describe('card effects on Regiments', () => {
  test('Cannonade: the opponent loses 1D6 Regiments', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Cannonade']);
    const d = scripted([4]);
    revealBattle(s, d.env);
    expect(regiments(s)).toEqual([10, 6]);
    expect(d.text()).toMatch(/Cannonade, Royalist loses 1D6/);
  });

  test('a negated Cannonade costs nothing', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Cannonade']);
    layCards(s, 'Royalist', ['Confusion']);
    revealBattle(s, scripted([]).env);
    expect(regiments(s)).toEqual([10, 10]);
  });

  test('Pitched Battle: both sides lose 3 Regiments; Assault: its player loses 1; Pursuit: the opponent 2', () => {
    const s = battle();
    layCards(s, 'Parliament', ['Pitched Battle']);
    layCards(s, 'Royalist', ['Assault']);
    revealBattle(s, scripted([]).env);
    expect(regiments(s)).toEqual([7, 6]);
    const t = battle();
    layCards(t, 'Royalist', ['Pursuit']);
    revealBattle(t, scripted([]).env);
    expect(regiments(t)).toEqual([8, 10]);
  });

  test('Treachery steals 1D6 enemy Regiments', () => {
    const s = battle();
    layCards(s, 'Royalist', ['Treachery']);
    revealBattle(s, scripted([5]).env);
    expect(regiments(s)).toEqual([5, 15]);
  });

  test('Regiments never go below 0', () => {
    const s = battle('battle', { ...BOTH_ATTACK }, [1, 10]);
    layCards(s, 'Royalist', ['Cannonade']);
    revealBattle(s, scripted([6]).env);
    expect(regiments(s)[0]).toBe(0);
  });
});

describe('casualties', () => {
  function decided(winner: SideName | null): EcwState {
    const s = battle('battle', { ...BOTH_ATTACK }, [30, 30]);
    s.battle!.revealed = true;
    s.battle!.winner = winner;
    return s;
  }
  test('the winner of a battle loses 1D6 Regiments and the loser loses 3D6', () => {
    const s = decided('Parliament');
    const d = scripted([2, 3, 4, 5]);
    resolveCasualties(s, d.env);
    expect(regiments(s)).toEqual([28, 18]);
    expect(d.dice.count).toBe(4);
  });
  test('in a tie both sides lose 2D6 Regiments', () => {
    const s = decided(null);
    const d = scripted([1, 2, 3, 4]);
    resolveCasualties(s, d.env);
    expect(regiments(s)).toEqual([27, 23]);
    expect(d.dice.count).toBe(4);
  });
  test('Put to the Sword makes the loser lose 1D6 more; Rearguard takes 1D6 off (never below 0)', () => {
    const s = decided('Royalist');
    s.battle!.loserExtraDice = 1;
    s.battle!.reductionDice = 1;
    resolveCasualties(s, scripted([1, 2, 2, 2, 6, 3]).env);
    expect(regiments(s)).toEqual([30 - (2 + 2 + 2 + 6 - 3), 29]);
  });
  test('the played battle cards go to the discard', () => {
    const s = decided('Parliament');
    layCards(s, 'Parliament', ['Trap']);
    const before = s.discard.length;
    resolveCasualties(s, scripted([]).env);
    expect(s.discard.length).toBe(before + 1);
    expect(s.discard).toContain(cardId(s, 'Trap'));
  });

  test('after the result, both at once: the winner may lay Put to the Sword, the loser Rearguard; both take effect at the reveal', () => {
    const s = battle('battle', { ...BOTH_ATTACK }, [30, 30]);
    layCards(s, 'Parliament', ['Trap']);
    setHand(s, 'Parliament', ['Put to the Sword', 'Slaughter']);
    setHand(s, 'Royalist', ['Rearguard']);
    const d = scripted([]);
    revealBattle(s, d.env);
    expect(s.stage).toBe('after-battle');
    s.asking = 'Parliament';
    s.windowNext = ['Royalist'];
    expect(optionIds(s)).toEqual([`play ${cardId(s, 'Put to the Sword')}`, `play ${cardId(s, 'Slaughter')}`, 'done']);
    step(s, `play ${cardId(s, 'Put to the Sword')}`, d.env);
    step(s, 'done', d.env);
    expect(s.asking).toBe('Royalist');
    expect(optionIds(s)).toEqual([`play ${cardId(s, 'Rearguard')}`, 'done']);
    // Nothing of the winner's card shows to the loser before he chooses.
    expect(JSON.stringify(mod.view(s, 'Royalist', rules))).not.toMatch(/Put to the Sword/);
    expect(d.text()).not.toMatch(/Put to the Sword/);
    expect(s.battle!.loserExtraDice).toBe(0);
    step(s, `play ${cardId(s, 'Rearguard')}`, d.env);
    step(s, 'done', d.env);
    expect(d.text()).toMatch(/Parliament plays Put to the Sword[^]*Royalist plays Rearguard/);
    expect(s.battle!.loserExtraDice).toBe(1);
    expect(s.battle!.reductionDice).toBe(1);
    expect(s.battle!.discarded).toBe(true); // the casualties are resolved
  });
});

describe('which cards a battle or siege offers', () => {
  test('battle-only cards are not offered in a siege, siege-only cards not in a battle; leaders in both', () => {
    const s = battle('siege', { ...P_ATTACKS });
    setHand(s, 'Parliament', ['Charge', 'Breach the Walls', 'Lord Fairfax', 'Trap']);
    expect(battleChoices(s, rules, 'Parliament', 'tactics').map((c) => lineOf(rules, c).name)).toEqual(['Trap', 'Breach the Walls']);
    expect(battleChoices(s, rules, 'Parliament', 'leadership')).toHaveLength(1);
    const b = battle('battle', { ...P_ATTACKS });
    setHand(b, 'Parliament', ['Charge', 'Breach the Walls', 'Lord Fairfax', 'Trap']);
    expect(battleChoices(b, rules, 'Parliament', 'tactics').map((c) => lineOf(rules, c).name)).toEqual(['Trap', 'Charge']);
    expect(battleChoices(b, rules, 'Parliament', 'leadership')).toHaveLength(1);
  });

  test("an aspect where no card of the hand may serve says so in its one choice (a Royalist holding Oliver Cromwell saw only 'no card')", () => {
    const s = battle('battle', { ...P_ATTACKS });
    setHand(s, 'Royalist', ['Oliver Cromwell']);
    expect(battleChoices(s, rules, 'Royalist', 'leadership')).toEqual([]);
    s.battle!.pickSide = 'Royalist';
    s.battle!.pickAspect = ASPECTS.indexOf('leadership');
    expect(mod.decision(s, rules)!.options).toEqual([{ id: 'none', label: 'Leadership: no card (none in your hand may be laid here)' }]);
  });

  test('defender cards only for the defender, attacker cards only for an attacker', () => {
    const s = battle('siege', { ...P_ATTACKS });
    setHand(s, 'Parliament', ['Fortress', 'Assault']);
    setHand(s, 'Royalist', ['Thick Walls', 'Repel', 'Storm Town']);
    expect(battleChoices(s, rules, 'Parliament', 'terrain')).toEqual([]);
    expect(battleChoices(s, rules, 'Parliament', 'tactics')).toEqual([cardId(s, 'Assault')]);
    expect(battleChoices(s, rules, 'Royalist', 'terrain')).toEqual([cardId(s, 'Thick Walls')]);
    expect(battleChoices(s, rules, 'Royalist', 'tactics')).toEqual([cardId(s, 'Repel')]);
  });

  test('faction cards only for their side; Scots cards only while allied with Scotland', () => {
    const s = battle();
    setHand(s, 'Parliament', ['Charles I', 'Earl of Leven', 'Scots Brigades', 'Roundheads']);
    expect(battleChoices(s, rules, 'Parliament', 'leadership')).toEqual([]);
    expect(battleChoices(s, rules, 'Parliament', 'troops')).toEqual([cardId(s, 'Roundheads')]);
    s.scots = 'Parliament';
    expect(battleChoices(s, rules, 'Parliament', 'leadership')).toEqual([cardId(s, 'Earl of Leven')]);
    expect(battleChoices(s, rules, 'Parliament', 'troops')).toHaveLength(2);
  });

  test('Superior Numbers is offered only to the player with more Regiments', () => {
    const s = battle('battle', { ...BOTH_ATTACK }, [10, 10]);
    setHand(s, 'Parliament', ['Superior Numbers']);
    expect(battleChoices(s, rules, 'Parliament', 'tactics')).toEqual([]);
    s.sides.Parliament.regiments = 11;
    expect(battleChoices(s, rules, 'Parliament', 'tactics')).toEqual([cardId(s, 'Superior Numbers')]);
  });

  test('each player picks one card per aspect in secret; both are revealed together after the Royalist is done', () => {
    const s = battle();
    setHand(s, 'Parliament', ['Trap', 'Breakthrough', 'High Ground']);
    setHand(s, 'Royalist', ['Charles I']);
    const d = scripted([]);
    expect(optionIds(s)).toEqual([`tactics ${cardId(s, 'Trap')}`, `tactics ${cardId(s, 'Breakthrough')}`, 'none']);
    step(s, `tactics ${cardId(s, 'Trap')}`, d.env);
    step(s, `terrain ${cardId(s, 'High Ground')}`, d.env);
    for (let i = 0; i < 3; i++) step(s, 'none', d.env);
    expect(s.battle!.pickSide).toBe('Royalist');
    expect(s.battle!.revealed).toBe(false);
    for (let i = 0; i < 3; i++) step(s, 'none', d.env);
    step(s, `leadership ${cardId(s, 'Charles I')}`, d.env);
    step(s, 'none', d.env);
    expect(s.battle!.revealed).toBe(true);
    expect(s.battle!.winner).toBe('Parliament');
    const table = d.log.find((e) => e.kind === 'table');
    expect(table && table.kind === 'table' && table.head).toEqual([
      'Aspect',
      'Parliament card',
      'score',
      'Royalist card',
      'score',
      'winner',
    ]);
  });
});
