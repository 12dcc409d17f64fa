/** The turn sequence: every phase and segment in rulebook order. */
import { startCapitulation } from '../../../src/games/english-civil-war/capitulation.js';
import { startDeclarations } from '../../../src/games/english-civil-war/declarations.js';
import { endTurn, startEnd } from '../../../src/games/english-civil-war/end.js';
import { ask } from '../../../src/games/english-civil-war/flow.js';
import { startLoss, supportPhase } from '../../../src/games/english-civil-war/loss-support.js';
import { startMuster } from '../../../src/games/english-civil-war/muster.js';
import { startPlot } from '../../../src/games/english-civil-war/plot.js';
import { startSkirmish } from '../../../src/games/english-civil-war/skirmish.js';
import { beginTurn } from '../../../src/games/english-civil-war/strategy.js';
import type { EcwRules, EcwState, SideName } from '../../../src/games/english-civil-war/state.js';
import {
  answer,
  cardId,
  emptyHands,
  fresh,
  loadedRules,
  mod,
  optionIds,
  regiments,
  rulesData,
  scripted,
  setHand,
  step,
  territory,
} from './helpers.js';
import { numberedOptions, optionNumbered } from '../../../src/engine/option-numbers.js';

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

function game(): EcwState {
  const s = fresh(rules, 'sequence');
  emptyHands(s);
  s.sides.Parliament.regiments = 10;
  s.sides.Royalist.regiments = 10;
  return s;
}

describe('setup and Strategy Phase', () => {
  test('setup: the deck is shuffled, each player has 10 Regiments and 10 Territory Markers, hands are filled to 8', () => {
    const d = scripted([]);
    const s = mod.setup(rules, { 'turn-limit': 'none' }, d.env);
    expect(d.text()).toMatch(/Shuffle the deck/);
    expect(d.text()).toMatch(/Parliament draws 8 cards \(hand 8\)/);
    expect(d.text()).toMatch(/Royalist draws 8 cards \(hand 8\)/);
    expect(territory(s)).toEqual([10, 10]);
    expect(s.sides.Parliament.regiments).toBeGreaterThanOrEqual(10);
    expect(mod.decision(s, rules)).not.toBeNull();
    expect(s.turn).toBe(1);
  });

  test('both players fill their hands to 8 cards', () => {
    const s = game();
    setHand(s, 'Parliament', ['Trap', 'Clash', 'Ridge']);
    beginTurn(s, scripted([]).env);
    expect(s.sides.Parliament.hand).toHaveLength(8);
    expect(s.sides.Royalist.hand).toHaveLength(8);
  });

  test('if the deck runs out, the discard is shuffled and drawn from', () => {
    const s = game();
    s.discard.push(...s.deck.splice(0, s.deck.length - 3));
    const d = scripted([]);
    beginTurn(s, d.env);
    expect(s.sides.Parliament.hand).toHaveLength(8);
    expect(s.sides.Royalist.hand).toHaveLength(8);
    expect(s.discard).toHaveLength(0);
    expect(d.text()).toMatch(/the deck ran out, shuffle the discard/);
  });

  test('Invade draws an extra 3 cards in the Strategy Phase', () => {
    const s = game();
    beginTurn(s, scripted([]).env);
    const invade = cardId(s, 'Invade');
    setHand(s, 'Parliament', ['Invade', 'Trap', 'Clash', 'Ridge', 'Ditch', 'Hedges', 'Charge', 'Melee']);
    expect(s.stage).toBe('strategy');
    expect(optionIds(s)).toEqual([`play ${invade}`, 'done']);
    step(s, `play ${invade}`, scripted([]).env);
    // Laid face down: out of the hand, not yet played; one Invade a phase, so the Royalist answers next.
    expect(s.sides.Parliament.hand).toHaveLength(7);
    expect(s.sides.Parliament.committed).toEqual([invade]);
    expect(s.asking).toBe('Royalist');
    step(s, 'done', scripted([]).env); // the Royalist: both revealed together
    expect(s.sides.Parliament.hand).toHaveLength(10);
    expect(s.discard).toContain(invade);
    expect(s.stage).toBe('muster');
  });

  test('a card drawn by Invade waits for the next Strategy Phase: the hand reaches 10 at most', () => {
    // The fill to 8 empties the deck, Invade is played, the reshuffle brings Invade back among the 3
    // extra cards: it cannot be played again in this phase (the reproduction of seed muster/36).
    const s = game();
    const invade = cardId(s, 'Invade');
    setHand(s, 'Parliament', ['Invade', 'Trap', 'Clash', 'Ridge', 'Ditch', 'Hedges', 'Charge', 'Melee']);
    // Two cards left in the deck, an empty discard: Invade's third card is Invade itself, reshuffled.
    s.deck = s.deck.slice(0, 2);
    s.discard = [];
    s.stage = 'strategy';
    s.asking = 'Parliament';
    s.windowNext = ['Royalist'];
    answer(s, { Parliament: [`play ${invade}`, 'done'], Royalist: ['done'] }, scripted([]).env);
    expect(s.sides.Parliament.hand).toContain(invade);
    expect(s.sides.Parliament.hand.length).toBeLessThanOrEqual(10);
    expect(s.stage).toBe('muster');
  });
});

