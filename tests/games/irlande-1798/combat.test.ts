/** Combat (rulebook 8): odds and shifts at the table's edges, each CRT result, JM, the winner, retreat and advance. */
import { combatFigures, crtCell, oddsColumn } from '../../../src/games/irlande-1798/combat.js';
import type { IrlRules } from '../../../src/games/irlande-1798/state.js';
import type { Decision } from '../../../src/engine/module.js';
import { numberedOptions, optionNumbered } from '../../../src/engine/option-numbers.js';
import { fresh, ids, mod, play, position, rulesData, text } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

const col = (a: number, d: number) => rules.crt.columns[oddsColumn(rules, a, d)];

test("odds are rounded in the defender's favour and clamped to 1-3 .. 6-1", () => {
  expect([
    col(1, 4),
    col(1, 3),
    col(2, 5),
    col(1, 2),
    col(3, 4),
    col(4, 4),
    col(7, 4),
    col(7, 3),
    col(11, 2),
    col(6, 1),
    col(20, 1),
  ]).toEqual(['1-3', '1-3', '1-3', '1-2', '1-2', '1-1', '1-1', '2-1', '5-1', '6-1', '6-1']);
});

test('terrain shifts left after clamping: a town still counts at 10 to 1; mountain at 1-2 stays on the table at 1-3', () => {
  const { s } = position(rules, { kilkenny: '0907', longford: '0909', '70e-3': '0908' }, { phase: 'E', strength: {} });
  s.combat = {
    attackerSide: 'English',
    target: '0908',
    attackers: ['kilkenny', 'longford'],
    defenders: ['70e-3'],
    attackHexes: ['0907', '0909'],
    declared: true,
    stratagems: { attacker: null, defender: null },
    englishMilitia: 0,
  };
  const f = combatFigures(s, rules, s.combat);
  expect(rules.crt.columns[f.rawColumn]).toBe('6-1');
  expect(rules.crt.columns[f.column]).toBe('5-1');
  expect(f.shifts).toEqual(['town 1L']);
  const { s: m } = position(rules, { 'yeo-inf-1': '0509', '70e-3': '0609', '70e-1': '0610' }, { phase: 'E' });
  m.combat = {
    attackerSide: 'English',
    target: '0609',
    attackers: ['yeo-inf-1'],
    defenders: ['70e-3'],
    attackHexes: ['0509'],
    declared: true,
    stratagems: { attacker: null, defender: null },
    englishMilitia: 0,
  };
  m.units['70e-3'].strength = 2 as never;
  const fm = combatFigures(m, rules, m.combat);
  expect(rules.crt.columns[fm.rawColumn]).toBe('1-2');
  expect(rules.crt.columns[fm.column]).toBe('1-3');
});

test('the die rows run "0 or less" to "7 or more"', () => {
  expect(crtCell(rules, 0, -3)).toEqual({ attacker: 'A3', defender: 'PP', winner: 'defender' });
  expect(crtCell(rules, 7, 12)).toEqual({ attacker: 'PP', defender: 'D3', winner: 'attacker' });
});

/** French 70e-1 + 70e-2 (4 SP) in 0506 attack yeo-inf-1 + ballina-garr (2 SP) in clear 0606: 2-1. */
function attack(rolls: number[], extra: Record<string, string> = {}) {
  const { s, env } = position(
    rules,
    { '70e-1': '0506', '70e-2': '0506', 'yeo-inf-1': '0606', 'ballina-garr': '0606', ...extra },
    { phase: 'C', rolls },
  );
  play(s, env, 'attack 0606', 'with 70e-1', 'with 70e-2', 'fight');
  return { s, env };
}

test('D1 at 2-1 (die 4): the defender chooses the loss, retreats, the winner may advance', () => {
  const { s, env } = attack([4]);
  expect(text(env)).toMatch(/A1\/D1: the attacker \(French\) wins/);
  // A1 for the French first: the French choose.
  expect(mod.decision(s, rules)!.side).toBe('French');
  mod.apply(s, 'lose 70e-1', env);
  expect(s.units['70e-1'].strength).toBe(1);
  expect(mod.decision(s, rules)!.side).toBe('English');
  mod.apply(s, 'lose ballina-garr', env);
  expect(s.units['ballina-garr'].place).toBe('eliminated');
  // yeo-inf-1 retreats: the English choose among the free adjacent hexes.
  const r = ids(s, rules);
  expect(r.every((i) => i.startsWith('retreat yeo-inf-1 '))).toBe(true);
  expect(r).not.toContain('retreat yeo-inf-1 0506');
  mod.apply(s, r[0], env);
  expect(ids(s, rules)).toEqual(expect.arrayContaining(['advance 70e-1 0606', 'advance 70e-2 0606', 'done']));
  mod.apply(s, 'advance 70e-2 0606', env);
  expect(s.units['70e-2'].hex).toBe('0606');
});

