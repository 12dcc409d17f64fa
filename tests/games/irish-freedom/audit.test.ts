/**
 * The rules audit of issue 8: each item's reproduction (scripted dice and moves) and the rule as we now read it.
 * Where a reading is a judgement, the option that gives the other reading is tested too.
 */
import { describe, expect, test } from '@jest/globals';
import { NeedRoll } from '../../../src/engine/dice.js';
import { IllegalChoice, type LogEntry } from '../../../src/engine/module.js';
import { Session } from '../../../src/engine/runner.js';
import { britishMove, britishUpgrade } from '../../../src/games/irish-freedom/british-phases.js';
import { republicanUpgrade } from '../../../src/games/irish-freedom/civil-war.js';
import { newFight, startCombat, stepCombat } from '../../../src/games/irish-freedom/combat.js';
import { drawCard, endEvent } from '../../../src/games/irish-freedom/events.js';
import { advance, irishFreedom } from '../../../src/games/irish-freedom/index.js';
import { mapOf } from '../../../src/games/irish-freedom/map.js';
import type { IFState } from '../../../src/games/irish-freedom/state.js';
import { add, at, bare, env, rules } from './helpers.js';

const m = mapOf(rules);
const ids = (s: IFState) => irishFreedom.decision(s, rules)!.options.map((o) => o.id);
const texts = (log: LogEntry[]) => log.map((e) => (e.kind === 'text' ? e.text : `table: ${e.title}`));
/** "Combat in X: the A attack the D." lines of a log. */
const headings = (log: LogEntry[]) => texts(log).filter((t) => /^Combat in .*: the .* attack the .*\.$/.test(t));

/** A game through the Session, as `muster play --dice ... --moves ...` plays it. */
function session(options: Record<string, string>, rolls: number[], moves: string[]): Session<IFState> {
  const s = new Session<IFState>(irishFreedom, rules, {
    seed: 'audit',
    options,
    dice: 'scripted',
    rolls,
    rulesHash: 'sha256:test',
  }).start();
  for (const mv of moves) s.choose(mv);
  return s;
}
const logOf = (s: Session<IFState>) => s.log.map((l) => l.entry);

/** Every other card in the discards: drawing needs no die. */
function draw(s: IFState, key: string, rolls: number[], log?: LogEntry[]): IFState {
  if (s.war === 'independence') s.decks.greenDiscard = rules.cards.green.map((c) => c.key).filter((k) => k !== key);
  else s.decks.blueDiscard = rules.cards.blue.map((c) => c.key).filter((k) => k !== key);
  s.phase = s.war === 'independence' ? 'event' : 'cw-event';
  drawCard(s, env(rolls, log));
  return s;
}

/** Fights whatever is contested (the phase after is the end of the turn). */
function fight(s: IFState, rolls: number[], log?: LogEntry[]): IFState {
  startCombat(s, m, 'end-turn');
  stepCombat(s, env(rolls, log));
  return s;
}

function freeStatePhase(opts: Record<string, string> = {}): IFState {
  const s = bare(opts, 'civil');
  s.phase = 'free-state-actions';
  s.actionsLeft = 3;
  s.ask = { kind: 'action' };
  return s;
}