describe('Muster Phase', () => {
  test('each player gains 4D6 Regiments', () => {
    const s = game();
    startMuster(s, scripted([]).env);
    step(s, 'done', scripted([]).env);
    const d = scripted([1, 2, 3, 4, 6, 6, 6, 6]);
    step(s, 'done', d.env);
    expect(regiments(s)).toEqual([20, 34]);
    expect(d.dice.count).toBe(8);
  });

  test('allied to the Scots and to the Irish, a player gains an extra 1D6 for each', () => {
    const s = game();
    s.scots = 'Royalist';
    s.irish = true;
    startMuster(s, scripted([]).env);
    step(s, 'done', scripted([]).env);
    const d = scripted([1, 1, 1, 1, 1, 1, 1, 1, 5, 6]);
    step(s, 'done', d.env);
    expect(regiments(s)[1]).toBe(25);
    expect(d.text()).toMatch(/allied to the Scots/);
    expect(d.text()).toMatch(/allied to the Irish/);
  });

  test('each muster event gains an extra 1D6 Regiments, and only its own side may play it', () => {
    const s = game();
    startMuster(s, scripted([]).env);
    const [london, wales, mobilize] = setHand(s, 'Parliament', ['London', 'Wales', 'Mobilize']);
    expect(optionIds(s)).toEqual([`play ${london}`, `play ${mobilize}`, 'done']);
    expect(optionIds(s)).not.toContain(`play ${wales}`);
    const d = scripted([1, 1, 1, 1, 6, 6]);
    step(s, `play ${london}`, d.env);
    step(s, `play ${mobilize}`, d.env);
    step(s, 'done', d.env);
    expect(s.sides.Parliament.hand).toEqual([wales]);
    expect(d.text()).not.toMatch(/London|Mobilize/); // face down until the Royalist has chosen
    step(s, 'done', d.env);
    expect(d.text()).toMatch(/Parliament plays London/);
    expect(regiments(s)[0]).toBe(10 + 4 + 12);
  });

  test('each card keeps its number while the muster is laid, in card-list order; a laid card leaves its number free', () => {
    const s = game();
    startMuster(s, scripted([]).env);
    // Hand order, not card-list order (London comes after Calvinist Support and Monthly Assessment).
    const [london, calvinist, monthly] = setHand(s, 'Parliament', ['London', 'Calvinist Support', 'Monthly Assessment']);
    const numbers = () => Object.fromEntries(numberedOptions(ask(s, loadedRules())!).map((x) => [x.option.id, x.number]));
    // The options keep their order (bots draw by place); the numbers go by the card list.
    expect(optionIds(s)).toEqual([`play ${london}`, `play ${calvinist}`, `play ${monthly}`, 'done']);
    expect(numbers()).toEqual({ [`play ${calvinist}`]: 1, [`play ${monthly}`]: 2, [`play ${london}`]: 3, done: 4 });
    // A player who read "2" (Monthly Assessment) lays card 1, then types 2: still Monthly Assessment.
    step(s, `play ${calvinist}`, scripted([]).env);
    expect(numbers()).toEqual({ [`play ${monthly}`]: 2, [`play ${london}`]: 3, done: 4 });
    expect(optionNumbered(ask(s, loadedRules())!, 2)!.id).toBe(`play ${monthly}`);
    expect(optionNumbered(ask(s, loadedRules())!, 1)).toBeUndefined();
    step(s, `play ${london}`, scripted([]).env);
    expect(numbers()).toEqual({ [`play ${monthly}`]: 2, done: 4 });
  });
});