test('the advance question keeps its numbers while units advance one by one (a newcomer typed the "4" he had read for "No (more) advance" after the list had shrunk)', () => {
  const { s, env } = attack([4]);
  play(s, env, 'lose 70e-1', 'lose ballina-garr');
  mod.apply(s, ids(s, rules)[0], env); // yeo-inf-1 retreats
  const listed = () => numberedOptions(mod.decision(s, rules)!).map((x) => `${x.number}. ${x.option.id}`);
  expect(listed()).toEqual(['1. advance 70e-1 0606', '2. advance 70e-2 0606', '3. done']);
  mod.apply(s, 'advance 70e-1 0606', env);
  expect(listed()).toEqual(['2. advance 70e-2 0606', '3. done']);
  // The options, their order and ids are what bots and records have always seen.
  expect(ids(s, rules)).toEqual(['advance 70e-2 0606', 'done']);
  // A unit landed this turn never advances: the first list has no gap for it.
  const { s: t, env: e2 } = position(rules, { '70e-1': '0606', '70e-2': '0606', 'yeo-inf-1': '0506' }, { phase: 'E', rolls: [1] });
  t.landedThisTurn = ['70e-1'];
  play(t, e2, 'attack 0606', 'fight');
  expect(numberedOptions(mod.decision(t, rules)!).map((x) => `${x.number}. ${x.option.id}`)).toEqual(['1. advance 70e-2 0506', '2. done']);
});

test('PP/JM (die 3 at 2-1): one morale die per defending unit against its quality; a failure routs 3 hexes toward 1205-1207', () => {
  const { s, env } = attack([3, 3, 2]);
  const t = text(env);
  expect(t).toMatch(/PP\/JM: the attacker/);
  expect(t).toMatch(/Morale check \(JM\) of Yeomanry Inf. 1, quality 2/);
  expect(s.units['yeo-inf-1'].routed).toBe(true);
  expect(s.units['ballina-garr'].routed).toBe(false);
  // The rout is chosen by the English among the shortest steps.
  while (mod.decision(s, rules)?.options.some((o) => o.id.startsWith('rout '))) mod.apply(s, ids(s, rules)[0], env);
  expect(s.units['yeo-inf-1'].hex).not.toBe('0606');
});

test('A2/.. results: the attacker loses two steps (die 1 at 1-1 is A1/PP; 1-2 die 1 is A2/JM)', () => {
  // 70e-3 (1 SP) attacks 2 SP at 0606: 1-2.
  const { s, env } = position(rules, { '70e-3': '0506', 'yeo-inf-1': '0606', 'ballina-garr': '0606' }, { phase: 'C', rolls: [1, 1, 1] });
  // The only possible attacker is taken at once (single options are applied by themselves).
  play(s, env, 'attack 0606', 'fight');
  expect(s.combat === null || s.combat.attackers).toBeTruthy();
  expect(text(env)).toMatch(/A2\/JM: the defender \(English\) wins/);
  expect(s.units['70e-3'].place).toBe('eliminated');
});

test('D3 eliminates a whole weak stack and the winner advances', () => {
  const { s, env } = position(
    rules,
    { kilkenny: '0907', longford: '0907', '70e-3': '0908' },
    { phase: 'E', rolls: [6], generals: { lake: '0907' } },
  );
  play(s, env, 'attack 0908', 'with kilkenny', 'with longford');
  // 8 to 1: 6-1, town 1 left: 5-1; die 6 + Lake 1 = 7: PP/D3.
  mod.apply(s, 'fight', env);
  expect(text(env)).toMatch(/PP\/D3/);
  expect(s.units['70e-3'].place).toBe('eliminated');
  expect(ids(s, rules)).toContain('advance kilkenny 0908');
});

