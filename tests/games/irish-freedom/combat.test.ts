import { describe, expect, test } from '@jest/globals';
import { startCombat, stepCombat, newFight } from '../../../src/games/irish-freedom/combat.js';
import { irishFreedom } from '../../../src/games/irish-freedom/index.js';
import type { IFState } from '../../../src/games/irish-freedom/state.js';
import { add, at, bare, env, rules } from './helpers.js';
import { mapOf } from '../../../src/games/irish-freedom/map.js';
import { EngineDice } from '../../../src/engine/dice.js';
import { makeEnv } from '../../../src/engine/env.js';
import type { LogEntry, LogTable } from '../../../src/engine/module.js';
import { untilDiceRunOut } from '../../engine/expect-errors.js';

function fight(s: IFState, rolls: number[]): IFState {
  startCombat(s, mapOf(rules), 'end-turn');
  stepCombat(s, env(rolls));
  return s;
}

describe('Combat', () => {
  test('the side that moved in is the attacker, the side originally present (the earlier arrival) defends', () => {
    const s = bare();
    add(s, 'ric', 'red', 'cork/1-2', 0);
    add(s, 'guerrilla', 'green', 'cork/1-2', 3);
    expect(newFight(s, 'cork/1-2', [1, 2])).toMatchObject({ att: 2, def: 1 });
    s.units[0].arrived = 9;
    expect(newFight(s, 'cork/1-2', [1, 2])).toMatchObject({ att: 1, def: 2 });
  });

  test('a combat score of 1 or less eliminates two attackers, weakest first, and the rest retreat', () => {
    const s = bare();
    add(s, 'army', 'red', 'kerry/1-2', 0);
    add(s, 'army', 'red', 'kerry/1-2', 0);
    add(s, 'tans', 'red', 'kerry/1-2', 0); // defenders 3+3+2 = 8 in Bogland
    add(s, 'mob', 'green', 'kerry/1-2', 5);
    add(s, 'guerrilla', 'green', 'kerry/1-2', 5);
    add(s, 'flying-column', 'green', 'kerry/1-2', 5); // attackers 1+2+3 = 6: modifier -2
    fight(s, [3, 5]); // score 1; retreat roll 5
    expect(at(s, 'kerry/1-2')).toEqual(['army:red', 'army:red', 'tans:red']);
    expect(at(s, 'kerry/5')).toEqual(['flying-column:green']);
  });

  test('a combat score of 2 eliminates one attacker and the rest retreat', () => {
    const s = bare();
    add(s, 'army', 'red', 'cork/5', 0); // City 4
    add(s, 'guerrilla', 'green', 'cork/5', 2);
    add(s, 'flying-column', 'green', 'cork/5', 2); // 1 + 1 = 2: modifier -2
    fight(s, [4, 2, 6]); // score 2; tie (both 1 in City): the dice pick the Flying Column; retreat to cork/6
    expect(at(s, 'cork/5')).toEqual(['army:red']);
    expect(at(s, 'cork/6')).toEqual(['guerrilla:green']);
  });

  test('a combat score of 3 makes all attackers retreat, no upgrade', () => {
    const s = bare();
    add(s, 'ric', 'red', 'midlands/3-4', 0);
    add(s, 'guerrilla', 'blue', 'midlands/3-4', 1); // 1 v 2
    fight(s, [4, 1]);
    expect(at(s, 'midlands/3-4')).toEqual(['ric:red']);
    expect(at(s, 'midlands/1-2')).toEqual(['guerrilla:blue']);
    expect(s.ask).toBeNull();
  });

  test('a combat score of 4 makes all defenders retreat', () => {
    const s = bare();
    add(s, 'ric', 'red', 'midlands/3-4', 0);
    add(s, 'guerrilla', 'blue', 'midlands/3-4', 1);
    fight(s, [5, 6]); // -1 + 5 = 4; defenders retreat to 6
    expect(at(s, 'midlands/3-4')).toEqual(['guerrilla:blue']);
    expect(at(s, 'midlands/6')).toEqual(['ric:red']);
    expect(s.britishEliminated).toBe(0);
  });

  test('a combat score of 5 eliminates one defender (weakest first), the rest retreat, and the Irish victor may upgrade', () => {
    const s = bare();
    add(s, 'army', 'red', 'kerry/1-2', 0); // 3
    add(s, 'ric', 'red', 'kerry/1-2', 0); // 1
    add(s, 'flying-column', 'green', 'kerry/1-2', 1);
    add(s, 'guerrilla', 'green', 'kerry/1-2', 1);
    const mob = add(s, 'mob', 'blue', 'kerry/1-2', 1); // 3+2+1 = 6 v 4: +2
    fight(s, [3]); // score 5: RIC eliminated; upgrade asked before the retreat
    expect(s.britishEliminated).toBe(1);
    expect(at(s, 'kerry/1-2')).toContain('army:red');
    expect(s.ask).toEqual({ kind: 'upgrade', candidates: [mob.id] }); // a Mob first, before any Guerrilla
  });

  test('a combat score of 6 or more eliminates two defenders, weakest first', () => {
    const s = bare();
    add(s, 'army', 'red', 'kerry/1-2', 0);
    add(s, 'ric', 'red', 'kerry/1-2', 0);
    add(s, 'tans', 'red', 'kerry/1-2', 0); // 3+1+2 = 6
    add(s, 'flying-column', 'green', 'kerry/1-2', 1);
    add(s, 'flying-column', 'green', 'kerry/1-2', 1);
    add(s, 'flying-column', 'green', 'kerry/1-2', 1); // 9: +3
    fight(s, [3, 4]); // score 6: RIC then Tans; Army retreats to 3-4
    expect(s.units.filter((u) => u.colour === 'red').map((u) => `${u.type}@${u.area}`)).toEqual(['army@kerry/3-4']);
    expect(s.britishEliminated).toBe(2);
  });

  test('tied weakest units are eliminated at random through the dice', () => {
    const s = bare();
    const a = add(s, 'ric', 'red', 'cork/1-2', 0);
    const b = add(s, 'ric', 'red', 'cork/1-2', 0);
    add(s, 'flying-column', 'green', 'cork/1-2', 1);
    add(s, 'flying-column', 'green', 'cork/1-2', 1);
    add(s, 'guerrilla', 'green', 'cork/1-2', 1); // 5 v 4: +1
    fight(s, [4, 2]); // score 5; tie pick -> second RIC
    expect(s.units.includes(b)).toBe(false);
    expect(s.units.includes(a)).toBe(true);
  });

  test('retreating into an Area with the enemy starts a new combat with the retreaters attacking', () => {
    const s = bare();
    add(s, 'ric', 'red', 'midlands/3-4', 0);
    const g = add(s, 'guerrilla', 'blue', 'midlands/3-4', 1);
    add(s, 'ric', 'red', 'midlands/5', 0);
    // first combat: 1 v 2, die 4 -> score 3 attackers retreat; retreat roll 5 -> midlands/5 with an RIC
    // second combat: guerrilla (attacker, 1) v RIC (2), die 6 -> score 5: RIC eliminated; upgrade asked
    fight(s, [4, 5, 6]);
    expect(g.area).toBe('midlands/5');
    expect(at(s, 'midlands/5')).toEqual(['guerrilla:blue']);
    expect(s.britishEliminated).toBe(1);
    expect(s.ask).toEqual({ kind: 'upgrade', candidates: [g.id] });
  });

  test('a Mob that must retreat cannot move and is dispersed', () => {
    const s = bare();
    add(s, 'ric', 'red', 'dublin/5', 0);
    add(s, 'mob', 'green', 'dublin/5', 1); // 1 v 2
    fight(s, [4]); // score 3: attackers retreat -> the Mob is eliminated, no retreat roll
    expect(at(s, 'dublin/5')).toEqual(['ric:red']);
    expect(s.units.length).toBe(1);
  });

  test('the log says a Mob that cannot retreat is dispersed, not eliminated (rules note 7: no elimination for the upgrade)', () => {
    const s = bare();
    add(s, 'ric', 'red', 'dublin/5', 0);
    const mob = add(s, 'mob', 'green', 'dublin/5', 1);
    const log: LogEntry[] = [];
    startCombat(s, mapOf(rules), 'end-turn');
    stepCombat(
      s,
      makeEnv(EngineDice.scripted([4]), (e) => log.push(e), true, rules),
    );
    const texts = log.map((e) => (e.kind === 'text' ? e.text : ''));
    expect(texts).toContain(
      `${mob.id}:Mob[g] cannot retreat (Mobs never move): dispersed in Dublin 5 Townland, not an elimination for the victor's upgrade.`,
    );
    expect(texts.filter((t) => /eliminated in/.test(t))).toEqual([]);
  });

  test('the victor may upgrade: the player chooses whether, and a die picks among tied candidates', () => {
    const s = bare();
    s.phase = 'british-move';
    add(s, 'ric', 'red', 'kerry/1-2', 0);
    const g = add(s, 'guerrilla', 'green', 'kerry/1-2', 1);
    const h = add(s, 'guerrilla', 'blue', 'kerry/1-2', 1); // 4 v 1 -> +3
    fight(s, [2]); // score 5
    const d = irishFreedom.decision(s, rules)!;
    expect(d.options.map((o) => o.id)).toEqual(['upgrade random', 'upgrade none']);
    expect(s.combat!.fight!.stage).toBe('post');
    // the die picks the blue Guerrilla (2nd) -> Regular (apply goes on with the turn, which needs dice)
    untilDiceRunOut(() => irishFreedom.apply(s, 'upgrade random', env([2])));
    expect([g.type, h.type]).toEqual(['guerrilla', 'regular']);
  });

  test('the British never upgrade through combat; the Republicans upgrade automatically', () => {
    const s = bare({}, 'civil');
    add(s, 'guerrilla', 'blue', 'kerry/1-2', 0); // 2
    const m = add(s, 'mob', 'green', 'kerry/1-2', 1);
    add(s, 'flying-column', 'green', 'kerry/1-2', 1); // 4 v 2: +2
    fight(s, [3]); // score 5: blue Guerrilla eliminated; Republicans upgrade their Mob
    expect(m.type).toBe('guerrilla');
    expect(s.ask).toBeNull();
    const t = bare();
    add(t, 'guerrilla', 'green', 'cork/5', 0);
    const ric = add(t, 'ric', 'red', 'cork/5', 1);
    fight(t, [3, 1]); // 2 v 1: +1, score 4: defenders retreat; no elimination, no upgrade
    expect(ric.type).toBe('ric');
  });

  test('Armoured cars and Artillery retreat with the loser, and are captured when the loser is wiped out', () => {
    const s = bare({}, 'civil');
    add(s, 'regular', 'blue', 'cork/5', 0);
    const ac = add(s, 'armoured-car', 'blue', 'cork/5', 0); // 2 + 2 = 4
    add(s, 'flying-column', 'green', 'cork/5', 1);
    add(s, 'flying-column', 'green', 'cork/5', 1); // 1 + 1 = 2: -2
    fight(s, [6, 2]); // score 4: defenders (blue) retreat to cork/1-2
    const to = ac.area;
    expect(to).not.toBe('cork/5');
    expect(at(s, to)).toEqual(['armoured-car:blue', 'regular:blue']);
    const t = bare({}, 'civil');
    add(t, 'regular', 'blue', 'kerry/1-2', 0);
    const art = add(t, 'artillery', 'blue', 'kerry/1-2', 0); // 2 + 1 = 3
    add(t, 'flying-column', 'green', 'kerry/1-2', 1);
    add(t, 'flying-column', 'green', 'kerry/1-2', 1); // 6: +3
    fight(t, [3, 1]); // score 6: the only blue unit eliminated; Artillery captured
    expect(art.colour).toBe('green');
    expect(art.area).toBe('kerry/1-2');
  });

  test('optional rule: a modifier of 4 or more turns the worst roll into the enemy retreating', () => {
    for (const opt of ['off', 'on']) {
      const s = bare({ 'high-modifier': opt });
      add(s, 'ric', 'red', 'kerry/1-2', 0); // 1
      add(s, 'flying-column', 'green', 'kerry/1-2', 1);
      add(s, 'flying-column', 'green', 'kerry/1-2', 1); // 6: +5
      fight(s, [1, 3]); // die 1: score 6 (2 eliminated) normally; a retreat with the option
      if (opt === 'off') expect(s.britishEliminated).toBe(1);
      else {
        expect(s.britishEliminated).toBe(0);
        expect(at(s, 'kerry/3-4')).toEqual(['ric:red']);
      }
    }
  });

  test('an Area with British, Republicans and Free State: British v Republicans first, then British v Free State', () => {
    const s = bare({}, 'civil');
    add(s, 'ric', 'red', 'ulster/5', 0);
    const g = add(s, 'guerrilla', 'green', 'ulster/5', 2);
    add(s, 'regular', 'blue', 'ulster/5', 3);
    const log: LogEntry[] = [];
    startCombat(s, mapOf(rules), 'end-turn');
    // green (1) attacks the RIC (2): die 4 -> 3, the green retreat to 1-2; then blue (2) attacks the RIC (2): die 5 -> RIC eliminated
    stepCombat(s, env([4, 1, 5], log));
    const rows = log.filter((e) => e.kind === 'table').map((e) => `${e.rows[0][0]} / ${e.rows[1][0]}`);
    expect(rows).toEqual(['Attackers (Republicans) / Defenders (British)', 'Attackers (Free State) / Defenders (British)']);
    expect(g.area).toBe('ulster/1-2');
    expect(at(s, 'ulster/5')).toEqual(['regular:blue']);
  });

  test('combats are fought in Region order, then Area order', () => {
    const s = bare();
    add(s, 'ric', 'red', 'kerry/1-2', 0);
    add(s, 'flying-column', 'green', 'kerry/1-2', 1);
    add(s, 'ric', 'red', 'dublin/5', 0);
    add(s, 'guerrilla', 'blue', 'dublin/5', 1);
    const log: LogEntry[] = [];
    startCombat(s, mapOf(rules), 'end-turn');
    stepCombat(s, env([4, 1, 4, 1], log)); // both: attackers win, defenders retreat
    const titles = log.filter((e) => e.kind === 'table').map((e) => e.title);
    expect(titles).toEqual(['Combat in Dublin 5 Townland', 'Combat in Kerry 1-2 Bogland']);
  });
});