describe('End Phase', () => {
  test('each card keeps its number while the side discards', () => {
    const s = game();
    startEnd(s, scripted([]).env);
    const side = s.asking;
    const [london, wales] = setHand(s, side, ['London', 'Wales']);
    const numbers = () => Object.fromEntries(numberedOptions(ask(s, loadedRules())!).map((x) => [x.option.id, x.number]));
    expect(numbers()).toEqual({ [`discard ${wales}`]: 1, [`discard ${london}`]: 2, done: 3 });
    step(s, `discard ${wales}`, scripted([]).env);
    expect(numbers()).toEqual({ [`discard ${london}`]: 2, done: 3 });
  });
});

describe('Declarations Phase', () => {
  function declare(p: 'attack' | 'defend', r: 'attack' | 'defend'): EcwState {
    const s = game();
    startDeclarations(s, scripted([]).env);
    step(s, 'done', scripted([]).env);
    step(s, 'done', scripted([]).env);
    expect(s.stage).toBe('declare');
    answer(s, { Parliament: [`declare ${p}`], Royalist: [`declare ${r}`] }, scripted([]).env);
    return s;
  }

  test('if both players attack, a Battle follows with both as attackers', () => {
    const s = declare('attack', 'attack');
    expect(s.stage).toBe('pick');
    expect(s.battle!.segment).toBe('battle');
    expect(s.battle!.role).toEqual({ Parliament: 'attacker', Royalist: 'attacker' });
    expect(s.stats.battles).toBe(1);
  });

  test('if both players defend, a Skirmish follows', () => {
    const s = declare('defend', 'defend');
    expect(s.stage).toBe('skirmish');
    expect(s.segment).toBe('skirmish');
  });

  test('one attacker and one defender: the defender chooses battle, siege or strategic retreat', () => {
    const s = declare('defend', 'attack');
    expect(s.stage).toBe('tracked-down');
    step(s, 'done', scripted([]).env);
    expect(ask(s, rules)!.side).toBe('Parliament');
    expect(optionIds(s)).toEqual(['accept battle', 'accept siege', 'strategic retreat']);
    step(s, 'accept battle', scripted([]).env);
    expect(s.battle!.role).toEqual({ Parliament: 'defender', Royalist: 'attacker' });
  });

  test('the declarations are secret until both are made', () => {
    const s = game();
    startDeclarations(s, scripted([]).env);
    step(s, 'done', scripted([]).env);
    step(s, 'done', scripted([]).env);
    // The Royalist answered last, so he declares first (the keyboard changes hands once per window).
    expect(ask(s, rules)!.side).toBe('Royalist');
    expect(ask(s, rules)!.secret).toBe(true);
    step(s, 'declare attack', scripted([]).env);
    expect(mod.view(s, 'Parliament', rules).sides.Royalist.declaration).toBe('hidden');
    expect(JSON.stringify(mod.view(s, 'Parliament', rules).sides.Royalist)).not.toMatch(/attack/);
    expect(mod.view(s, 'Royalist', rules).sides.Royalist.declaration).toBe('attack');
    step(s, 'declare defend', scripted([]).env);
    expect(mod.view(s, 'Parliament', rules).sides.Royalist.declaration).toBe('attack');
  });

  test('Strategic Blunder: the opponent must attack this turn', () => {
    const s = game();
    startDeclarations(s, scripted([]).env);
    const [blunder] = setHand(s, 'Parliament', ['Strategic Blunder']);
    expect(optionIds(s)).toEqual([`play ${blunder}`, 'done']);
    step(s, `play ${blunder}`, scripted([]).env);
    step(s, 'done', scripted([]).env);
    expect(s.sides.Royalist.mustAttack).toBe(false); // face down until both have chosen
    step(s, 'done', scripted([]).env);
    expect(s.sides.Royalist.mustAttack).toBe(true);
    expect(ask(s, rules)!.side).toBe('Royalist');
    expect(optionIds(s)).toEqual(['declare attack']);
  });

  test('Tracked Down: the defender must pick Accept Battle', () => {
    const s = declare('attack', 'defend');
    const [tracked] = setHand(s, 'Parliament', ['Tracked Down']);
    expect(optionIds(s)).toEqual([`play ${tracked}`, 'done']);
    step(s, `play ${tracked}`, scripted([]).env);
    expect(ask(s, rules)!.side).toBe('Royalist');
    expect(optionIds(s)).toEqual(['accept battle']);
  });

  test('the Tracked Down window is offered even to an attacker holding nothing (a forced decision)', () => {
    const s = declare('attack', 'defend');
    expect(s.stage).toBe('tracked-down');
    expect(ask(s, rules)!.side).toBe('Parliament');
    expect(optionIds(s)).toEqual(['done']);
  });

  test('Siege: the attacker may decline it, and the turn becomes a Skirmish', () => {
    const s = declare('attack', 'defend');
    step(s, 'done', scripted([]).env);
    step(s, 'accept siege', scripted([]).env);
    expect(ask(s, rules)!.side).toBe('Parliament');
    expect(optionIds(s)).toEqual(['conduct siege', 'decline siege']);
    step(s, 'decline siege', scripted([]).env);
    expect(s.stage).toBe('skirmish');
    expect(s.stats.sieges).toBe(0);
    const t = declare('attack', 'defend');
    step(t, 'done', scripted([]).env);
    step(t, 'accept siege', scripted([]).env);
    step(t, 'conduct siege', scripted([]).env);
    expect(t.battle!.segment).toBe('siege');
    expect(t.battle!.role).toEqual({ Parliament: 'attacker', Royalist: 'defender' });
    expect(t.stats.sieges).toBe(1);
  });

  test('Strategic Retreat: the attacker takes 2 Territory Markers without a fight', () => {
    const s = declare('attack', 'defend');
    step(s, 'done', scripted([]).env);
    step(s, 'strategic retreat', scripted([]).env);
    expect(territory(s)).toEqual([12, 8]);
    expect(s.battle).toBeNull();
    expect(regiments(s)).toEqual([10, 10]);
    expect(s.stats.strategicRetreats).toBe(1);
  });
});