describe('1. support counters: one Armoured car or one Artillery moves free with a Regular', () => {
  test('issue 8 input: the Regular takes the one counter chosen, the other stays, and the log names the rider', () => {
    const g = session(
      { war: 'civil', events: 'off' },
      [5, 2, 3, 3, 3, 5, 3, 6, 3, 1, 6, 6, 2],
      ['artillery dublin/3-4', 'armoured-car dublin/3-4', 'upgrade none', 'move u26', 'move u26 cork/5'],
    );
    // no longer moved without a question: the Regular carries at most one of the two
    expect(g.decision()!.options.map((o) => o.id)).toEqual(['ride none', 'ride u27', 'ride u28']);
    g.choose('ride u27');
    expect(at(g.state, 'cork/5')).toEqual(['artillery:blue', 'regular:blue']);
    expect(at(g.state, 'dublin/3-4')).toEqual(['armoured-car:blue']); // left alone, in place
    expect(texts(logOf(g))).toContain('u26:Reg[b] with u27:Art[b] moves from Dublin 3-4 City to Cork 5 City.');
  });

  test('with "ride none" both counters stay where they are', () => {
    const s = freeStatePhase();
    const r = add(s, 'regular', 'blue', 'dublin/3-4');
    const ac = add(s, 'armoured-car', 'blue', 'dublin/3-4');
    const art = add(s, 'artillery', 'blue', 'dublin/3-4');
    irishFreedom.apply(s, `move ${r.id}`, env([]));
    irishFreedom.apply(s, `move ${r.id} dublin/5`, env([]));
    expect(ids(s)[0]).toBe('ride none');
    irishFreedom.apply(s, 'ride none', env([]));
    expect([r.area, ac.area, art.area]).toEqual(['dublin/5', 'dublin/3-4', 'dublin/3-4']);
  });

  test('a Guerrilla carries no support counter: its Artillery stays behind, with no question', () => {
    const s = freeStatePhase();
    const g = add(s, 'guerrilla', 'blue', 'cork/1-2');
    const art = add(s, 'artillery', 'blue', 'cork/1-2');
    irishFreedom.apply(s, `move ${g.id}`, env([]));
    irishFreedom.apply(s, `move ${g.id} cork/3-4`, env([]));
    expect(g.area).toBe('cork/3-4');
    expect(art.area).toBe('cork/1-2');
    expect(s.ask).toEqual({ kind: 'action' });
  });

  test("a counter left alone is taken by the enemy holding its Area once the phase's combats are over", () => {
    const s = bare({}, 'civil');
    const art = add(s, 'artillery', 'blue', 'west/3-4');
    const log: LogEntry[] = [];
    // The West has no green unit: recruitment rolls Area 3 (3-4) and 6 > 4: a green Mob, beside the lone Artillery
    republicanUpgrade(s, env([4, 3, 6], log));
    stepCombat(s, env([], log));
    expect(art.colour).toBe('green');
    expect(art.area).toBe('west/3-4');
    expect(texts(log)).toContain(`Artillery ${art.id} captured by the Republicans [g].`);
    expect(s.phase).toBe('republican-move');
  });

  test('a lone counter is not taken while its side still has a unit there, nor by an enemy who left before the end of the phase', () => {
    const s = freeStatePhase();
    const art = add(s, 'artillery', 'green', 'cork/6');
    const r = add(s, 'regular', 'blue', 'cork/5');
    irishFreedom.apply(s, `move ${r.id}`, env([]));
    irishFreedom.apply(s, `move ${r.id} cork/6`, env([]));
    irishFreedom.apply(s, `move ${r.id}`, env([]));
    irishFreedom.apply(s, `move ${r.id} cork/5`, env([]));
    expect(s.combat).toBeNull();
    expect(art.colour).toBe('green');
  });

  test('Republican units take every green support counter along (Republican move phase)', () => {
    const s = bare({}, 'civil');
    const fc = add(s, 'flying-column', 'green', 'kerry/5');
    const ac = add(s, 'armoured-car', 'green', 'kerry/5');
    const art = add(s, 'artillery', 'green', 'kerry/5');
    const reg = add(s, 'regular', 'blue', 'kerry/6');
    const log: LogEntry[] = [];
    s.phase = 'republican-move';
    advance(s, env([6, 5], log)); // Kerry; then 3 + 1 + 1 v 2 in Bogland, die 5: the Regular is eliminated
    expect([fc.area, ac.area, art.area]).toEqual(['kerry/6', 'kerry/6', 'kerry/6']);
    expect(texts(log)).toContain(
      `Republican move: ${fc.id}:FC[g] with ${ac.id}:AC[g] ${art.id}:Art[g] moves onto ${reg.id}:Reg[b] in Kerry 6 Bogland.`,
    );
  });
});

