import { describe, expect, test } from '@jest/globals';
import {
  republicanMorale,
  republicanMoraleAtSetup,
  republicanMove,
  republicanUpgrade,
  surrenderCheck,
} from '../../../src/games/irish-freedom/civil-war.js';
import { advance, irishFreedom } from '../../../src/games/irish-freedom/index.js';
import { mapOf } from '../../../src/games/irish-freedom/map.js';
import { initialState } from '../../../src/games/irish-freedom/setup.js';
import type { IFState } from '../../../src/games/irish-freedom/state.js';
import { add, at, bare, env, rules } from './helpers.js';
import type { LogEntry } from '../../../src/engine/module.js';
import { untilDiceRunOut } from '../../engine/expect-errors.js';

const m = mapOf(rules);
const cw = () => bare({}, 'civil');
const ids = (s: IFState) => irishFreedom.decision(s, rules)!.options.map((o) => o.id);

describe('Civil War set-up (Treaty set-up)', () => {
  test('war=civil applies the 14 steps to the War of Independence starting position', () => {
    // step 6 rolls: Dublin area 5, colour 2 (not > 1? 2 > 1 -> blue); Midlands 1, 1 (green);
    // West 3, 6 (blue); Cork 6, 5 (green); Kerry 1, 6 (green)
    const s = initialState(rules, { war: 'civil' }, env([]));
    expect(s.woiPoints).toBe(0); // the Civil War alone starts with 0 War of Independence points
    advance(s, env([5, 2, 1, 1, 3, 6, 6, 5, 1, 6]));
    // steps 1-2: British only in Ulster, with a new RIC in 5 and Army in the City; UVF stay
    expect(
      s.units
        .filter((u) => u.colour === 'red' || u.colour === 'orange')
        .map((u) => `${u.type}@${u.area}`)
        .sort(),
    ).toEqual(['army@ulster/3-4', 'ric@ulster/5', 'uvf@ulster/3-4', 'uvf@ulster/6']);
    // steps 3-5: the blue Mob in Dublin 6 is now a Guerrilla; Midlands Guerrilla a Regular; green Guerrillas Flying Columns
    expect(at(s, 'dublin/6')).toEqual(['guerrilla:blue', 'guerrilla:green']);
    expect(at(s, 'midlands/1-2')).toEqual(['guerrilla:green', 'regular:blue']);
    expect(at(s, 'cork/6')).toEqual(['flying-column:green', 'guerrilla:green']);
    expect(at(s, 'dublin/5')).toEqual(['guerrilla:blue']);
    // step 8: the blue Regular in Dublin 3-4; step 9 asks where the Artillery goes (three Dublin Areas with blue)
    expect(at(s, 'dublin/3-4')).toEqual(['regular:blue']);
    expect(ids(s)).toEqual(['artillery dublin/3-4', 'artillery dublin/5', 'artillery dublin/6']);
    s.ask = null;
    s.units.push({ id: 'u99', type: 'artillery', colour: 'blue', area: 'dublin/3-4', arrived: 0 });
    s.setupStep = 10;
    advance(s, env([]));
    expect(irishFreedom.decision(s, rules)!.prompt).toMatch(/step 10/);
    expect(ids(s)).not.toContain('armoured-car ulster/1-2');
    expect(s.phase).toBe('treaty-setup');
  });

  test('steps 11-12: blue attacks green first, then the Irish attack the British in Ulster', () => {
    const s = cw();
    s.phase = 'treaty-setup';
    s.setupStep = 11;
    add(s, 'flying-column', 'green', 'kerry/1-2', 5);
    add(s, 'regular', 'blue', 'kerry/1-2', 0); // blue attacks although green arrived later: 2 v 3
    add(s, 'army', 'red', 'ulster/3-4', 9);
    add(s, 'guerrilla', 'blue', 'ulster/3-4', 0); // Irish attack: 1 v 4
    const log: LogEntry[] = [];
    // Kerry: -1 + 4 = 3: blue retreats (roll 5 -> kerry/5); Ulster: -3 + 6 = 3: Irish retreat (roll 1)
    untilDiceRunOut(() => advance(s, env([4, 5, 6, 1], log))); // turn 1 needs more dice
    const tables = log.filter((e) => e.kind === 'table');
    expect(tables.map((t) => t.title)).toEqual(['Combat in Kerry 1-2 Bogland', 'Combat in Ulster 3-4 City (Belfast)']);
    expect(tables[0].rows[0][0]).toBe('Attackers (Free State)');
    expect(tables[1].rows[0][0]).toBe('Attackers (Free State)');
    expect(at(s, 'kerry/5')).toEqual(['regular:blue']);
    expect(at(s, 'ulster/1-2')).toEqual(['guerrilla:blue']);
    expect(s.turn).toBe(1);
    expect(s.phase).not.toBe('treaty-setup');
  });

  test('the united-Ireland variant: Army and RIC leave Ulster, a UVF in each non-Bogland Area, an orange Mob in Belfast', () => {
    const s = initialState(rules, { war: 'civil', ulster: 'united' }, env([]));
    untilDiceRunOut(() => advance(s, env([5, 2, 1, 1, 3, 6, 6, 5, 1, 6]))); // later steps need dice
    const ulster = s.units
      .filter((u) => u.area.startsWith('ulster/') && (u.colour === 'red' || u.colour === 'orange'))
      .map((u) => `${u.type}@${u.area}`)
      .sort();
    expect(ulster).toEqual(['mob@ulster/3-4', 'uvf@ulster/3-4', 'uvf@ulster/3-4', 'uvf@ulster/5', 'uvf@ulster/6', 'uvf@ulster/6']);
  });
});