describe('Skirmish Segment', () => {
  test('both players lose 1D6 Regiments and the Capitulation Phase is skipped', () => {
    const s = game();
    startSkirmish(s, scripted([]).env);
    step(s, 'done', scripted([]).env);
    step(s, 'done', scripted([3, 4]).env);
    expect(regiments(s)).toEqual([7, 6]);
    expect(territory(s)).toEqual([10, 10]);
    expect(s.stage).toBe('plot');
  });

  test('Major Raids: the opponent loses an extra 1D6 in the skirmish', () => {
    const s = game();
    startSkirmish(s, scripted([]).env);
    const [raids] = setHand(s, 'Parliament', ['Major Raids']);
    step(s, `play ${raids}`, scripted([]).env);
    step(s, 'done', scripted([]).env);
    step(s, 'done', scripted([1, 2, 3]).env);
    expect(regiments(s)).toEqual([9, 5]);
  });
});

describe('Capitulation Phase', () => {
  function won(segment: 'battle' | 'siege', role: Record<SideName, 'attacker' | 'defender'>, winner: SideName | null): EcwState {
    const s = game();
    s.segment = segment;
    s.battle = {
      segment,
      role,
      picks: { Parliament: {}, Royalist: {} },
      pickSide: 'Royalist',
      pickAspect: 4,
      picked: ['Parliament', 'Royalist'],
      revealed: true,
      winner,
      loserExtraDice: 0,
      reductionDice: 0,
    };
    startCapitulation(s, scripted([]).env);
    return s;
  }
  test('in a battle where both attacked, the winner takes 1 Territory Marker', () => {
    expect(territory(won('battle', { Parliament: 'attacker', Royalist: 'attacker' }, 'Royalist'))).toEqual([9, 11]);
  });
  test('in an accepted battle won by the attacker, he takes 2; a winning defender takes none', () => {
    expect(territory(won('battle', { Parliament: 'attacker', Royalist: 'defender' }, 'Parliament'))).toEqual([12, 8]);
    expect(territory(won('battle', { Parliament: 'attacker', Royalist: 'defender' }, 'Royalist'))).toEqual([10, 10]);
  });
  test('in a siege won by the attacker, he takes 2; a winning defender takes none', () => {
    expect(territory(won('siege', { Parliament: 'defender', Royalist: 'attacker' }, 'Royalist'))).toEqual([8, 12]);
    expect(territory(won('siege', { Parliament: 'defender', Royalist: 'attacker' }, 'Parliament'))).toEqual([10, 10]);
  });
  test('in a tie neither side wins Territory Markers', () => {
    expect(territory(won('battle', { Parliament: 'attacker', Royalist: 'attacker' }, null))).toEqual([10, 10]);
  });
  test('the winner may play one Victory card to take 1 additional Territory Marker', () => {
    const s = game();
    const [v1, v2] = setHand(s, 'Parliament', ['Strategic Victory', 'Crushing Victory']);
    s.segment = 'battle';
    s.battle = {
      segment: 'battle',
      role: { Parliament: 'attacker', Royalist: 'attacker' },
      picks: { Parliament: {}, Royalist: {} },
      pickSide: 'Royalist',
      pickAspect: 4,
      picked: ['Parliament', 'Royalist'],
      revealed: true,
      winner: 'Parliament',
      loserExtraDice: 0,
      reductionDice: 0,
    };
    startCapitulation(s, scripted([]).env);
    expect(s.stage).toBe('capitulation');
    expect(optionIds(s)).toEqual([`play ${v1}`, `play ${v2}`, 'done']);
    step(s, `play ${v1}`, scripted([]).env);
    expect(territory(s)).toEqual([12, 8]);
    expect(s.stage).toBe('plot');
  });
  test('option victory-card=winner: a defender who wins takes nothing but may play a Victory card for 1 TM', () => {
    const s = game();
    s.victoryCard = 'winner';
    const [v] = setHand(s, 'Royalist', ['Strategic Victory']);
    s.segment = 'battle';
    s.battle = {
      segment: 'battle',
      role: { Parliament: 'attacker', Royalist: 'defender' },
      picks: { Parliament: {}, Royalist: {} },
      pickSide: 'Royalist',
      pickAspect: 4,
      picked: ['Parliament', 'Royalist'],
      revealed: true,
      winner: 'Royalist',
      loserExtraDice: 0,
      reductionDice: 0,
    };
    startCapitulation(s, scripted([]).env);
    expect(s.stage).toBe('capitulation');
    expect(optionIds(s)).toEqual([`play ${v}`, 'done']);
    step(s, `play ${v}`, scripted([]).env);
    expect(territory(s)).toEqual([9, 11]);
  });
  test('a defender who wins takes nothing and is offered no Victory card', () => {
    const s = game();
    setHand(s, 'Royalist', ['Strategic Victory']);
    s.segment = 'battle';
    s.battle = {
      segment: 'battle',
      role: { Parliament: 'attacker', Royalist: 'defender' },
      picks: { Parliament: {}, Royalist: {} },
      pickSide: 'Royalist',
      pickAspect: 4,
      picked: ['Parliament', 'Royalist'],
      revealed: true,
      winner: 'Royalist',
      loserExtraDice: 0,
      reductionDice: 0,
    };
    startCapitulation(s, scripted([]).env);
    expect(s.stage).toBe('plot');
    expect(territory(s)).toEqual([10, 10]);
  });
  test('the game ends the moment one player controls all 20 Territory Markers', () => {
    const s = game();
    s.sides.Parliament.territory = 18;
    s.sides.Royalist.territory = 2;
    s.segment = 'retreat';
    s.attacker = 'Parliament';
    startCapitulation(s, scripted([]).env);
    expect(territory(s)).toEqual([20, 0]);
    expect(mod.decision(s, rules)).toBeNull();
    expect(mod.result(s, rules)).toMatchObject({ finished: true, winner: 'Parliament' });
  });
});