describe('Combat log', () => {
  test("the heading (who attacks whom) comes before the combat roll, and the table shows each unit's strength", () => {
    const s = bare();
    const ric = add(s, 'ric', 'red', 'cork/1-2', 0); // Townland 2
    const fc = add(s, 'flying-column', 'green', 'cork/1-2', 3); // Townland 2
    const gu = add(s, 'guerrilla', 'blue', 'cork/1-2', 3); // Townland 1
    const log: LogEntry[] = [];
    const dice = EngineDice.scripted([4, 1]);
    dice.onRoll = (r) => log.push({ kind: 'text', text: `roll: ${r.reason}`, tone: 'roll' });
    startCombat(s, mapOf(rules), 'end-turn');
    stepCombat(
      s,
      makeEnv(dice, (e) => log.push(e), true, rules),
    );
    const texts = log.map((e) => (e.kind === 'text' ? e.text : `table: ${e.title}`));
    const heading = texts.indexOf('Combat in Cork 1-2 Townland: the Irish attack the British.');
    const roll = texts.findIndex((t) => t.startsWith('roll: Combat'));
    const table = texts.indexOf('table: Combat in Cork 1-2 Townland');
    expect(heading).toBeGreaterThanOrEqual(0);
    expect(heading).toBeLessThan(roll);
    expect(roll).toBeLessThan(table);
    const t = log[table] as LogTable;
    expect(t.rows[0][1]).toBe(`${fc.id} green Flying Column 2 + ${gu.id} blue Guerrilla 1 = 3`);
    expect(t.rows[0][2]).toBe('3');
    expect(t.rows[1][1]).toBe(`${ric.id} red RIC 2 = 2`);
  });
});