describe("2. ties for the victor's upgrade are broken by a die", () => {
  test('issue 8 input: the player may upgrade, but a die picks between the tied blue and green Guerrillas', () => {
    const g = session({ events: 'off' }, [5, 1, 3, 1, 1, 1, 6, 2, 1, 1, 2], ['recruit-guerrilla midlands', 'pass']);
    const d = g.decision()!;
    expect(d.options.map((o) => o.id)).toEqual(['upgrade random', 'upgrade none']);
    expect(d.options[0].label).toBe(
      'Upgrade one of Blue Guerrilla u5 (Midlands 1-2 Bogland) and Green Guerrilla u18 (Midlands 1-2 Bogland) (tied: a die picks)',
    );
    expect(() => g.choose('upgrade u5')).toThrow(IllegalChoice); // the colour is not the player's to pick
    g.choose('upgrade random');
    const u5 = g.state.units.find((u) => u.id === 'u5')!;
    const u18 = g.state.units.find((u) => u.id === 'u18')!;
    expect([u5.type, u18.type]).toEqual(['guerrilla', 'flying-column']); // the die (2) picked the second
    expect(texts(logOf(g)).some((t) => t.includes("D2 = 2  (Combat: the victor's upgrade (tie))"))).toBe(true);
  });

  test('with a single candidate the player names it, and may decline', () => {
    const s = bare();
    add(s, 'ric', 'red', 'kerry/1-2', 0);
    const mob = add(s, 'mob', 'blue', 'kerry/1-2', 1);
    add(s, 'flying-column', 'green', 'kerry/1-2', 1); // 1 + 3 = 4 v 1: +3
    fight(s, [2]); // score 5: the RIC is eliminated
    expect(ids(s)).toEqual([`upgrade ${mob.id}`, 'upgrade none']);
  });
});