describe('Plot Phase', () => {
  function plot(): EcwState {
    const s = game();
    startPlot(s, scripted([]).env);
    return s;
  }
  test('Parliament rolls 1D6 for Scotland: 5+ makes the alliance, 4 does not', () => {
    const s = plot();
    expect(ask(s, rules)!.side).toBe('Parliament');
    step(s, 'roll', scripted([5]).env);
    expect(s.scots).toBe('Parliament');
    const t = plot();
    step(t, 'roll', scripted([4]).env);
    expect(t.scots).toBeNull();
  });
  test('the Royalist rolls for Ireland on 5+ and gives Parliament 1 Territory Marker, once only', () => {
    const s = plot();
    step(s, 'roll', scripted([1]).env);
    expect(ask(s, rules)!.prompt).toMatch(/Ireland/);
    step(s, 'roll', scripted([5]).env);
    expect(s.irish).toBe(true);
    expect(territory(s)).toEqual([11, 9]);
    s.irish = false; // (as if some card had ended it)
    startPlot(s, scripted([]).env);
    step(s, 'roll', scripted([1]).env);
    step(s, 'roll', scripted([6]).env);
    expect(territory(s)).toEqual([11, 9]);
  });
  test('the Royalist takes Scotland from Parliament on a 6, not on a 5', () => {
    const s = game();
    s.scots = 'Parliament';
    startPlot(s, scripted([]).env);
    expect(ask(s, rules)!.side).toBe('Royalist');
    step(s, 'roll', scripted([1]).env);
    step(s, 'roll', scripted([5]).env);
    expect(s.scots).toBe('Parliament');
    startPlot(s, scripted([]).env);
    step(s, 'roll', scripted([1]).env);
    step(s, 'roll', scripted([6]).env);
    expect(s.scots).toBe('Royalist');
    startPlot(s, scripted([]).env);
    expect(ask(s, rules)!.side).toBe('Parliament');
    step(s, 'roll', scripted([5]).env);
    expect(s.scots).toBe('Parliament');
  });
  test('Negotiations makes a plot roll succeed without rolling', () => {
    const s = plot();
    const [neg] = setHand(s, 'Parliament', ['Negotiations']);
    expect(optionIds(s)).toEqual([`play ${neg}`, 'roll']);
    const d = scripted([]);
    step(s, `play ${neg}`, d.env);
    expect(s.scots).toBe('Parliament');
    expect(d.dice.count).toBe(0);
  });
  test('Parliament never rolls for Ireland; a player already allied does not roll', () => {
    expect(rules.plot.filter((p) => p.ally === 'irish').map((p) => p.side)).toEqual(['Royalist']);
    const s = game();
    s.irish = true;
    s.scots = 'Royalist';
    const d = scripted([]);
    startPlot(s, d.env);
    expect(ask(s, rules)!.side).toBe('Parliament');
    step(s, 'roll', scripted([1]).env);
    expect(s.stage).toBe('loss');
  });
  test('the Irish Territory Marker can end the game', () => {
    const s = game();
    s.sides.Parliament.territory = 19;
    s.sides.Royalist.territory = 1;
    s.scots = 'Parliament';
    startPlot(s, scripted([]).env);
    step(s, 'roll', scripted([6]).env);
    expect(s.over).toBe(true);
    expect(s.winner).toBe('Parliament');
  });
});

