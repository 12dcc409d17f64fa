import { describe, expect, test } from '@jest/globals';
import { britishMorale, britishMove, britishUpgrade, treatyCheck } from '../../../src/games/irish-freedom/british-phases.js';
import { advance, irishFreedom } from '../../../src/games/irish-freedom/index.js';
import { mapOf } from '../../../src/games/irish-freedom/map.js';
import { initialState } from '../../../src/games/irish-freedom/setup.js';
import { add, at, bare, env, rules } from './helpers.js';
import type { LogEntry } from '../../../src/engine/module.js';
import { untilDiceRunOut } from '../../engine/expect-errors.js';

const m = mapOf(rules);
const ids = (s: Parameters<typeof irishFreedom.decision>[0]) => irishFreedom.decision(s, rules)!.options.map((o) => o.id);

describe('War of Independence', () => {
  test('set-up places the units of the rulebook, British morale 10, turn 1', () => {
    const s = initialState(rules, {}, env([]));
    expect(s.units.length).toBe(17);
    expect(at(s, 'ulster/3-4')).toEqual(['army:red', 'uvf:orange']);
    expect(at(s, 'kerry/1-2')).toEqual(['flying-column:green']);
    expect(at(s, 'dublin/6')).toEqual(['mob:blue']);
    expect(s.britishMorale).toBe(10);
    expect(s.turn).toBe(1);
  });

  test('turn 1 skips the random event and treaty check: first rolls are British upgrade then British move', () => {
    // upgrade Region 6 (Kerry: RIC -> Tans); move Region 4 (West: RIC in Limerick -> weakest Irish, the Guerrilla)
    // combat: RIC (1 in Bogland) attacks the Guerrilla (2): die 4 -> score 3, the RIC retreats to Area 6
    const s = irishFreedom.setup(rules, {}, env([6, 4, 4, 6]));
    expect(at(s, 'kerry/3-4')).toEqual(['tans:red']);
    expect(at(s, 'west/1-2')).toEqual(['guerrilla:green']);
    expect(at(s, 'west/6')).toEqual(['ric:red']);
    expect(s.ask).toEqual({ kind: 'action' });
    expect(irishFreedom.decision(s, rules)!.phase).toBe('War of Independence: Irish move/recruit phase');
  });

  test('British morale: Regions with British units + Cities without Irish units - eliminated Army/RIC/Tans', () => {
    const s = bare();
    add(s, 'uvf', 'orange', 'ulster/6');
    add(s, 'mob', 'orange', 'ulster/5');
    add(s, 'ric', 'red', 'cork/1-2');
    add(s, 'guerrilla', 'green', 'dublin/3-4');
    add(s, 'army', 'red', 'cork/5');
    add(s, 'guerrilla', 'green', 'cork/5');
    s.britishEliminated = 2;
    // Regions: Ulster, Cork = 2; Cities without Irish: dublin/6, Belfast, Limerick = 3; minus 2
    expect(britishMorale(s, m)).toEqual({ regions: 2, cities: 3, eliminated: 2, total: 3 });
  });

  test('treaty check: a D6 greater than British morale brings the Treaty; equal does not', () => {
    const s = bare();
    add(s, 'ric', 'red', 'cork/1-2');
    s.britishEliminated = 2; // morale 1 + 5 - 2 = 4
    const log: LogEntry[] = [];
    treatyCheck(s, env([4], log));
    expect(s.phase).toBe('british-upgrade');
    treatyCheck(s, env([5], log));
    expect(s.phase).toBe('treaty');
    const texts = log.map((e) => (e.kind === 'text' ? e.text : ''));
    expect(texts[0]).toMatch(/roll 4: no treaty\.$/);
    expect(texts[1]).toMatch(/roll 5: the Treaty!$/); // not "the Treaty!."
    // One Region: "1 Region", not "1 Regions" (a newcomer's find)
    expect(texts[0]).toMatch(/^British morale 4 = 1 Region with British units \+ 5 Cities without Irish units - 2 eliminated/);
  });

  test('British upgrade: an RIC in the rolled Region becomes Tans', () => {
    const s = bare();
    add(s, 'ric', 'red', 'cork/1-2');
    britishUpgrade(s, env([5]));
    expect(at(s, 'cork/1-2')).toEqual(['tans:red']);
  });

  test('British upgrade: with Tans but no RIC, a Mob rises - blue if the D6 beats the Region number, else green', () => {
    const s = bare();
    add(s, 'tans', 'red', 'midlands/1-2');
    britishUpgrade(s, env([2, 5, 3])); // Midlands, Area 5, roll 3 > 2 -> blue
    expect(at(s, 'midlands/5')).toEqual(['mob:blue']);
    britishUpgrade(s, env([2, 6, 2])); // roll 2, not > 2 -> green
    expect(at(s, 'midlands/6')).toEqual(['mob:green']);
  });

  test('British upgrade: no RIC or Tans in the Region, nothing happens', () => {
    const s = bare();
    add(s, 'army', 'red', 'west/6');
    britishUpgrade(s, env([4]));
    expect(s.units.length).toBe(1);
  });

  test('British move: the strongest British unit (Army before Tans) moves onto the weakest Irish unit', () => {
    const s = bare();
    add(s, 'tans', 'red', 'cork/1-2');
    const army = add(s, 'army', 'red', 'cork/3-4');
    add(s, 'flying-column', 'green', 'cork/6'); // 3 in Bogland
    add(s, 'guerrilla', 'green', 'cork/5'); // 1 in the City: weakest
    britishMove(s, env([5]));
    expect(army.area).toBe('cork/5');
    expect(s.combat).not.toBeNull();
    expect(s.actionsLeft).toBe(2); // then the Irish get two actions
  });

  test('British move: Army with no Irish in its Region takes the rolled road and lands on the weakest Irish unit there', () => {
    const s = bare();
    const army = add(s, 'army', 'red', 'kerry/3-4');
    add(s, 'flying-column', 'green', 'cork/6');
    add(s, 'mob', 'blue', 'cork/1-2');
    britishMove(s, env([6, 5])); // Kerry; road 5 -> Cork (Kerry's 4-6 end)
    expect(army.area).toBe('cork/1-2');
  });

  test('British move: with no Irish unit at the road end, the Army goes to a rolled Area', () => {
    const s = bare();
    const army = add(s, 'army', 'red', 'kerry/3-4');
    britishMove(s, env([6, 1, 6])); // road 1 -> The West; Area 6
    expect(army.area).toBe('west/6');
  });

  test('British move: RIC and UVF never leave their Region; Limerick Soviet stops Army road moves', () => {
    const s = bare();
    const ric = add(s, 'ric', 'red', 'kerry/3-4');
    add(s, 'guerrilla', 'green', 'cork/6');
    britishMove(s, env([6]));
    expect(ric.area).toBe('kerry/3-4');
    const t = bare();
    const army = add(t, 'army', 'red', 'kerry/3-4');
    t.effects.limerickSoviet = true;
    britishMove(t, env([6]));
    expect(army.area).toBe('kerry/3-4');
  });

  test('British move: Mobs are never selected', () => {
    const s = bare();
    const mob = add(s, 'mob', 'orange', 'ulster/5');
    add(s, 'guerrilla', 'green', 'ulster/1-2');
    britishMove(s, env([3]));
    expect(mob.area).toBe('ulster/5');
  });

  function actionState() {
    const s = bare();
    s.phase = 'irish-actions';
    s.actionsLeft = 2;
    s.ask = { kind: 'action' };
    return s;
  }

  test('Irish recruit kinds: Mob to Guerrilla, blue Guerrilla to Regular, green Guerrilla to Flying Column, or a rolled Guerrilla', () => {
    const s = actionState();
    const mob = add(s, 'mob', 'green', 'west/3-4');
    const bg = add(s, 'guerrilla', 'blue', 'dublin/5');
    const gg = add(s, 'guerrilla', 'green', 'kerry/5');
    add(s, 'ric', 'red', 'cork/1-2');
    const o = ids(s);
    expect(o).toEqual(
      expect.arrayContaining([`upgrade ${mob.id}`, `upgrade ${bg.id}`, `upgrade ${gg.id}`, 'recruit-guerrilla cork', 'pass']),
    );
    irishFreedom.apply(s, `upgrade ${bg.id}`, env([]));
    expect(bg.type).toBe('regular');
    untilDiceRunOut(() => irishFreedom.apply(s, `upgrade ${gg.id}`, env([]))); // the next turn needs dice
    expect(gg.type).toBe('flying-column');
    expect(s.turn).toBe(3);
  });

  test('recruiting a Guerrilla: a D6 above the Region number gives blue, otherwise green', () => {
    const s = actionState();
    s.actionsLeft = 2;
    irishFreedom.apply(s, 'recruit-guerrilla midlands', env([5, 3]));
    expect(at(s, 'midlands/5')).toEqual(['guerrilla:blue']);
    s.ask = { kind: 'action' };
    s.actionsLeft = 2;
    irishFreedom.apply(s, 'recruit-guerrilla kerry', env([1, 6]));
    expect(at(s, 'kerry/1-2')).toEqual(['guerrilla:green']); // 6 is not greater than 6
  });

  test('Irish moves: Guerrillas stay in their Region, Flying Columns also take roads, Mobs never move', () => {
    const s = actionState();
    const mob = add(s, 'mob', 'green', 'west/3-4');
    const g = add(s, 'guerrilla', 'green', 'kerry/5');
    const fc = add(s, 'flying-column', 'green', 'kerry/1-2');
    expect(ids(s)).not.toContain(`move ${mob.id}`);
    irishFreedom.apply(s, `move ${g.id}`, env([]));
    expect(ids(s).sort()).toEqual([`move ${g.id} kerry/1-2`, `move ${g.id} kerry/3-4`, `move ${g.id} kerry/6`]);
    s.ask = { kind: 'move', unit: fc.id };
    const fcDest = ids(s);
    expect(fcDest).toContain(`move ${fc.id} cork/5`);
    expect(fcDest).toContain(`move ${fc.id} west/6`);
    expect(fcDest).not.toContain(`move ${fc.id} dublin/6`);
    expect(fcDest.length).toBe(3 + 8);
  });

  test('end of turn 10: the game ends with a British victory', () => {
    const s = bare();
    s.turn = 10;
    s.phase = 'end-turn';
    advance(s, env([]));
    expect(s.over).toBe('british-victory');
    expect(irishFreedom.decision(s, rules)).toBeNull();
    expect(irishFreedom.result(s, rules)).toMatchObject({ finished: true, winner: null, level: 'British victory' });
  });

  test('events=off skips the random event phase', () => {
    const s = bare({ events: 'off' });
    s.phase = 'event';
    add(s, 'ric', 'red', 'cork/1-2');
    untilDiceRunOut(() => advance(s, env([1]))); // needs more rolls
    expect(s.decks.greenDiscard.length).toBe(0);
    expect(s.card).toBeNull();
    expect(s.phase).not.toBe('event');
  });
});

