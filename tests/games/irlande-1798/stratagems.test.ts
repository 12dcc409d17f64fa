/** Stratagems (rulebook 11): each side one a turn. */
import type { IrlRules } from '../../../src/games/irlande-1798/state.js';
import { ids, mod, play, position, rulesData, text } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

test('bayonet charge: two columns right for 70e/Grenadiers alone (2 to 1 becomes 4-1)', () => {
  const { s, env } = position(rules, { '70e-g': '0506', '70e-1': '0505', 'yeo-inf-1': '0606' }, { phase: 'C', rolls: [4] });
  play(s, env, 'attack 0606', 'with 70e-g', 'stratagem bayonet', 'fight');
  expect(text(env)).toMatch(/Shifts \| bayonet 2R: column 4-1/);
});

test('bayonet charge: one column right with other units; a failed charge takes its first two losses from the 70e', () => {
  const { s, env } = position(
    rules,
    { '70e-1': '0506', '3e-chass': '0506', kilkenny: '0606', longford: '0606' },
    { phase: 'C', rolls: [1, 1, 1] },
  );
  play(s, env, 'attack 0606', 'with 70e-1', 'with 3e-chass', 'stratagem bayonet');
  // The shift is shown before the die, at the confirmation.
  expect(mod.decision(s, rules)!.options.find((o) => o.id === 'fight')!.label).toBe(
    'Fight: 3 to 8 = 1-3, bayonet 1R -> column 1-2; die unmodified',
  );
  mod.apply(s, 'fight', env);
  // 3 to 8: 1-3, +1: 1-2; die 1: A2/JM, the defender wins.
  expect(text(env)).toMatch(/bayonet 1R: column 1-2/);
  expect(text(env)).toMatch(/A2\/JM/);
  // Both losses must go to the 70e (the only choice, so applied at once): 70e/1 flips, then is eliminated.
  expect(s.units['70e-1'].place).toBe('eliminated');
  expect(s.units['3e-chass'].strength).toBe(1);
});

test('one stratagem a side each turn: after the bayonet charge no other French stratagem that turn', () => {
  const { s, env } = position(
    rules,
    { '70e-g': '0506', 'ui-1': '0605', 'yeo-inf-1': '0606', 'yeo-inf-2': '0604' },
    { phase: 'C', rolls: [4, 6, 6, 6, 6] },
  );
  play(s, env, 'attack 0606', 'with 70e-g', 'stratagem bayonet', 'fight');
  while (mod.decision(s, rules)?.side === 'English' || ids(s, rules).some((i) => i.startsWith('advance')))
    mod.apply(s, ids(s, rules).includes('done') ? 'done' : ids(s, rules)[0], env);
  play(s, env, 'attack 0604');
  expect(ids(s, rules)).not.toContain('stratagem officers');
});

test('French officers: +1 to an attack by United Irishmen alone, once a game', () => {
  const { s, env } = position(rules, { 'ui-1': '0506', 'yeo-inf-1': '0606' }, { phase: 'C', rolls: [3], strength: { 'ui-1': 2 } });
  // After the stratagem the attacker still confirms, seeing the modifier.
  play(s, env, 'attack 0606', 'stratagem officers');
  expect(mod.decision(s, rules)!.options.find((o) => o.id === 'fight')!.label).toBe('Fight: 2 to 1: column 2-1; die +1 French officers');
  mod.apply(s, 'fight', env);
  expect(text(env)).toMatch(/Die \| 3 \+1 French officers = 4/);
  expect(s.spent).toContain('officers');
});

test('French officers attacking: once chosen, only United Irishmen may join the attack (a newcomer found a French unit joining, the +1 kept)', () => {
  const { s, env } = position(rules, { 'ui-1': '0506', 'ui-2': '0505', '70e-g': '0505', 'yeo-inf-1': '0606' }, { phase: 'C', rolls: [3] });
  play(s, env, 'attack 0606', 'with ui-1');
  expect(ids(s, rules)).toEqual(expect.arrayContaining(['with ui-2', 'with 70e-g', 'stratagem officers']));
  play(s, env, 'stratagem officers');
  expect(ids(s, rules)).toContain('with ui-2');
  expect(ids(s, rules)).not.toContain('with 70e-g');
  expect(ids(s, rules)).not.toContain('with all');
  // Called off, the stratagem is not used: the 70e may attack, with the United Irishmen and no +1.
  play(s, env, 'call off', 'attack 0606', 'with ui-1', 'with 70e-g');
  expect(s.spent).not.toContain('officers');
  expect(ids(s, rules)).not.toContain('stratagem officers');
});