describe('Loss, Support and End Phases', () => {
  test('each player loses 1D6 Regiments in the Loss Phase; Bitter Campaign adds 1D6 to the opponent', () => {
    const s = game();
    startLoss(s, scripted([]).env);
    const [bitter] = setHand(s, 'Royalist', ['Bitter Campaign']);
    step(s, 'done', scripted([]).env);
    step(s, `play ${bitter}`, scripted([]).env);
    step(s, 'done', scripted([2, 3, 4]).env);
    expect(regiments(s)).toEqual([5, 6]);
    expect(s.stage).toBe('end');
  });
  test('Parliament supports 3 × its Territory Markers, the Royalist 2 × his; the excess is discarded', () => {
    const s = game();
    s.sides.Parliament.territory = 8;
    s.sides.Royalist.territory = 12;
    s.sides.Parliament.regiments = 30;
    s.sides.Royalist.regiments = 30;
    supportPhase(s, scripted([]).env);
    expect(regiments(s)).toEqual([24, 24]);
    s.sides.Parliament.regiments = 20;
    supportPhase(s, scripted([]).env);
    expect(regiments(s)).toEqual([20, 24]);
  });
  test('in the End Phase players may discard any cards, then the next turn begins', () => {
    const s = game();
    s.turn = 3;
    s.wonThisTurn = 'Royalist';
    const [trap, clash] = setHand(s, 'Parliament', ['Trap', 'Clash']);
    startEnd(s, scripted([]).env);
    expect(optionIds(s)).toEqual([`discard ${trap}`, `discard ${clash}`, 'done']);
    step(s, `discard ${trap}`, scripted([]).env);
    // Set aside face down until both have chosen.
    expect(s.discard).not.toContain(trap);
    expect(mod.view(s, 'Royalist', rules).sides.Parliament.handCount).toBe(2);
    step(s, 'done', scripted([]).env);
    const d = scripted([]);
    step(s, 'done', d.env);
    expect(s.discard).toContain(trap);
    expect(d.text()).toMatch(/Parliament discards 1 card: Trap/);
    expect(s.turn).toBe(4);
    expect(s.wonLastTurn).toBe('Royalist');
    expect(s.sides.Parliament.hand).toHaveLength(8);
  });
  test('with a turn limit the game ends after that turn, the side with more Territory Markers winning', () => {
    const s = game();
    s.turnLimit = 3;
    s.turn = 3;
    s.sides.Parliament.territory = 9;
    s.sides.Royalist.territory = 11;
    endTurn(s, scripted([]).env);
    expect(s.over).toBe(true);
    expect(mod.result(s, rules)).toMatchObject({ finished: true, winner: 'Royalist', turns: 3 });
  });
});

describe('the whole turn, through the module', () => {
  test('an illegal choice throws IllegalChoice and changes nothing', () => {
    const s = fresh(rules, 'illegal');
    const before = JSON.stringify(s);
    expect(() => mod.apply(s, 'declare sideways', scripted([]).env)).toThrow(/illegal choice/);
    expect(JSON.stringify(s)).toBe(before);
  });
  test('a decision is never empty; windows are asked even when the side holds nothing (a single "done")', () => {
    const s = fresh(rules, 'decisions');
    let single = 0;
    for (let i = 0; i < 300 && mod.decision(s, rules); i++) {
      const d = mod.decision(s, rules)!;
      expect(d.options.length).toBeGreaterThan(0);
      if (d.options.length === 1) single++;
      mod.apply(s, d.options[d.options.length - 1].id, scripted([], 3, 400).env);
    }
    expect(single).toBeGreaterThan(10);
  });
});