test("a general's bonus moves the die: Humbert +2 for the attacker, Lake -1 for the defender", () => {
  const { s, env } = position(
    rules,
    { '70e-1': '0506', '70e-2': '0506', 'yeo-inf-1': '0606', 'ballina-garr': '0606' },
    { phase: 'C', rolls: [2, 1, 1, 1], generals: { humbert: '0506', lake: '0606' } },
  );
  play(s, env, 'attack 0606', 'with 70e-1', 'with 70e-2', 'fight', 'no stratagem');
  expect(text(env)).toMatch(/Die \| 2 \+2 Humbert -1 Lake = 3/);
});

test('an enemy unit is attacked once a turn; attacking hexes must all be adjacent to one another', () => {
  const { s, env } = position(
    rules,
    { '70e-1': '0505', '70e-2': '0507', '70e-3': '0607', 'yeo-inf-1': '0506' },
    { phase: 'C', rolls: [3, 6, 6] },
  );
  // 0607 is a lake: put 70e-3 in 0406 instead (adjacent to 0506 and 0505, not to 0507).
  s.units['70e-3'].hex = '0406';
  play(s, env, 'attack 0506', 'with 70e-1');
  const w = ids(s, rules);
  expect(w).toContain('with 70e-3'); // 0406 is next to 0505
  expect(w).not.toContain('with 70e-2'); // 0507 is not next to 0505
  mod.apply(s, 'with 70e-3', env);
  expect(ids(s, rules)).not.toContain('with 70e-2');
  mod.apply(s, 'fight', env);
  while (mod.decision(s, rules) && mod.decision(s, rules)!.side === 'English') mod.apply(s, ids(s, rules)[0], env);
  if (s.units['yeo-inf-1'].place === 'map')
    expect(ids(s, rules).filter((i) => i.startsWith('attack '))).not.toContain(`attack ${s.units['yeo-inf-1'].hex}`);
  expect(s.attackedThisTurn).toContain('yeo-inf-1');
});

describe('each CRT result is applied as the table says (every distinct cell, forced by a table of that cell only)', () => {
  const cells = () => {
    const seen = new Map<string, { attacker: string; defender: string; winner: string }>();
    for (const row of rules.crt.rows) for (const c of row.results) seen.set(`${c.attacker}/${c.defender} ${c.winner}`, c);
    return [...seen.entries()];
  };
  test('the table holds every kind of result', () => {
    const kinds = new Set(cells().flatMap(([, c]) => [c.attacker, c.defender]));
    expect([...kinds].sort()).toEqual(['A1', 'A2', 'A3', 'D1', 'D2', 'D3', 'JM', 'PP']);
  });
  test("losses, morale checks, the winner and the loser's retreat", () => {
    const steps = (s: { units: Record<string, { strength: number; place: string }> }, us: string[]) =>
      us.reduce(
        (t, u) =>
          t +
          (s.units[u].place === 'eliminated'
            ? rules.index.unit[u].full === 2
              ? 2
              : 1
            : s.units[u].strength === rules.index.unit[u].full
              ? 0
              : 1),
        0,
      );
    for (const [name, cell] of cells()) {
      const r = structuredClone(rules) as IrlRules;
      for (const row of r.crt.rows) row.results = row.results.map(() => ({ ...cell }) as never);
      const { s, env } = position(
        r,
        { '70e-1': '0506', '70e-2': '0506', fraser: '0606', pow: '0606' },
        { phase: 'C', rolls: [3, 6, 6, 6, 6, 6, 6] },
      );
      env.rules = r;
      play(s, env, 'attack 0606', 'with 70e-1', 'with 70e-2', 'fight');
      for (let k = 0; k < 40 && mod.decision(s, r) && s.phase === 'C' && s.stage !== 'combat'; k++) {
        const o = ids(s, r);
        mod.apply(s, o.includes('done') ? 'done' : o[0], env);
      }
      const lost = (x: string) => (/^[AD]\d$/.test(x) ? Number(x[1]) : 0);
      expect({ name, attackerSteps: steps(s, ['70e-1', '70e-2']) }).toEqual({ name, attackerSteps: lost(cell.attacker) });
      expect({ name, defenderSteps: steps(s, ['fraser', 'pow']) }).toEqual({ name, defenderSteps: lost(cell.defender) });
      const log = text(env);
      expect({ name, attackerJM: /Morale check \(JM\) of 70e/.test(log) }).toEqual({ name, attackerJM: cell.attacker === 'JM' });
      expect({ name, defenderJM: /Morale check \(JM\) of (Fraser|Prince)/.test(log) }).toEqual({
        name,
        defenderJM: cell.defender === 'JM',
      });
      // The loser's units left their hex (retreated, routed or eliminated).
      const loserUnits = cell.winner === 'attacker' ? ['fraser', 'pow'] : ['70e-1', '70e-2'];
      const loserHex = cell.winner === 'attacker' ? '0606' : '0506';
      for (const u of loserUnits) expect({ name, u, stayed: s.units[u].hex === loserHex }).toEqual({ name, u, stayed: false });
    }
  });
});