describe('Option labels', () => {
  test('a label read after apply has changed the state still describes the state it was offered in', () => {
    const s = bare();
    const g = add(s, 'guerrilla', 'green', 'kerry/1-2', 0);
    const id = g.id;
    add(s, 'ric', 'red', 'dublin/5', 0);
    s.phase = 'irish-actions';
    s.actionsLeft = 3; // the turn does not end within the test
    s.ask = { kind: 'action' };
    const first = irishFreedom.decision(s, rules)!;
    const move = first.options.find((o) => o.id === `move ${id}`)!;
    const up = first.options.find((o) => o.id === `upgrade ${id}`)!;
    irishFreedom.apply(s, `move ${id}`, env([]));
    const dest = irishFreedom.decision(s, rules)!.options.find((o) => o.id === `move ${id} kerry/5`)!;
    const destNow = irishFreedom.decision(s, rules)!.options.find((o) => o.id === `move ${id} kerry/5`)!;
    expect(destNow.label).toBe(`Move Green Guerrilla ${id} (Kerry 1-2 Bogland) to Kerry 5 Bogland (empty)`);
    irishFreedom.apply(s, `move ${id} kerry/5`, env([]));
    irishFreedom.apply(s, `upgrade ${id}`, env([]));
    expect(g).toMatchObject({ area: 'kerry/5', type: 'flying-column' });
    // every label read only now, after the unit moved and was upgraded
    expect(move.label).toBe(`Move Green Guerrilla ${id} (Kerry 1-2 Bogland)`);
    expect(up.label).toBe(`Recruit: replace Green Guerrilla ${id} (Kerry 1-2 Bogland) with a Green Flying Column (Bog/Town/City 3/2/1)`);
    // The destination's preview is worked out when read: read this late, it names the destination alone.
    expect(dest.label).toBe(`Move Green Guerrilla ${id} (Kerry 1-2 Bogland) to Kerry 5 Bogland`);
    expect(JSON.parse(JSON.stringify(move))).toEqual({ id: `move ${id}`, label: `Move Green Guerrilla ${id} (Kerry 1-2 Bogland)` });
  });
});

