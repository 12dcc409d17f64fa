/** Retreat and rout (rulebook 9), surrender, rally (10), a general left alone (8.3). */
import { routDistances } from '../../../src/games/irlande-1798/retreat-rout.js';
import { advance, startTasks } from '../../../src/games/irlande-1798/flow.js';
import type { IrlRules, IrlState } from '../../../src/games/irlande-1798/state.js';
import { ids, mod, play, position, rulesData, text } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

/** Starts a rout of `unit` as a task (as a failed JM would), in a French movement phase that then waits for the French. */
function rout(s: IrlState, env: Parameters<typeof advance>[1], unit: string) {
  s.units[unit].routed = true;
  startTasks(s, [{ kind: 'rout', unit, left: rules.index.unit[unit].type === 'cavalry' ? 4 : 3, visited: [], why: 'test' }], 'move');
  advance(s, env);
}

test('an English unit routs by the shortest route toward 1205-1207; the English pick among equally short steps', () => {
  const { s, env } = position(rules, { kilkenny: '0908', '70e-1': '0808' }, { phase: 'B' });
  const before = routDistances(s, rules, 'kilkenny')['0908'];
  expect(before).toBe(3);
  rout(s, env, 'kilkenny');
  // Three steps, each one hex nearer the south edge: it ends on a rout hex.
  expect(rules.rout.englishRoutHexes).toContain(s.units.kilkenny.hex);
  const { s: b, env: e2 } = position(rules, { kilkenny: '1006', '70e-1': '0904' }, { phase: 'B' });
  rout(b, e2, 'kilkenny');
  expect(ids(b, rules)).toEqual(['rout kilkenny 1105', 'rout kilkenny 1106']);
});

test("the rout search that stops at the unit's hex gives it and every hex nearer the goal the distances of the whole search", () => {
  // Blockers on the way (a French unit next to the route) so that the distances are not the plain ones.
  for (const [hex, blocker] of [
    ['0908', '0808'],
    ['0503', '0604'],
    ['0210', '0309'],
  ]) {
    const { s } = position(rules, { kilkenny: hex, '70e-1': blocker }, { phase: 'B' });
    const whole = routDistances(s, rules, 'kilkenny');
    const part = routDistances(s, rules, 'kilkenny', undefined, hex);
    expect(part[hex]).toBe(whole[hex]);
    expect(whole[hex]).toBeGreaterThan(0);
    for (const [h, d] of Object.entries(whole)) if (d <= whole[hex]) expect({ h, d: part[h] }).toEqual({ h, d });
    for (const [h, d] of Object.entries(part)) expect({ h, d }).toEqual({ h, d: whole[h] });
    expect(Object.keys(part).length).toBeLessThan(Object.keys(whole).length);
  }
});

test('reaching the south edge with rout movement left, an English unit leaves the map and is eliminated (rout-exit=leave)', () => {
  const { s, env } = position(rules, { kilkenny: '1006', '70e-1': '0904' }, { phase: 'B' });
  rout(s, env, 'kilkenny');
  mod.apply(s, 'rout kilkenny 1106', env); // then 1206 or 1207, then off the map
  if (s.units.kilkenny.place === 'map') mod.apply(s, ids(s, rules)[0], env);
  expect(s.units.kilkenny.place).toBe('eliminated');
  expect(text(env)).toMatch(/Kilkenny Militia routs off the map/);
});

test('with rout-exit=stop the unit stops on its rout hex', () => {
  const { s, env } = position(rules, { kilkenny: '1006', '70e-1': '0904' }, { phase: 'B' });
  s.options.routExit = 'stop';
  rout(s, env, 'kilkenny');
  mod.apply(s, 'rout kilkenny 1106', env);
  if (mod.decision(s, rules)!.options[0].id.startsWith('rout')) mod.apply(s, ids(s, rules)[0], env);
  expect(s.units.kilkenny.place).toBe('map');
  expect(rules.rout.englishRoutHexes).toContain(s.units.kilkenny.hex);
});

test('the Sligo Garrison routs toward 0101', () => {
  const { s, env } = position(rules, { 'sligo-garr': '0302', '70e-1': '0304' }, { phase: 'B' });
  rout(s, env, 'sligo-garr');
  expect(s.units['sligo-garr'].hex).toBe('0101');
});

test('the French rout where they like but never into an English rout hex; blocked, they are eliminated', () => {
  const { s, env } = position(rules, { '70e-1': '1106', kilkenny: '1006' }, { phase: 'E' });
  rout(s, env, '70e-1');
  const to = ids(s, rules).map((i) => i.split(' ')[2]);
  expect(to).not.toContain('1206');
  expect(to).not.toContain('1207');
  expect(to).toEqual(expect.arrayContaining(['1105', '1107']));
  // Surrounded by the sea and the English: no rout possible.
  const { s: b, env: e2 } = position(rules, { '70e-2': '0911', kilkenny: '0811' }, { phase: 'E' });
  rout(b, e2, '70e-2');
  expect(b.units['70e-2'].place).toBe('eliminated');
});

test('a routed unit next to a good-order enemy at the end of a movement phase surrenders', () => {
  const { s, env } = position(rules, { '70e-1': '0506', kilkenny: '0606', longford: '1206' }, { phase: 'D', routed: ['kilkenny'] });
  play(s, env, 'end movement');
  expect(s.units.kilkenny.place).toBe('eliminated');
  expect(text(env)).toMatch(/Kilkenny Militia \(routed, at 0606\) is next to good-order enemy units and surrenders/);
});