test('each unit attacks once a phase', () => {
  // 70e/1 wins at 0606 (die 6 at 2-1: PP/D1) and stays next to 0505; only 70e/2 may attack 0505 then.
  const { s, env } = position(
    rules,
    { '70e-1': '0506', '70e-2': '0405', 'yeo-inf-1': '0606', 'yeo-inf-2': '0505' },
    { phase: 'C', rolls: [6] },
  );
  play(s, env, 'attack 0606', 'fight', 'done');
  expect(ids(s, rules)).toEqual(['attack 0505', 'end combat']);
  mod.apply(s, 'attack 0505', env);
  expect(s.combat!.attackers).toEqual(['70e-2']);
  expect(ids(s, rules)).not.toContain('with 70e-1');
});

test('"with all" adds the rest of the stacks already attacking', () => {
  const { s, env } = position(
    rules,
    { kilkenny: '0506', longford: '0506', galway: '0506', '70e-1': '0606' },
    { phase: 'E', rolls: [6, 6, 6] },
  );
  play(s, env, 'attack 0606', 'with kilkenny');
  expect(ids(s, rules)[0]).toBe('with all');
  mod.apply(s, 'with all', env);
  expect(s.combat!.attackers).toEqual(['kilkenny', 'longford', 'galway']);
  mod.apply(s, 'fight', env);
  expect(text(env)).toMatch(/kilkenny 4, longford 4, galway 1/);
});

describe('the numbers a player types in the attack decision stay with their options while attackers are added', () => {
  // A newcomer read "3" beside a unit, typed it after the screen had moved (a unit added, the list
  // rebuilt), and got another unit: numbers went by place in a list that shrank and grew.
  const numbers = (d: Decision) => new Map(numberedOptions(d).map((x) => [x.option.id, x.number]));

  test('each option keeps its number from question to question, and a number is never given to another option', () => {
    const { s, env } = position(
      rules,
      { kilkenny: '0506', longford: '0506', carabiniers: '0505', roden: '0505', '70e-1': '0606' },
      { phase: 'E', rolls: [], generals: { lake: '0506' } },
    );
    play(s, env, 'attack 0606');
    const first = numbers(mod.decision(s, rules)!);
    // The first question is numbered as any other: 1 on, in the order of the options.
    expect([...first.values()]).toEqual([1, 2, 3, 4]);
    expect([...first.keys()]).toEqual(ids(s, rules));
    const given = new Map(first);
    const byNumber = (n: number) => optionNumbered(mod.decision(s, rules)!, n)?.id;
    const third = [...first].find(([, n]) => n === 3)![0];
    // Add the unit numbered 2: the one read as "3" is still "3".
    mod.apply(s, byNumber(2)!, env);
    expect(byNumber(3)).toBe(third);
    expect(byNumber(2)).toBeUndefined();
    for (const step of [() => byNumber(1)!, () => 'stratagem cavalry-charge', () => byNumber(3)!]) {
      mod.apply(s, step(), env);
      for (const [id, n] of numbers(mod.decision(s, rules)!)) {
        if (given.has(id)) expect({ id, n }).toEqual({ id, n: given.get(id) });
        else expect({ id, reused: [...given.values()].includes(n) }).toEqual({ id, reused: false });
        given.set(id, n);
      }
    }
    expect(s.combat!.attackers.length).toBe(3);
    expect(s.combat!.stratagems.attacker).toBe('cavalry-charge');
  });

  test('the numbers are for people: the options, their order and ids are those bots and records have always seen', () => {
    const { s, env } = position(rules, { kilkenny: '0506', longford: '0506', galway: '0506', '70e-1': '0606' }, { phase: 'E', rolls: [] });
    play(s, env, 'attack 0606', 'with kilkenny');
    expect(ids(s, rules)).toEqual(['with all', 'with longford', 'with galway', 'fight', 'call off']);
    // Listed by number: the units where they were, then fight, call off, the English stratagems' two
    // slots (none offered before a stratagem is allowed) and "with all" last.
    expect(numberedOptions(mod.decision(s, rules)!).map((x) => `${x.number}. ${x.option.id}`)).toEqual([
      '2. with longford',
      '3. with galway',
      '4. fight',
      '5. call off',
      '8. with all',
    ]);
  });

  test('a first list without "with all" is numbered with no gap (a newcomer\'s Killala attack read 1, 2, 4)', () => {
    const { s, env } = fresh(rules, []);
    play(s, env, 'attack-killala 70e-g');
    expect(numberedOptions(mod.decision(s, rules)!).map((x) => `${x.number}. ${x.option.id}`)).toEqual([
      '1. fight',
      '2. call off',
      '3. stratagem bayonet',
    ]);
  });
});