describe('Civil War phases', () => {
  test('Republican morale (surrender check): Regions with green + those without blue/British + Cities empty or green', () => {
    const s = cw();
    add(s, 'guerrilla', 'green', 'kerry/1-2');
    add(s, 'guerrilla', 'green', 'cork/5');
    add(s, 'regular', 'blue', 'cork/1-2');
    add(s, 'regular', 'blue', 'dublin/3-4');
    add(s, 'army', 'red', 'ulster/3-4');
    // Regions with green: Kerry, Cork = 2; without blue/British: Kerry = 1; Cities: dublin/6, Limerick empty, Cork green = 3
    expect(republicanMorale(s, m)).toMatchObject({ regions: 2, greenOnly: 1, cities: 3, total: 6 });
  });

  test('the two morale formulas differ only where a City holds green with blue or British', () => {
    const s = cw();
    add(s, 'guerrilla', 'green', 'cork/5');
    add(s, 'regular', 'blue', 'cork/5');
    // surrender check counts a City with a green unit; set-up step 14 counts Cities with no blue or British units
    expect(republicanMorale(s, m).cities).toBe(5);
    expect(republicanMoraleAtSetup(s, m).cities).toBe(4);
  });

  test('surrender check: a D6 greater than Republican morale ends the game with the points', () => {
    const s = cw();
    s.turn = 4;
    add(s, 'guerrilla', 'green', 'kerry/1-2');
    add(s, 'regular', 'blue', 'dublin/3-4');
    add(s, 'regular', 'blue', 'dublin/6');
    add(s, 'regular', 'blue', 'ulster/3-4');
    add(s, 'regular', 'blue', 'west/6');
    add(s, 'regular', 'blue', 'cork/5');
    // morale: 1 + 1 + 0 = 2
    const log: LogEntry[] = [];
    surrenderCheck(s, env([2], log));
    expect(s.over).toBeNull();
    surrenderCheck(s, env([3], log));
    expect(s.over).toBe('surrender');
    const texts = log.map((e) => (e.kind === 'text' ? e.text : ''));
    expect(texts[0]).toMatch(/roll 2: they fight on\.$/);
    expect(texts[1]).toMatch(/roll 3: the Republicans surrender!$/); // not "surrender!."
    expect(texts.join('\n')).not.toMatch(/[!?.][.!?]/);
    // turn 4: 2 points; Regions with only blue (or nothing): all but Kerry = 5
    expect(s.cwPoints).toBe(7);
    const breakdown = 'surrender on turn 4: 2 + Regions with only blue units: 5 (Dublin, Midlands, Ulster, The West, Cork) = 7';
    expect(texts[2]).toBe(`Civil War points: ${breakdown}.`);
    expect(irishFreedom.result(s, rules).summary).toContain(`with 7 points = War of Independence 0 + Civil War 7 (${breakdown}).`);
  });

  test('Republican upgrade: a green Mob becomes a Guerrilla, else a Guerrilla a Flying Column, else a Mob or Guerrilla is raised', () => {
    const s = cw();
    const mob = add(s, 'mob', 'green', 'west/3-4');
    const g = add(s, 'guerrilla', 'green', 'west/5');
    republicanUpgrade(s, env([4]));
    expect(mob.type).toBe('guerrilla');
    expect(g.type).toBe('guerrilla');
    const t = cw();
    const g2 = add(t, 'guerrilla', 'green', 'west/5');
    republicanUpgrade(t, env([4]));
    expect(g2.type).toBe('flying-column');
    const u = cw();
    add(u, 'flying-column', 'green', 'west/5');
    republicanUpgrade(u, env([4, 6, 5])); // only Flying Columns: Area 6, roll 5 > 4 -> a green Mob
    expect(at(u, 'west/6')).toEqual(['mob:green']);
    republicanUpgrade(u, env([2, 1, 2])); // Midlands, no green: Area 1-2, roll 2 not > 2 -> Guerrilla
    expect(at(u, 'midlands/1-2')).toEqual(['guerrilla:green']);
  });

  test('Republican move: the strongest of Army > Flying Column > RIC > Guerrilla > UVF moves', () => {
    const s = cw();
    const ric = add(s, 'ric', 'red', 'ulster/5');
    const fc = add(s, 'flying-column', 'green', 'ulster/1-2');
    const reg = add(s, 'regular', 'blue', 'ulster/6');
    republicanMove(s, env([3, 1])); // the Flying Column (not the RIC) moves: weakest British or blue unit, RIC 2 v Regular 2 tie -> RIC
    expect(fc.area).toBe('ulster/5');
    expect(ric.area).toBe('ulster/5');
    expect(reg.area).toBe('ulster/6');
    const t = cw();
    const army = add(t, 'army', 'red', 'ulster/3-4');
    const fc2 = add(t, 'flying-column', 'green', 'ulster/1-2');
    republicanMove(t, env([3]));
    expect(army.area).toBe('ulster/1-2'); // the Army outranks the Flying Column and goes for it
    expect(fc2.area).toBe('ulster/1-2');
  });

  test('Republican move: British units go for green or blue; Republicans for British or blue', () => {
    const s = cw();
    const army = add(s, 'army', 'red', 'ulster/3-4');
    add(s, 'flying-column', 'green', 'ulster/1-2'); // 3 in Bogland
    add(s, 'regular', 'blue', 'ulster/6'); // 2 in Townland: weakest
    republicanMove(s, env([3]));
    expect(army.area).toBe('ulster/6');
    const t = cw();
    const g = add(t, 'guerrilla', 'green', 'ulster/1-2');
    add(t, 'guerrilla', 'green', 'ulster/5'); // green units are not the Republicans' enemy
    const uvf = add(t, 'uvf', 'orange', 'ulster/6');
    republicanMove(t, env([3, 1])); // Guerrillas (tie, pick 1) outrank the UVF; target the UVF
    expect(g.area).toBe('ulster/6');
    expect(uvf.area).toBe('ulster/6');
  });

  test('Republican move: with no enemy in the Region only a Flying Column takes a road', () => {
    const s = cw();
    const fc = add(s, 'flying-column', 'green', 'kerry/5');
    const art = add(s, 'artillery', 'green', 'kerry/5');
    add(s, 'regular', 'blue', 'cork/5');
    republicanMove(s, env([6, 4])); // road 4 -> Cork; the weakest enemy there
    expect(fc.area).toBe('cork/5');
    expect(art.area).toBe('cork/5'); // green support counters go along
    const t = cw();
    const g = add(t, 'guerrilla', 'green', 'kerry/5');
    add(t, 'regular', 'blue', 'cork/5');
    republicanMove(t, env([6]));
    expect(g.area).toBe('kerry/5');
  });

  function fsState(): IFState {
    const s = cw();
    s.phase = 'free-state-actions';
    s.actionsLeft = 3;
    s.ask = { kind: 'action' };
    return s;
  }

  test('Free State recruitment: a Regular in a Dublin City Area; Armoured car/Artillery only where a blue Regular stands', () => {
    const s = fsState();
    expect(ids(s).filter((i) => i.startsWith('recruit'))).toEqual(['recruit regular dublin/3-4', 'recruit regular dublin/6']);
    irishFreedom.apply(s, 'recruit regular dublin/6', env([]));
    expect(ids(s).filter((i) => i.startsWith('recruit'))).toEqual([
      'recruit regular dublin/3-4',
      'recruit regular dublin/6',
      'recruit armoured-car dublin/6',
      'recruit artillery dublin/6',
    ]);
    expect(s.actionsLeft).toBe(2);
  });

  test('naval movement: a Regular in a port may sail to any other port, never Ulster; Emmet Dalton allows one landing without a port', () => {
    const s = fsState();
    const r = add(s, 'regular', 'blue', 'kerry/3-4'); // a port
    const g = add(s, 'guerrilla', 'blue', 'kerry/5');
    s.ask = { kind: 'move', unit: r.id };
    const o = ids(s);
    expect(o).toContain(`naval ${r.id} dublin/6`);
    expect(o).toContain(`move ${r.id} west/6`); // reachable by road: a plain move
    expect(o).not.toContain(`naval ${r.id} ulster/3-4`);
    expect(o.some((i) => i.includes('midlands'))).toBe(false);
    expect(o.filter((i) => i.startsWith('landing')).length).toBe(0);
    s.effects.emmetDalton = true;
    const d = ids(s);
    expect(d).toContain(`landing ${r.id} dublin/1-2`);
    expect(d).not.toContain(`landing ${r.id} ulster/5`);
    expect(d).not.toContain(`landing ${r.id} midlands/5`);
    irishFreedom.apply(s, `landing ${r.id} dublin/1-2`, env([]));
    expect(r.area).toBe('dublin/1-2');
    expect(s.effects.emmetDalton).toBe(false);
    s.ask = { kind: 'move', unit: g.id };
    expect(ids(s).some((i) => i.startsWith('naval'))).toBe(false); // Guerrillas never sail
    const t = fsState();
    const inland = add(t, 'regular', 'blue', 'kerry/5');
    t.ask = { kind: 'move', unit: inland.id };
    expect(ids(t).some((i) => i.startsWith('naval'))).toBe(false); // not from a port
  });

  test('one Armoured car or Artillery rides free with a Regular (naval moves too)', () => {
    const s = fsState();
    const r = add(s, 'regular', 'blue', 'dublin/3-4');
    add(s, 'regular', 'blue', 'dublin/3-4');
    const ac = add(s, 'armoured-car', 'blue', 'dublin/3-4');
    const art = add(s, 'artillery', 'blue', 'dublin/3-4');
    s.ask = { kind: 'move', unit: r.id };
    irishFreedom.apply(s, `naval ${r.id} west/6`, env([]));
    expect(ids(s)).toEqual(['ride none', `ride ${ac.id}`, `ride ${art.id}`]);
    irishFreedom.apply(s, `ride ${art.id}`, env([]));
    expect(at(s, 'west/6')).toEqual(['artillery:blue', 'regular:blue']);
    expect(ac.area).toBe('dublin/3-4');
  });

  test('Civil War: three Free State actions, and beyond turn 10 a Republican victory', () => {
    const s = cw();
    s.turn = 10;
    s.phase = 'cw-end-turn';
    advance(s, env([]));
    expect(irishFreedom.result(s, rules)).toMatchObject({
      finished: true,
      winner: null,
      level: 'Republican victory (British intervention)',
    });
    const t = cw();
    republicanMove(t, env([2])); // nothing in the Midlands
    expect(t.actionsLeft).toBe(3);
    expect(t.phase).toBe('free-state-actions');
  });
});