describe('3. the defender is the side originally present in the Area', () => {
  test('event: Army Auxiliaries puts its Army and its green Mob where the Irish stand - the British attack', () => {
    const s = bare();
    const g = add(s, 'guerrilla', 'green', 'west/1-2', 0);
    const log: LogEntry[] = [];
    draw(s, 'army-auxiliaries', [4, 1, 1], log); // The West; the Army in 1-2; the green Mob in 1-2 too
    endEvent(s, m);
    // British 3 v Irish 2 + 1 in Bogland: 0, die 4 -> 4: the defenders (the Irish) retreat; the Guerrilla to 5
    stepCombat(s, env([4, 5], log));
    expect(headings(log)).toEqual(['Combat in The West 1-2 Bogland: the British attack the Irish.']);
    expect(at(s, 'west/1-2')).toEqual(['army:red']);
    expect(g.area).toBe('west/5');
  });

  test("event: the UVF placed on an Irish unit attacks; Tom Barry's Flying Column attacks", () => {
    const s = bare();
    add(s, 'guerrilla', 'green', 'ulster/1-2', 0);
    draw(s, 'uvf-mobilisation', []);
    expect(newFight(s, 'ulster/1-2', [1, 2])).toMatchObject({ att: 1, def: 2 });
    const t = bare();
    add(t, 'ric', 'red', 'kerry/3-4', 0);
    draw(t, 'tom-barry', []);
    expect(newFight(t, 'kerry/3-4', [1, 2])).toMatchObject({ att: 2, def: 1 });
  });

  test('event: Reprisals drives units into an Area the enemy holds - the driven units attack', () => {
    const s = bare();
    add(s, 'guerrilla', 'green', 'dublin/5', 0);
    add(s, 'ric', 'red', 'dublin/1-2', 0);
    // Dublin: Area 5 (the Guerrilla), driven to 1-2 (the RIC); the other Regions roll empty Areas
    draw(s, 'reprisals', [5, 1, 1, 1, 1, 1, 1]);
    expect(newFight(s, 'dublin/1-2', [1, 2])).toMatchObject({ att: 2, def: 1 });
  });

  test("the Tans' Mob (British upgrade phase) raised where the British stand attacks them", () => {
    const s = bare();
    add(s, 'tans', 'red', 'midlands/5', 0);
    britishUpgrade(s, env([2, 5, 1])); // Midlands: Tans, no RIC: Area 5, 1 is not > 2: a green Mob
    expect(newFight(s, 'midlands/5', [1, 2])).toMatchObject({ att: 2, def: 1 });
  });

  test("Dublin Guards' green Mob raised where blue units stand attacks them", () => {
    const s = bare({}, 'civil');
    add(s, 'regular', 'blue', 'cork/5', 0);
    s.units.push({ id: 'u90', type: 'mob', colour: 'green', area: 'cork/5', arrived: 7 });
    s.seq = 7;
    expect(newFight(s, 'cork/5', [2, 4])).toMatchObject({ att: 2, def: 4 });
  });

  test('the British move: the unit that moves in attacks', () => {
    const s = bare();
    add(s, 'ric', 'red', 'cork/1-2', 0);
    add(s, 'guerrilla', 'green', 'cork/6', 0);
    const log: LogEntry[] = [];
    britishMove(s, env([5], log));
    stepCombat(s, env([4, 1], log)); // RIC 1 v Guerrilla 2 in Bogland: -1 + 4 = 3, the British retreat
    expect(headings(log)).toEqual(['Combat in Cork 6 Bogland: the British attack the Irish.']);
  });

  test('recruitment: a recruited Guerrilla, a Free State Regular, a Republican recruit attack the side already there', () => {
    const s = bare();
    s.phase = 'irish-actions';
    s.actionsLeft = 1;
    s.ask = { kind: 'action' };
    add(s, 'ric', 'red', 'kerry/5', 0);
    add(s, 'army', 'red', 'kerry/5', 0);
    const log: LogEntry[] = [];
    try {
      irishFreedom.apply(s, 'recruit-guerrilla kerry', env([5, 1, 1, 2], log)); // Area 5; green; combat 2 - 4 + 1: attackers lose 2
    } catch (e) {
      if (!(e instanceof NeedRoll)) throw e; // the next turn needs dice
    }
    expect(headings(log)).toEqual(['Combat in Kerry 5 Bogland: the Irish attack the British.']);

    const f = freeStatePhase();
    add(f, 'guerrilla', 'green', 'dublin/6', 0);
    irishFreedom.apply(f, 'recruit regular dublin/6', env([]));
    expect(newFight(f, 'dublin/6', [2, 4])).toMatchObject({ att: 4, def: 2 });

    const r = bare({}, 'civil');
    add(r, 'regular', 'blue', 'west/3-4', 0);
    republicanUpgrade(r, env([4, 3, 1])); // The West, no green: Area 3-4, 1 is not > 4: a green Guerrilla
    expect(newFight(r, 'west/3-4', [2, 4])).toMatchObject({ att: 2, def: 4 });
  });

  test('naval move: the Regular that sails in attacks the Republicans in the port', () => {
    const s = freeStatePhase();
    add(s, 'flying-column', 'green', 'dublin/6', 0);
    const r = add(s, 'regular', 'blue', 'kerry/3-4', 0);
    irishFreedom.apply(s, `move ${r.id}`, env([]));
    irishFreedom.apply(s, `naval ${r.id} dublin/6`, env([]));
    expect(newFight(s, 'dublin/6', [2, 4])).toMatchObject({ att: 4, def: 2 });
  });

  test('retreat: the retreating units attack, even into an Area their side held first', () => {
    const s = bare();
    add(s, 'army', 'red', 'cork/1-2', 0);
    add(s, 'flying-column', 'green', 'cork/1-2', 5);
    add(s, 'ric', 'red', 'cork/3-4', 0);
    add(s, 'flying-column', 'green', 'cork/3-4', 5);
    s.seq = 5;
    const log: LogEntry[] = [];
    // Cork 1-2: Irish 2 v Army 4: -2 + 6 = 4, the British retreat (roll 3: Cork 3-4, where an RIC stood first)
    // Cork 3-4: the retreating British attack: Army 4 + RIC 2 v 2 = +4, die 1 -> 5: the Flying Column is eliminated
    fight(s, [6, 3, 1], log);
    expect(headings(log)).toEqual([
      'Combat in Cork 1-2 Townland: the Irish attack the British.',
      'Combat in Cork 3-4 Townland: the British attack the Irish.',
    ]);
    expect(at(s, 'cork/3-4')).toEqual(['army:red', 'ric:red']);
  });

  test('Civil War set-up: blue attacks in step 11 and the Irish in step 12, whoever came last', () => {
    const s = bare({}, 'civil');
    s.phase = 'treaty-setup';
    s.setupStep = 11;
    add(s, 'regular', 'blue', 'kerry/1-2', 9); // blue came last here
    add(s, 'flying-column', 'green', 'kerry/1-2', 0);
    add(s, 'guerrilla', 'green', 'ulster/5', 0); // the Irish were here first
    add(s, 'ric', 'red', 'ulster/5', 9);
    const log: LogEntry[] = [];
    try {
      advance(s, env([6, 6], log)); // both combats won by the attackers: 2 defenders eliminated each
    } catch (e) {
      if (!(e instanceof NeedRoll)) throw e; // turn 1 needs dice
    }
    expect(headings(log)).toEqual([
      'Combat in Kerry 1-2 Bogland: the Free State attack the Republicans.',
      'Combat in Ulster 5 Townland: the Republicans attack the British.',
    ]);
  });
});