test('French officers in defence: -1 to an English attack on United Irishmen not stacked with French units', () => {
  const { s, env } = position(rules, { 'ui-1': '0606', kilkenny: '0506' }, { phase: 'E', rolls: [4, 1] });
  play(s, env, 'attack 0606', 'fight');
  expect(mod.decision(s, rules)!.side).toBe('French');
  mod.apply(s, 'stratagem officers', env);
  expect(text(env)).toMatch(/4 -1 French officers = 3/);
});

test('forced march: units that began the turn with Humbert move again if their move did not end next to an enemy', () => {
  const { s, env } = position(rules, { '70e-1': '0908', '70e-2': '0908', kilkenny: '0501' }, { phase: 'A', generals: { humbert: '0908' } });
  s.stage = 'reinforce';
  s.turn = 5;
  s.vpAtEnd = [
    { French: 9, English: 0 },
    { French: 9, English: 0 },
    { French: 9, English: 0 },
    { French: 9, English: 0 },
  ];
  play(s, env, 'move 70e-1', 'with humbert', 'with 70e-2', 'to 0809', 'to 0810', 'stop');
  expect(ids(s, rules)).toContain('stratagem forced-march');
  // The label names the units that move again, and says Humbert may go with them (rules md, 11.1).
  const label = mod.decision(s, rules)!.options.find((o) => o.id === 'stratagem forced-march')!.label;
  expect(label).toMatch(/: 70e\/1, 70e\/2 move a second time \(Humbert may go with them/);
  mod.apply(s, 'stratagem forced-march', env);
  expect(ids(s, rules)).toEqual(expect.arrayContaining(['move 70e-1', 'move 70e-2']));
  expect(s.spent).toContain('forced-march');
});

test('cavalry charge: +1 with 2+ SP of cavalry against clear terrain, never against a town', () => {
  const { s, env } = position(rules, { carabiniers: '0506', '70e-1': '0606' }, { phase: 'E', rolls: [2, 1] });
  play(s, env, 'attack 0606', 'stratagem cavalry-charge', 'fight');
  expect(text(env)).toMatch(/2 \+1 cavalry charge = 3/);
  // Against Ballina (a town) no cavalry charge is offered: fight or call it off.
  const { s: t, env: e2 } = position(rules, { carabiniers: '0506', '70e-1': '0507' }, { phase: 'E', rolls: [3, 3, 3] });
  play(t, e2, 'attack 0507');
  expect(ids(t, rules)).toEqual(['fight', 'call off']);
  mod.apply(t, 'fight', e2);
  expect(t.stratagemThisTurn.English).toBe(false);
  expect(text(e2)).toMatch(/Stratagems \| none/);
});

test('artillery: Lake bombards first (6: retreat, a step lost, a morale check); a rout allows a second target; the guns are lost if the English lose', () => {
  // Die 6 on 70e-1 (clear): loses a step, retreats, JM 6 > 4 routs; second target 70e-2: die 1, no effect; then the CRT die.
  const { s, env } = position(
    rules,
    { kilkenny: '0506', '70e-1': '0606', '70e-2': '0606' },
    { phase: 'E', rolls: [6, 6, 1, 1, 1, 1], generals: { lake: '0506' } },
  );
  play(s, env, 'attack 0606', 'stratagem artillery', 'fight', 'bombard 70e-1');
  expect(text(env)).toMatch(/Artillery bombardment of 70e\/1/);
  expect(s.units['70e-1'].strength).toBe(1);
  // The French pick the retreat hex, then the rout.
  while (mod.decision(s, rules)!.side === 'French') mod.apply(s, ids(s, rules)[0], env);
  expect(s.units['70e-1'].routed).toBe(true);
  // The morale die is labelled by its cause, the guns, not a JM of the CRT (a newcomer read "(JM)" there).
  expect(text(env)).toMatch(/Morale check \(artillery, 11\.2\) of 70e\/1, quality 4/);
  expect(text(env)).not.toMatch(/Morale check \(JM\)/);
  expect(ids(s, rules)).toEqual(['bombard 70e-2', 'no bombardment']);
  mod.apply(s, 'bombard 70e-2', env);
  // 4 to 2: 2-1, die 1 - Lake? no: Lake attacks: 1 + 1 = 2: JM/PP, the defender wins: the guns are abandoned.
  expect(text(env)).toMatch(/JM\/PP: the defender \(French\) wins/);
  expect(text(env)).toMatch(/Morale check \(JM\) of Kilkenny Militia/);
  while (
    mod.decision(s, rules) &&
    (mod.decision(s, rules)!.options[0].id.startsWith('rout') || mod.decision(s, rules)!.options[0].id.startsWith('retreat'))
  )
    mod.apply(s, ids(s, rules)[0], env);
  expect(s.spent).toContain('artillery');
  expect(text(env)).toMatch(
    /The English lost the combat and must retreat: the guns are abandoned \(Artillery removed from play, rule 11\.2\)\./,
  );
});