describe('odds with what the player adds after the move: riders and Michael Collins (previews.ts)', () => {
  /** A blue Regular with a blue Artillery in Cork 1-2 (Townland), 3 green strength points in Cork 3-4, Collins waiting. */
  function attack() {
    const s = cw();
    s.phase = 'free-state-actions';
    s.actionsLeft = 3;
    const r = add(s, 'regular', 'blue', 'cork/1-2'); // 2 in Townland
    const art = add(s, 'artillery', 'blue', 'cork/1-2'); // 2 in Townland
    add(s, 'flying-column', 'green', 'cork/3-4'); // 2
    add(s, 'guerrilla', 'green', 'cork/3-4'); // 1
    s.effects.michaelCollins = true;
    s.ask = { kind: 'move', unit: r.id };
    return { s, r, art };
  }
  const label = (s: IFState, id: string) => irishFreedom.decision(s, rules)!.options.find((o) => o.id === id)!.label;

  test('the move label gives the odds of the move alone and says a rider or Michael Collins may add to them', () => {
    const { s, r } = attack();
    // 2 vs 3: a score of 4 or more needs a 5 or a 6.
    expect(label(s, `move ${r.id} cork/3-4`)).toMatch(
      /this starts a combat: 2 vs 3, 2 in 6 to win; a support counter riding along or Michael Collins \(\+2\) may add to it$/,
    );
    // Nothing to add in the War of Independence: the odds alone.
    const w = bare();
    w.phase = 'irish-actions';
    const g = add(w, 'guerrilla', 'green', 'cork/1-2');
    add(w, 'ric', 'red', 'cork/3-4');
    w.ask = { kind: 'move', unit: g.id };
    expect(label(w, `move ${g.id} cork/3-4`)).toMatch(/\d in 6 to win$/);
  });

  test('each ride-along answer shows the odds with that rider, and with Michael Collins', () => {
    const { s, r, art } = attack();
    irishFreedom.apply(s, `move ${r.id} cork/3-4`, env([]));
    expect(irishFreedom.decision(s, rules)!.prompt).toMatch(/with Blue Regular u\d+ .* to Cork 3-4 Townland for free/);
    expect(label(s, 'ride none')).toMatch(/\(combat: 2 vs 3, 2 in 6 to win; with Michael Collins 4 vs 3, 4 in 6 to win\)$/);
    expect(label(s, `ride ${art.id}`)).toMatch(/\(combat: 4 vs 3, 4 in 6 to win; with Michael Collins 6 vs 3, 6 in 6 to win\)$/);
  });

  test('the Michael Collins question shows the odds of the attack without and with his +2', () => {
    const { s, r, art } = attack();
    irishFreedom.apply(s, `move ${r.id} cork/3-4`, env([]));
    irishFreedom.apply(s, `ride ${art.id}`, env([]));
    irishFreedom.apply(s, 'pass', env([]));
    const d = irishFreedom.decision(s, rules)!;
    expect(d.prompt).toMatch(/in Cork 3-4 Townland\? Without: 4 vs 3, 4 in 6 to win; with: 6 vs 3, 6 in 6 to win\.$/);
    expect(label(s, 'collins use')).toMatch(/\(6 vs 3, 6 in 6 to win\)$/);
    expect(label(s, 'collins save')).toMatch(/\(this one: 4 vs 3, 4 in 6 to win\)$/);
  });
});