describe("4. the victor's upgrade: after an elimination, among the units that fought (option upgrade=anywhere)", () => {
  function won(opts: Record<string, string>): IFState {
    const s = bare(opts);
    add(s, 'ric', 'red', 'kerry/1-2', 0);
    add(s, 'flying-column', 'green', 'kerry/1-2', 1); // 3 v 1: +2
    s.units.push({ id: 'u99', type: 'mob', colour: 'blue', area: 'west/3-4', arrived: 0 });
    return fight(s, [3]); // score 5: the RIC is eliminated
  }
  test("by default only the victor's units in the combat's Area may be upgraded (a Flying Column cannot)", () => {
    expect(won({}).ask).toBeNull();
  });
  test('with upgrade=anywhere a Mob elsewhere on the map may be upgraded', () => {
    const s = won({ upgrade: 'anywhere' });
    expect(ids(s)).toEqual(['upgrade u99', 'upgrade none']);
  });
  test('no upgrade after a result that eliminates nobody (defenders retreat)', () => {
    const s = bare({ upgrade: 'anywhere' });
    add(s, 'ric', 'red', 'midlands/3-4', 0);
    add(s, 'guerrilla', 'blue', 'midlands/3-4', 1);
    add(s, 'mob', 'blue', 'west/3-4', 0);
    fight(s, [5, 6]); // -1 + 5 = 4: the RIC retreats
    expect(s.ask).toBeNull();
    expect(at(s, 'midlands/6')).toEqual(['ric:red']);
  });
});

describe('5. a Mob that must retreat (option mob-retreat)', () => {
  test('by default it is dispersed', () => {
    const s = bare();
    add(s, 'ric', 'red', 'dublin/5', 0);
    add(s, 'mob', 'green', 'dublin/5', 1);
    fight(s, [4]); // 1 v 2: -1 + 4 = 3, attackers retreat
    expect(at(s, 'dublin/5')).toEqual(['ric:red']);
  });
  test('with mob-retreat=stand it stays and fights another round as the attacker', () => {
    const s = bare({ 'mob-retreat': 'stand' });
    add(s, 'ric', 'red', 'dublin/5', 0);
    const mob = add(s, 'mob', 'green', 'dublin/5', 1);
    const log: LogEntry[] = [];
    fight(s, [4, 6], log); // round 1: 3, attackers retreat - the Mob stands; round 2: -1 + 6 = 5, the RIC is eliminated
    expect(texts(log)).toContain('The Irish Mobs cannot move: they stand in Dublin 5 Townland and fight again.');
    expect(headings(log)).toEqual([
      'Combat in Dublin 5 Townland: the Irish attack the British.',
      'Combat in Dublin 5 Townland: the Irish attack the British.',
    ]);
    expect(s.britishEliminated).toBe(1);
    expect(ids(s)).toEqual([`upgrade ${mob.id}`, 'upgrade none']);
  });
  test('with mob-retreat=stand a defending Mob stays while the other losers retreat; it then attacks', () => {
    const s = bare({ 'mob-retreat': 'stand' });
    const g = add(s, 'guerrilla', 'green', 'kerry/1-2', 0);
    add(s, 'mob', 'green', 'kerry/1-2', 0);
    add(s, 'army', 'red', 'kerry/1-2', 3);
    const log: LogEntry[] = [];
    // Army 3 v 2 + 1: 0 + 4: the Irish retreat: the Guerrilla to Kerry 5 (roll 5); the Mob stands and attacks: 1 - 3 + 1 -> eliminated
    fight(s, [4, 5, 1], log);
    expect(g.area).toBe('kerry/5');
    expect(headings(log)).toEqual([
      'Combat in Kerry 1-2 Bogland: the British attack the Irish.',
      'Combat in Kerry 1-2 Bogland: the Irish attack the British.',
    ]);
    expect(at(s, 'kerry/1-2')).toEqual(['army:red']);
  });
});