describe('the fight is confirmed: the odds are always seen before the die (rules/irlande-1798.md)', () => {
  test('adding the last eligible attacker stops at "fight" with the odds, shifts and modifiers; no die is rolled before', () => {
    // The French have used their stratagem: once 70e/2 joins, nothing is left to add. No dice are scripted:
    // a roll before the confirmation would throw.
    const { s, env } = position(
      rules,
      { '70e-1': '0506', '70e-2': '0506', 'yeo-inf-1': '0507' },
      { phase: 'C', rolls: [], generals: { humbert: '0506' } },
    );
    s.stratagemThisTurn.French = true;
    play(s, env, 'attack 0507', 'with 70e-1', 'with 70e-2');
    const d = mod.decision(s, rules)!;
    expect(d.options.map((o) => o.id)).toEqual(['fight', 'call off']);
    expect(d.options[0].label).toBe('Fight: 4 to 1 = 4-1, town 1L -> column 3-1; die +2 Humbert');
    expect(d.prompt).toMatch(/Fight at these odds, or call it off\?/);
    expect(text(env)).not.toMatch(/Combat at|D6/);
  });

  test('the English too: adding the last cavalry unit waits for "fight"', () => {
    const { s, env } = position(rules, { carabiniers: '0505', roden: '0506', '70e-3': '0606' }, { phase: 'E', rolls: [] });
    s.stratagemThisTurn.English = true;
    play(s, env, 'attack 0606', 'with carabiniers', 'with roden');
    expect(ids(s, rules)).toEqual(['fight', 'call off']);
    expect(mod.decision(s, rules)!.options[0].label).toBe('Fight: 5 to 1: column 5-1; die unmodified');
  });

  test('calling the attack off rolls nothing, gives back an unused stratagem and lets the units attack again', () => {
    const { s, env } = position(rules, { '70e-g': '0506', 'yeo-inf-1': '0606' }, { phase: 'C', rolls: [] });
    play(s, env, 'attack 0606', 'stratagem bayonet');
    expect(s.stratagemThisTurn.French).toBe(true);
    mod.apply(s, 'call off', env);
    expect(s.combat).toBeNull();
    expect(s.stratagemThisTurn.French).toBe(false);
    expect(s.attackedThisTurn).toEqual([]);
    expect(text(env)).toMatch(/The French call off the attack on 0606 \(Bayonet charge not used\)\./);
    expect(ids(s, rules)).toEqual(['attack 0606', 'end combat']);
  });

  test('calling off the Killala attack from the fleet goes back to the landing question', () => {
    const { s, env } = fresh(rules, []);
    play(s, env, 'attack-killala 3e-chass');
    expect(ids(s, rules)).toEqual(['fight', 'call off']);
    mod.apply(s, 'call off', env);
    expect(s.stage).toBe('landing');
    expect(ids(s, rules)).toContain('attack-killala 3e-chass');
  });
});

test('units landed this turn do not advance after winning in defence: an advance is a move (rule 12.1)', () => {
  // 1 to 4: 1-3; die 1: A2/PP, the defender wins; the Yeomanry is eliminated and its hex is empty.
  const { s, env } = position(rules, { '70e-1': '0606', '70e-2': '0606', 'yeo-inf-1': '0506' }, { phase: 'E', rolls: [1] });
  s.landedThisTurn = ['70e-1'];
  play(s, env, 'attack 0606', 'fight');
  expect(s.units['yeo-inf-1'].place).toBe('eliminated');
  expect(ids(s, rules)).toEqual(['advance 70e-2 0506', 'done']);
  // Had both landed this turn, no advance would be offered at all.
  const { s: t, env: e2 } = position(rules, { '70e-1': '0606', '70e-2': '0606', 'yeo-inf-1': '0506' }, { phase: 'E', rolls: [1] });
  t.landedThisTurn = ['70e-1', '70e-2'];
  play(t, e2, 'attack 0606', 'fight');
  expect(text(e2)).not.toMatch(/advances/);
  expect(t.units['70e-1'].hex).toBe('0606');
  expect(t.units['70e-2'].hex).toBe('0606');
});

