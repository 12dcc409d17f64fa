import { describe, expect, test } from '@jest/globals';
import { applyEventTarget, drawCard, endEvent } from '../../../src/games/irish-freedom/events.js';
import { irishFreedom } from '../../../src/games/irish-freedom/index.js';
import { startCombat, stepCombat } from '../../../src/games/irish-freedom/combat.js';
import type { IFState } from '../../../src/games/irish-freedom/state.js';
import { add, at, bare, env, rules } from './helpers.js';
import { mapOf } from '../../../src/games/irish-freedom/map.js';
import type { LogEntry } from '../../../src/engine/module.js';

function draw(s: IFState, key: string, rolls: number[] = []): IFState {
  // every other card of the deck is in the discards, so the draw needs no die
  if (s.war === 'independence') s.decks.greenDiscard = rules.cards.green.map((c) => c.key).filter((k) => k !== key);
  else s.decks.blueDiscard = rules.cards.blue.map((c) => c.key).filter((k) => k !== key);
  s.phase = s.war === 'independence' ? 'event' : 'cw-event';
  drawCard(s, env(rolls));
  return s;
}
const ids = (s: IFState) => irishFreedom.decision(s, rules)!.options.map((o) => o.id);
const cw = () => bare({}, 'civil');

describe('War of Independence cards', () => {
  test('Tom Barry: a Flying Column on a British unit of your choice in Kerry', () => {
    const s = bare();
    const ric = add(s, 'ric', 'red', 'kerry/3-4');
    const tans = add(s, 'tans', 'red', 'kerry/6');
    draw(s, 'tom-barry');
    expect(ids(s)).toEqual(['place kerry/3-4', 'place kerry/6']);
    // the labels name the British unit(s) there
    expect(irishFreedom.decision(s, rules)!.options.map((o) => o.label)).toEqual([
      `Place the green Flying Column on Red RIC ${ric.id} in Kerry 3-4 Townland`,
      `Place the green Flying Column on Red Tans ${tans.id} in Kerry 6 Bogland`,
    ]);
    applyEventTarget(s, env([]), 'kerry/6');
    expect(at(s, 'kerry/6')).toEqual(['flying-column:green', 'tans:red']);
  });
  test('Tom Barry: none in Kerry - Cork; none there either - a random Kerry Area', () => {
    const s = bare();
    add(s, 'army', 'red', 'cork/5');
    draw(s, 'tom-barry');
    expect(at(s, 'cork/5')).toEqual(['army:red', 'flying-column:green']); // a single target: no question
    const t = draw(bare(), 'tom-barry', [5]);
    expect(at(t, 'kerry/5')).toEqual(['flying-column:green']);
  });
  test('Kevin Barry: a green Mob and a blue Mob in two rolled Areas of rolled Regions', () => {
    const s = draw(bare(), 'kevin-barry', [2, 3, 5, 6]);
    expect(at(s, 'midlands/3-4')).toEqual(['mob:green']);
    expect(at(s, 'cork/6')).toEqual(['mob:blue']);
  });
  test('Belfast Riots: an orange Mob and a green Mob in another Ulster Area (re-rolled when the same)', () => {
    const s = draw(bare(), 'belfast-riots', [3, 4, 5]);
    expect(at(s, 'ulster/3-4')).toEqual(['mob:orange']);
    expect(at(s, 'ulster/5')).toEqual(['mob:green']);
  });
  test('Army Auxiliaries: an Army in a random Area and a green Mob in the same Region', () => {
    const s = draw(bare(), 'army-auxiliaries', [4, 6, 1]);
    expect(at(s, 'west/6')).toEqual(['army:red']);
    expect(at(s, 'west/1-2')).toEqual(['mob:green']);
  });
  test('UVF mobilisation: a UVF on an Irish unit in Ulster, or a random Ulster Area', () => {
    const s = bare(); // one Irish unit: no die
    add(s, 'guerrilla', 'green', 'ulster/1-2');
    draw(s, 'uvf-mobilisation');
    expect(at(s, 'ulster/1-2')).toEqual(['guerrilla:green', 'uvf:orange']);
    const t = draw(bare(), 'uvf-mobilisation', [6]);
    expect(at(t, 'ulster/6')).toEqual(['uvf:orange']);
  });
  test('Limerick Soviet: no British road moves this turn (cleared at the end of the turn)', () => {
    const s = draw(bare(), 'limerick-soviet');
    expect(s.effects.limerickSoviet).toBe(true);
  });
  test('G Division: an Irish non-Mob unit in a Dublin City Area becomes a Mob of its colour (with enemy-any=player, your pick)', () => {
    const s = bare({ 'enemy-any': 'player' });
    const a = add(s, 'regular', 'blue', 'dublin/3-4');
    add(s, 'guerrilla', 'green', 'dublin/6');
    add(s, 'mob', 'green', 'dublin/6');
    add(s, 'guerrilla', 'green', 'dublin/5');
    draw(s, 'g-division');
    expect(ids(s).length).toBe(2);
    expect(irishFreedom.decision(s, rules)!.options[0].label).toBe(
      `Replace Blue Regular ${a.id} (Dublin 3-4 City) with a Mob of its colour`,
    );
    applyEventTarget(s, env([]), a.id);
    expect(a.type).toBe('mob');
    expect(a.colour).toBe('blue');
    const t = draw(bare(), 'g-division');
    expect(t.ask).toBeNull();
  });
  test('Bloody Sunday: eliminate an RIC in Dublin (counts for morale); else Tans revert to RIC; else nothing', () => {
    const s = bare();
    add(s, 'ric', 'red', 'dublin/5');
    draw(s, 'bloody-sunday');
    expect(s.units.length).toBe(0);
    expect(s.britishEliminated).toBe(1);
    const t = bare();
    const tans = add(t, 'tans', 'red', 'dublin/3-4');
    draw(t, 'bloody-sunday');
    expect(tans.type).toBe('ric');
  });
  test('Reprisals: the unit in each rolled Area is driven to another rolled Area of its Region', () => {
    const s = bare();
    const g = add(s, 'guerrilla', 'blue', 'dublin/5');
    const mob = add(s, 'mob', 'green', 'midlands/1-2');
    // Dublin: 5 (the Guerrilla) -> re-roll 5 (same) then 1; Midlands 1 (a Mob: cannot move); Ulster..Kerry: empty Areas
    draw(s, 'reprisals', [5, 5, 1, 1, 1, 1, 1, 1]);
    expect(g.area).toBe('dublin/1-2');
    expect(mob.area).toBe('midlands/1-2');
  });
  test('Reprisals says what happens in every rolled Area, empty ones and Mob-only ones included', () => {
    const s = bare();
    add(s, 'guerrilla', 'blue', 'dublin/5');
    add(s, 'mob', 'green', 'midlands/1-2');
    s.decks.greenDiscard = rules.cards.green.map((c) => c.key).filter((k) => k !== 'reprisals');
    const log: LogEntry[] = [];
    drawCard(s, env([5, 5, 1, 1, 1, 1, 1, 1], log));
    const texts = log.map((e) => (e.kind === 'text' ? e.text : ''));
    expect(texts).toContain('Reprisals: Midlands 1-2 Bogland holds only Mobs, which never move; nothing moves there.');
    expect(texts).toContain('Reprisals: Ulster 1-2 Bogland is empty; nothing moves there.');
    expect(texts.filter((x) => x.startsWith('Reprisals:'))).toHaveLength(6); // one line per Region
  });
  test('an empty deck is reshuffled from its discards; the card is discarded after use', () => {
    const s = bare();
    s.decks.greenDiscard = rules.cards.green.map((c) => c.key);
    drawCard(s, env([6])); // all nine back in the deck: a die among nine picks the sixth, Limerick Soviet
    expect(s.card).toBe('limerick-soviet');
    expect(s.decks.greenDiscard).toEqual([]);
    endEvent(s, mapOf(rules));
    expect(s.decks.greenDiscard).toEqual(['limerick-soviet']);
    expect(s.card).toBeNull();
  });
});