describe('6. ports: per Area as the naval rule reads (option ports=region)', () => {
  function regular(opts: Record<string, string>): { s: IFState; id: string } {
    const s = freeStatePhase(opts);
    const r = add(s, 'regular', 'blue', 'kerry/3-4');
    s.ask = { kind: 'move', unit: r.id };
    return { s, id: r.id };
  }
  test('by default a Regular sails from a port Area to another port Area (never Ulster)', () => {
    const { s, id } = regular({});
    expect(
      ids(s)
        .filter((x) => x.startsWith('naval'))
        .sort(),
    ).toEqual([`naval ${id} dublin/3-4`, `naval ${id} dublin/6`]);
    s.effects.emmetDalton = true;
    expect(ids(s).filter((x) => x.startsWith('landing'))).toEqual([`landing ${id} dublin/1-2`, `landing ${id} dublin/5`]); // Cork and the West are on the road
  });
  test('with ports=region every Area of a Region with a port is a destination; Emmet Dalton then finds no portless Region', () => {
    const { s, id } = regular({ ports: 'region' });
    expect(
      ids(s)
        .filter((x) => x.startsWith('naval'))
        .sort(),
    ).toEqual(['dublin/1-2', 'dublin/3-4', 'dublin/5', 'dublin/6'].map((a) => `naval ${id} ${a}`));
    s.effects.emmetDalton = true;
    expect(ids(s).filter((x) => x.startsWith('landing'))).toEqual([]);
  });
});

describe('7. targets of enemy events worded "any" (option enemy-any)', () => {
  function ulster(opts: Record<string, string>): IFState {
    const s = bare(opts);
    add(s, 'flying-column', 'green', 'ulster/1-2', 0); // 3 in Bogland
    add(s, 'guerrilla', 'blue', 'ulster/6', 0); // 1 in Townland: the weakest
    return s;
  }
  test('by default a die picks the Irish unit the UVF goes for (no question to the player)', () => {
    const log: LogEntry[] = [];
    const s = draw(ulster({}), 'uvf-mobilisation', [1], log);
    expect(s.ask).toBeNull();
    expect(at(s, 'ulster/1-2')).toEqual(['flying-column:green', 'uvf:orange']);
    expect(texts(log).join('\n')).not.toContain('Pick the target');
    const t = draw(ulster({}), 'uvf-mobilisation', [2]);
    expect(at(t, 'ulster/6')).toEqual(['guerrilla:blue', 'uvf:orange']);
  });
  test('with enemy-any=rule the UVF goes for the weakest Irish unit, as the British move does', () => {
    const s = draw(ulster({ 'enemy-any': 'rule' }), 'uvf-mobilisation', []);
    expect(at(s, 'ulster/6')).toEqual(['guerrilla:blue', 'uvf:orange']);
  });
  test('with enemy-any=player the player picks', () => {
    const s = draw(ulster({ 'enemy-any': 'player' }), 'uvf-mobilisation', []);
    expect(ids(s)).toEqual(['place ulster/1-2', 'place ulster/6']);
  });
  test("G Division: a die by default; the strongest unit by rule; the player's pick with enemy-any=player", () => {
    const setup = (opts: Record<string, string>) => {
      const s = bare(opts);
      add(s, 'guerrilla', 'green', 'dublin/6', 0); // 1 in the City
      add(s, 'regular', 'blue', 'dublin/3-4', 0); // 2: the strongest
      return s;
    };
    const targets = (s: IFState) => s.units.map((u) => `replace ${u.id}`);
    const d = draw(setup({}), 'g-division', [1]);
    expect(d.units.map((u) => u.type)).toEqual(['mob', 'regular']);
    const r = draw(setup({ 'enemy-any': 'rule' }), 'g-division', []);
    expect(r.units.map((u) => u.type)).toEqual(['guerrilla', 'mob']);
    const p = draw(setup({ 'enemy-any': 'player' }), 'g-division', []);
    expect(ids(p)).toEqual(targets(p));
  });
  test('the player still picks for the cards that help the player (Tom Barry, Bloody Sunday, Churchill, Dublin Guards)', () => {
    const s = bare();
    add(s, 'ric', 'red', 'kerry/3-4');
    add(s, 'tans', 'red', 'kerry/6');
    draw(s, 'tom-barry', []);
    expect(ids(s)).toEqual(['place kerry/3-4', 'place kerry/6']);
  });
});