describe('Previews in option labels (previews.ts)', () => {
  test('a destination lists what stands there and, with an enemy, the odds of the combat it starts', () => {
    const s = bare();
    const g = add(s, 'flying-column', 'green', 'kerry/1-2', 0);
    const ric = add(s, 'ric', 'red', 'kerry/3-4', 0);
    const mate = add(s, 'guerrilla', 'green', 'kerry/5', 0);
    s.phase = 'irish-actions';
    s.actionsLeft = 2;
    s.ask = { kind: 'action' };
    irishFreedom.apply(s, `move ${g.id}`, env([]));
    const opts = irishFreedom.decision(s, rules)!.options;
    // Townland: Flying Column 2 against RIC 2; a D6 + 0 makes the defenders lose on 4, 5, 6 (Combat table).
    expect(opts.find((o) => o.id === `move ${g.id} kerry/3-4`)!.label).toBe(
      `Move Green Flying Column ${g.id} (Kerry 1-2 Bogland) to Kerry 3-4 Townland: RIC ${ric.id} - this starts a combat: 2 vs 2, 3 in 6 to win`,
    );
    expect(opts.find((o) => o.id === `move ${g.id} kerry/5`)!.label).toMatch(
      new RegExp(`to Kerry 5 Bogland: yours: Guerrilla ${mate.id}$`),
    );
    expect(opts.find((o) => o.id === `move ${g.id} kerry/6`)!.label).toMatch(/to Kerry 6 Bogland \(empty\)$/);
  });

  test('an upgrade says what the unit becomes, with its strengths', () => {
    const s = bare();
    const g = add(s, 'guerrilla', 'blue', 'kerry/1-2', 0);
    s.ask = { kind: 'upgrade', candidates: [g.id] } as never;
    const up = irishFreedom.decision(s, rules)!.options.find((o) => o.id === `upgrade ${g.id}`)!;
    expect(up.label).toBe(`Upgrade Blue Guerrilla ${g.id} (Kerry 1-2 Bogland) -> Blue Regular (Bog/Town/City 2/2/2)`);
  });
});