describe('Civil War cards', () => {
  test('Churchill: a blue Artillery on a blue Regular of your choice', () => {
    const s = cw();
    add(s, 'regular', 'blue', 'cork/5');
    const r = add(s, 'regular', 'blue', 'west/6');
    draw(s, 'churchill');
    expect(ids(s).length).toBe(2);
    applyEventTarget(s, env([]), r.id);
    expect(at(s, 'west/6')).toEqual(['artillery:blue', 'regular:blue']);
  });
  test('The Mutineer: a random Region with a green unit; a green Armoured car on the strongest green unit there', () => {
    const s = cw();
    add(s, 'guerrilla', 'green', 'kerry/1-2'); // 2
    add(s, 'flying-column', 'green', 'kerry/3-4'); // 2 in Townland: tie
    draw(s, 'the-mutineer', [1, 6, 2]); // Dublin has none: re-roll; Kerry; tie -> the second
    expect(at(s, 'kerry/3-4')).toEqual(['armoured-car:green', 'flying-column:green']);
  });
  test('Border Campaign: a green Guerrilla in a random Ulster Area', () => {
    const s = draw(cw(), 'border-campaign', [5]);
    expect(at(s, 'ulster/5')).toEqual(['guerrilla:green']);
  });
  test('Michael Collins: +2 once, in a Free State attack of your choice in Cork or Kerry', () => {
    const s = draw(cw(), 'michael-collins');
    expect(s.effects.michaelCollins).toBe(true);
    add(s, 'flying-column', 'green', 'cork/6', 0); // 3 in Bogland
    const reg = add(s, 'regular', 'blue', 'cork/6', 5); // 2: -1
    startCombat(s, mapOf(rules), 'end-turn');
    stepCombat(s, env([]));
    expect(ids(s)).toEqual(['collins use', 'collins save']);
    s.ask = null;
    s.combat!.fight!.collins = true;
    stepCombat(s, env([4])); // 2 + 2 - 3 = +1, die 4: score 5, the Flying Column is eliminated
    expect(at(s, 'cork/6')).toEqual(['regular:blue']);
    expect(s.effects.michaelCollins).toBe(false);
    expect(reg.area).toBe('cork/6');
  });
  test('Emmet Dalton: one naval landing this turn may end in an Area without a port', () => {
    const s = draw(cw(), 'emmet-dalton');
    expect(s.effects.emmetDalton).toBe(true);
  });
  test('Dublin Guards: nominate a blue Regular; +1 when it attacks, and a green Mob rises in that Region', () => {
    const s = cw();
    const r = add(s, 'regular', 'blue', 'cork/1-2');
    draw(s, 'dublin-guards');
    expect(s.effects.dublinGuards).toBe(r.id);
    add(s, 'guerrilla', 'green', 'cork/3-4', 0); // 1 in Townland
    r.area = 'cork/3-4';
    r.arrived = 99;
    s.seq = 99;
    startCombat(s, mapOf(rules), 'end-turn');
    stepCombat(s, env([2, 5, 6])); // 2 + 1 - 1 = +2, die 2: score 4; the Mob's Area 5; the Guerrilla retreats to 6
    expect(at(s, 'cork/5')).toEqual(['mob:green']);
    expect(at(s, 'cork/6')).toEqual(['guerrilla:green']);
  });
  test('Liam Lynch: a green Flying Column in a random Area of a random Region', () => {
    const s = draw(cw(), 'liam-lynch', [4, 3]);
    expect(at(s, 'west/3-4')).toEqual(['flying-column:green']);
  });
  test('The Big House: a random Region other than Ulster loses its weakest green unit', () => {
    const s = cw();
    add(s, 'guerrilla', 'green', 'ulster/1-2');
    add(s, 'flying-column', 'green', 'cork/6'); // 3
    add(s, 'guerrilla', 'green', 'cork/5'); // 1: weakest
    draw(s, 'the-big-house', [3, 5]); // Ulster re-rolled; Cork
    expect(at(s, 'cork/5')).toEqual([]);
    expect(at(s, 'cork/6')).toEqual(['flying-column:green']);
    expect(at(s, 'ulster/1-2')).toEqual(['guerrilla:green']);
  });
  test('The Big House: a green support counter left without its unit stays in place, alone', () => {
    const s = cw();
    add(s, 'guerrilla', 'green', 'cork/5');
    const ac = add(s, 'armoured-car', 'green', 'cork/5');
    draw(s, 'the-big-house', [5]);
    expect(at(s, 'cork/5')).toEqual(['armoured-car:green']);
    expect(ac.colour).toBe('green');
  });
  test('Executions: a green Mob in a random Area of a random Region', () => {
    const s = draw(cw(), 'executions', [1, 6]);
    expect(at(s, 'dublin/6')).toEqual(['mob:green']);
  });
});