describe("8. Michael Collins' +2 lasts the turn (option collins=until-used)", () => {
  function drawnThenEndTurn(opts: Record<string, string>): IFState {
    const s = draw(bare(opts, 'civil'), 'michael-collins', []);
    expect(s.effects.michaelCollins).toBe(true);
    endEvent(s, m); // discarded
    s.combat = null;
    s.phase = 'cw-end-turn';
    expect(() => advance(s, env([]))).toThrow(NeedRoll); // the next turn's card needs a die
    expect(s.turn).toBe(3);
    return s;
  }
  test('by default it lapses at the end of the turn it was drawn', () => {
    expect(drawnThenEndTurn({}).effects.michaelCollins).toBe(false);
  });
  test('with collins=until-used it waits for its attack across turns', () => {
    expect(drawnThenEndTurn({ collins: 'until-used' }).effects.michaelCollins).toBe(true);
  });
});

describe('9. Kevin Barry: two random Areas in two different random Regions', () => {
  test('a second Region equal to the first is rolled again', () => {
    const log: LogEntry[] = [];
    const s = draw(bare(), 'kevin-barry', [2, 3, 2, 5, 6], log); // Midlands 3-4; Midlands again: re-rolled; Cork 6
    expect(at(s, 'midlands/3-4')).toEqual(['mob:green']);
    expect(at(s, 'cork/6')).toEqual(['mob:blue']);
    expect(s.units.filter((u) => u.area.startsWith('midlands/')).length).toBe(1);
  });
});

describe('turns played (issue 7)', () => {
  test('a game that ends at the end of turn 10 reports 10 turns', () => {
    const s = bare();
    s.turn = 10;
    s.phase = 'end-turn';
    advance(s, env([]));
    expect(irishFreedom.result(s, rules)).toMatchObject({ level: 'British victory', turns: 10 });
  });
  test('a campaign counts both wars: the Treaty turn plus the Civil War turns', () => {
    const s = bare({}, 'civil');
    s.treatyTurn = 6;
    s.woiPoints = 3;
    s.turn = 10;
    s.phase = 'cw-end-turn';
    advance(s, env([]));
    expect(irishFreedom.result(s, rules)).toMatchObject({ level: 'Republican victory (British intervention)', turns: 16 });
    const t = bare({ war: 'civil' }, 'civil');
    t.turn = 10;
    t.phase = 'cw-end-turn';
    advance(t, env([]));
    expect(irishFreedom.result(t, rules).turns).toBe(10); // the Civil War alone
    const u = bare({}, 'civil');
    u.treatyTurn = 5;
    u.turn = 4;
    u.surrenderTurn = 4;
    u.over = 'surrender';
    u.phase = 'over';
    expect(irishFreedom.result(u, rules).turns).toBe(9);
  });
  test('stopping at the Treaty counts the turns to the Treaty', () => {
    const s = bare();
    s.turn = 3;
    s.phase = 'treaty';
    advance(s, env([]));
    irishFreedom.apply(s, 'treaty stop', env([]));
    expect(irishFreedom.result(s, rules).turns).toBe(3);
  });
});