test('rally: French units rally by themselves, United Irishmen that fail disband, English that fail rout again', () => {
  const { s, env } = position(
    rules,
    { '70e-1': '0506', 'ui-1': '0505', kilkenny: '0908', longford: '0907' },
    { phase: 'E', routed: ['70e-1', 'ui-1', 'kilkenny', 'longford'], rolls: [3, 2, 6] },
  );
  // The English cannot attack (routed): the combat phase ends by itself and phase F rolls.
  // ui-1 rolls 3 > 2: disbands; kilkenny 2 <= 2 rallies; longford 6 > 2 routs again.
  play(s, env);
  expect(s.units['70e-1'].routed).toBe(false);
  expect(s.units['ui-1'].place).toBe('eliminated');
  expect(s.units.kilkenny.routed).toBe(false);
  expect(s.units.longford.routed).toBe(true);
  expect(mod.decision(s, rules)!.options[0].id).toMatch(/^rout longford /);
  expect(text(env)).toMatch(/D6 = 3 {2}\(Rally of United Irishmen 1, quality 2\)/);
  // The result lines say what happens, not the die again (it is in the roll's line): muster odds adds
  // up outcomes that read the same.
  expect(text(env)).toMatch(/^United Irishmen 1 fails to rally and disbands\.$/m);
  expect(text(env)).toMatch(new RegExp(`^${rules.index.unit.kilkenny.name} rallies\\.$`, 'm'));
  expect(text(env)).toMatch(new RegExp(`^${rules.index.unit.longford.name} fails to rally and routs again\\.$`, 'm'));
});

test('a unit that rallies in a victory town takes it for its side (13.2: a good-order unit occupies it; a newcomer saw a rallied French unit leave Westport English)', () => {
  // 70e-1 routed into Westport (1010), English since the start; kilkenny routed into French-held Castlebar (0908).
  const { s, env } = position(
    rules,
    { '70e-1': '1010', kilkenny: '0908', longford: '0505' },
    { phase: 'E', routed: ['70e-1', 'kilkenny', 'longford'], rolls: [2, 6] },
  );
  s.control['0908'] = 'French';
  expect(s.control['1010']).toBe('English');
  // Phase F: 70e-1 rallies by itself; kilkenny rolls 2 <= 2 and rallies; longford rolls 6 and routs again.
  play(s, env);
  expect(s.units['70e-1'].routed).toBe(false);
  expect(s.control['1010']).toBe('French');
  expect(s.units.kilkenny.routed).toBe(false);
  expect(s.control['0908']).toBe('English');
  expect(text(env)).toMatch(/rallies \(French units rally automatically\)\.\nWestport \(1010\) is now controlled by the French\./);
});

test('a general whose units are all eliminated joins an adjacent unit of his command, or is captured', () => {
  const { s, env } = position(
    rules,
    { '70e-3': '0908', '70e-1': '0907', kilkenny: '0909', longford: '0909', kerry: '1009' },
    { phase: 'E', rolls: [6, 6], generals: { humbert: '0908', lake: '0909' } },
  );
  play(s, env, 'attack 0908', 'with kilkenny', 'with longford', 'with kerry', 'fight');
  // 12 to 1: 6-1, town: 5-1; die 6 + Lake 1 - Humbert 2 = 5: PP/D2: 70e/3 eliminated, Humbert alone.
  expect(text(env)).toMatch(/PP\/D2/);
  expect(s.units['70e-3'].place).toBe('eliminated');
  // The only adjacent French unit is at 0907: Humbert goes there (a single choice is applied at once).
  expect(s.generals.humbert.hex).toBe('0907');
});

test('a general with no unit of his command nearby is captured', () => {
  const { s, env } = position(
    rules,
    { '70e-3': '0908', '70e-1': '0501', kilkenny: '0909', longford: '0909', kerry: '1009' },
    { phase: 'E', rolls: [6], generals: { humbert: '0908', lake: '0909' } },
  );
  play(s, env, 'attack 0908', 'with kilkenny', 'with longford', 'with kerry', 'fight');
  expect(s.generals.humbert.place).toBe('eliminated');
  expect(text(env)).toMatch(/Humbert is left without any unit of his command in his hex or next to it: he is captured/);
});

test('a retreat that would leave a general where he may not follow says he is captured, and the log says why (a newcomer lost Humbert unwarned)', () => {
  // Humbert may not stand with United Irishmen (2, 5): his last unit retreating to them leaves him alone.
  const { s, env } = position(
    rules,
    { '3e-chass': '0908', '70e-1': '0907', 'ui-1': '0907' },
    { phase: 'B', generals: { humbert: '0908' } },
  );
  startTasks(s, [{ kind: 'retreat', unit: '3e-chass', why: 'test' }], 'move');
  advance(s, env);
  const labels = Object.fromEntries(mod.decision(s, rules)!.options.map((o) => [o.id, o.label]));
  expect(labels['retreat 3e-chass 0907']).toMatch(/ - Humbert is captured$/);
  const others = Object.entries(labels).filter(([id]) => id !== 'retreat 3e-chass 0907');
  expect(others.length).toBeGreaterThan(0);
  for (const [, label] of others) expect(label).not.toMatch(/captured/);
  play(s, env, 'retreat 3e-chass 0907');
  expect(s.generals.humbert.place).toBe('eliminated');
  expect(text(env)).toMatch(
    /Humbert may not stand with his units at 0907 \(stacking\) and has no other unit of his command in his hex or next to it: he is captured/,
  );
});