test('the loss question says what a loss does: a two-sided counter flips, United Irishmen lose one point', () => {
  // 8 to 5 (town): 1-1, 1L: 1-2; die 6 +1 Lake: row 7 or more, JM/D1 (the English hold on 1 and 1), a D1 to place.
  const { s, env } = position(
    rules,
    { 'ui-2': '0307', 'ui-3': '0307', kilkenny: '0408', longford: '0408' },
    { phase: 'E', rolls: [6, 1, 1], strength: { 'ui-2': 3, 'ui-3': 2 }, generals: { lake: '0408' } },
  );
  s.spent.push('officers', 'artillery');
  play(s, env, 'attack 0307', 'with kilkenny', 'with longford', 'fight');
  const d = mod.decision(s, rules)!;
  expect(d.options.map((o) => o.label)).toEqual(['United Irishmen 2 (3 SP, down to 2 SP)', 'United Irishmen 3 (2 SP, down to 1 SP)']);
  const { s: t, env: e2 } = position(
    rules,
    { '70e-1': '0606', '70e-3': '0606', kilkenny: '0506', longford: '0505' },
    { phase: 'E', rolls: [6] },
  );
  play(t, e2, 'attack 0606', 'with kilkenny', 'with longford', 'fight');
  expect(mod.decision(t, rules)!.options.map((o) => o.label)).toEqual(['70e/1 (2 SP, flips to 1)', '70e/3 (1 SP, eliminated)']);
});

test('the attack prompt offers what is left to add: units, a stratagem, both or neither', () => {
  // English turn, no cavalry and no Lake: no stratagem; one more unit may still join.
  const { s, env } = position(rules, { kilkenny: '0506', longford: '0506', '70e-2': '0606' }, { phase: 'E' });
  play(s, env, 'attack 0606', 'with kilkenny');
  expect(mod.decision(s, rules)!.prompt).toMatch(/ Add a unit, fight, or call it off\.$/);
  mod.apply(s, 'with longford', env);
  expect(mod.decision(s, rules)!.prompt).toMatch(/ Fight at these odds, or call it off\?$/);
  // French turn, 70e/1 alone: the bayonet charge only.
  const f = position(rules, { '70e-1': '0506', kilkenny: '0606' }, { phase: 'C' });
  play(f.s, f.env, 'attack 0606');
  expect(f.s.combat!.attackers).toEqual(['70e-1']);
  expect(mod.decision(f.s, rules)!.prompt).toMatch(/ Add a stratagem, fight, or call it off\.$/);
  // Both.
  const b = position(rules, { '70e-1': '0506', '70e-2': '0506', kilkenny: '0606' }, { phase: 'C' });
  play(b.s, b.env, 'attack 0606', 'with 70e-1');
  expect(mod.decision(b.s, rules)!.prompt).toMatch(/ Add a unit or a stratagem, fight, or call it off\.$/);
});

test('8.1 "an enemy unit can only be attacked once per turn": a general is not a unit, so the units he joins after a combat may still be attacked', () => {
  // Humbert's units at 1004 were attacked this turn (70e/1, eliminated); he joined 70e/2 at 1005.
  const { s, env } = position(rules, { '70e-2': '1005', '70e-3': '1004', kilkenny: '1104' }, { phase: 'E', generals: { humbert: '1005' } });
  s.units['70e-1'] = { ...s.units['70e-1'], place: 'eliminated', hex: null };
  s.attackedThisTurn = ['70e-1'];
  play(s, env);
  expect(ids(s, rules)).toContain('attack 1005');
  // A unit attacked this turn keeps its hex from a second attack, wherever it went.
  s.attackedThisTurn = ['70e-1', '70e-2'];
  expect(ids(s, rules)).not.toContain('attack 1005');
  expect(ids(s, rules)).toContain('attack 1004');
});