describe('Status line', () => {
  test('British morale is shown live (the Treaty check formula), with the value the last check found', () => {
    const s = bare();
    add(s, 'ric', 'red', 'cork/1-2', 0);
    add(s, 'army', 'red', 'dublin/3-4', 0);
    s.britishMorale = 8; // what the last Treaty check found
    s.britishEliminated = 1; // an RIC eliminated since
    const now = britishMorale(s, mapOf(rules)).total;
    expect(now).not.toBe(8);
    const out = irishFreedom.render(irishFreedom.view(s, 'Irish', rules), { color: false });
    expect(out).toContain(`British morale now ${now} (last Treaty check: 8)`);
    expect(out).toContain('British eliminated (Army/RIC/Tans): 1');
  });
});

describe('Map legend', () => {
  const legend = (s: ReturnType<typeof bare>) =>
    irishFreedom
      .render(irishFreedom.view(s, 'Irish', rules), { color: false, width: 200 })
      .split('\n')
      .find((l) => l.includes('where it stands'));

  test("the example unit's code is read from the unit as it is now (it said Gue after u5 had become a Regular)", () => {
    const s = initialState(rules, { war: 'independence', events: 'on', 'high-modifier': 'off', ulster: 'partition' }, env([]));
    expect(legend(s)).toMatch(/^u5:Gue\[b\]=2: unit 5, a blue Guerrilla, strength 2 where it stands\./);
    s.units.find((u) => u.id === 'u5')!.type = 'regular';
    expect(legend(s)).toMatch(/^u5:Reg\[b\]=2: unit 5, a blue Regular, strength 2 where it stands\./);
    // u5 gone: another unit on the map, in its own terrain.
    const b = bare();
    add(b, 'uvf', 'orange', 'ulster/3-4', 0);
    expect(legend(b)).toMatch(/^u\d+:UVF\[o\]=2: unit \d+, an orange UVF, strength 2 where it stands\./);
  });
});
