/** Movement (rulebook 7), stacking (5), control through passing (13.2), the Sligo Garrison (12.2). */
import { EngineDice } from '../../../src/engine/dice.js';
import { advance } from '../../../src/games/irlande-1798/flow.js';
import { positionsOf } from '../../../src/games/irlande-1798/map.js';
import { stepProblem } from '../../../src/games/irlande-1798/move-points.js';
import { destinations } from '../../../src/games/irlande-1798/routes.js';
import type { IrlRules } from '../../../src/games/irlande-1798/state.js';
import * as helpers from './helpers.js';
import { ids, mod, play, position, rulesData, text } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

const steps = (r: string[]) => r.filter((i) => i.startsWith('to ')).map((i) => i.slice(3));

test('road movement: a unit starting on a road and keeping to it pays 1/2 a hex (5 hexes for 4 MP)', () => {
  const { s, env } = position(rules, { '70e-1': '0908' }, { phase: 'B' });
  play(s, env, 'move 70e-1', 'to 0907', 'to 1007', 'to 1106', 'to 1105', 'to 1206');
  expect(s.units['70e-1'].hex).toBe('1206');
  expect(ids(s, rules)).toContain('stop');
});

test('one step off the road and the whole move counts at terrain rates', () => {
  const { s, env } = position(rules, { '70e-1': '0908' }, { phase: 'B' });
  play(s, env, 'move 70e-1', 'to 0809', 'to 0810');
  // 0810 -> 0811 is bog (3) off the road: 1 + 1 + 3 = 5 > 4.
  expect(steps(ids(s, rules))).not.toContain('0811');
  expect(stepProblem(s, rules, s.group!, '0811')).toMatch(/lacks the movement points/);
  // 0810 -> 0909 is not on a road either, but 1 + 1 + 1 = 3 <= 4.
  expect(steps(ids(s, rules))).toContain('0909');
});

test('a river hexside costs one more off the road', () => {
  const { s, env } = position(rules, { 'yeo-cav-1': '0705' }, { phase: 'D' });
  play(s, env, 'move yeo-cav-1', 'to 0704', 'to 0705', 'to 0706');
  // 5 MP: 1 + 1 + (1 + 1 river) = 4; one more clear hex fits (5), none beyond.
  expect(s.group!.spent['yeo-cav-1'].normal).toBe(4);
});

test('a unit can always move one hex, and that ends its move (rule 7)', () => {
  const r = structuredClone(rules) as IrlRules;
  r.index.unit['70e-3'] = { ...r.index.unit['70e-3'], mp: 1 };
  const { s, env } = position(r, { '70e-3': '0507' }, { phase: 'B' });
  env.rules = r;
  play(s, env, 'move 70e-3');
  expect(steps(ids(s, r))).toContain('0608'); // hills, 2 MP for a 1-MP unit
  mod.apply(s, 'to 0608', env);
  expect(steps(ids(s, r))).toEqual([]);
});

test('no entry into an enemy hex; cavalry into bog only along a road, never into mountain', () => {
  const { s, env } = position(rules, { '3e-chass': '0508', 'yeo-inf-1': '0507' }, { phase: 'B' });
  play(s, env, 'move 3e-chass');
  const to = steps(ids(s, rules));
  expect(to).not.toContain('0507'); // English there
  expect(to).not.toContain('0509'); // bog, no road
  expect(to).toContain('0608'); // hills by the road
});

test('stacking: never more than 5 SP in a hex, passing through included, unless a general is there', () => {
  const { s, env } = position(rules, { kilkenny: '0908', fraser: '0907', '6th-foot': '1007' }, { phase: 'D' });
  play(s, env, 'move fraser');
  expect(steps(ids(s, rules))).not.toContain('0908'); // 4 + 2 > 5
  const { s: s2, env: env2 } = position(rules, { kilkenny: '0908', fraser: '0907' }, { phase: 'D', generals: { lake: '0908' } });
  play(s2, env2, 'move fraser');
  expect(steps(ids(s2, rules))).toContain('0908');
});

test('Humbert stays with French (blue) units only: United Irishmen may not enter his hex', () => {
  const { s, env } = position(rules, { '70e-1': '0507', 'ui-1': '0506' }, { phase: 'B', generals: { humbert: '0507' } });
  play(s, env, 'move ui-1');
  expect(steps(ids(s, rules))).not.toContain('0507');
});

test('a general rides with the units of his hex; left alone he must go along', () => {
  const { s, env } = position(rules, { '70e-1': '0507' }, { phase: 'B', generals: { humbert: '0507' } });
  play(s, env, 'move 70e-1');
  // Humbert would be left alone: only "with humbert" is offered (and applied at once).
  expect(s.group!.generals).toEqual(['humbert']);
  mod.apply(s, 'to 0506', env);
  expect(s.generals.humbert.hex).toBe('0506');
});

test('control of a VP town changes when a good-order unit passes through it (rule 13.2)', () => {
  const { s, env } = position(rules, { '70e-1': '0407' }, { phase: 'B' });
  expect(s.control['0507']).toBe('English');
  play(s, env, 'move 70e-1', 'to 0507', 'to 0506', 'stop');
  expect(s.units['70e-1'].hex).toBe('0506');
  expect(s.control['0507']).toBe('French');
});

test('the Sligo Garrison is frozen until a French unit enters 0302, 0402, 0501 or 0201 (rule 12.2)', () => {
  const { s, env } = position(rules, { 'sligo-garr': '0201', '70e-1': '0303' }, { phase: 'B' });
  s.sligoFree = false;
  play(s, env, 'move 70e-1', 'to 0302', 'stop', 'end movement');
  expect(s.sligoFree).toBe(true);
  const { s: s2, env: env2 } = position(rules, { 'sligo-garr': '0201', '70e-1': '0305' }, { phase: 'D' });
  s2.sligoFree = false;
  play(s2, env2);
  expect(ids(s2, rules)).not.toContain('move sligo-garr');
});

test('dropping off a unit ends its move where it stands', () => {
  const { s, env } = position(rules, { 'yeo-cav-1': '0908', 'yeo-inf-2': '0908' }, { phase: 'D' });
  play(s, env, 'move yeo-cav-1', 'with yeo-inf-2', 'to 0907', 'drop yeo-inf-2', 'to 1007', 'stop');
  expect(s.units['yeo-inf-2'].hex).toBe('0907');
  expect(s.units['yeo-cav-1'].hex).toBe('1007');
  expect(ids(s, rules)).not.toContain('move yeo-inf-2');
});

test('a unit dropped off is logged alone, as left there; the general going on is named only with the rest (newcomer: Lake in two places)', () => {
  const { s, env } = position(rules, { '6th-foot': '0807', pow: '0807', galway: '0807' }, { phase: 'D', generals: { lake: '0807' } });
  play(s, env, 'move pow', 'with all', 'to 0706', 'drop 6th-foot', 'to 0606', 'stop');
  const log = text(env);
  expect(log).toMatch(/^6th Foot moved 0807 > 0706 and was left there\.$/m);
  expect(log).toMatch(/^Prince of Wales Fencibles, Galway Volunteers, Lake moved 0807 > 0706 > 0606\.$/m);
  expect(log.match(/Lake/g)).toHaveLength(1);
  expect(s.generals.lake.hex).toBe('0606');
});

test('a general dropped off is logged where he was left; the units going on are logged without him', () => {
  const { s, env } = position(rules, { '6th-foot': '0807', pow: '0807', galway: '0706' }, { phase: 'D', generals: { lake: '0807' } });
  play(s, env, 'move pow', 'with all', 'to 0706', 'drop lake', 'to 0606', 'stop');
  const log = text(env);
  expect(log).toMatch(/^Lake moved 0807 > 0706 and was left there\.$/m);
  expect(log).toMatch(
    /^6th Foot, Prince of Wales Fencibles moved 0807 > 0706 > 0606\.$|^Prince of Wales Fencibles, 6th Foot moved 0807 > 0706 > 0606\.$/m,
  );
  expect(log.match(/Lake/g)).toHaveLength(1);
});

test('"with all" takes the general and every unit of the hex that may come along', () => {
  const { s, env } = position(rules, { '70e-1': '0507', '70e-2': '0507', '70e-3': '0507' }, { phase: 'B', generals: { humbert: '0507' } });
  play(s, env, 'move 70e-1', 'with all');
  expect(s.group!.units).toEqual(['70e-1', '70e-2', '70e-3']);
  expect(s.group!.generals).toEqual(['humbert']);
});

test('destination moves: routes that take different towns are different options; the route is then walked hex by hex', () => {
  const { s, env } = position(rules, { '70e-1': '0908' }, { phase: 'B' });
  s.control['0908'] = 'French';
  play(s, env, 'move 70e-1', 'destination');
  const o = ids(s, rules);
  // To 1206: off the road by 1106 (4 hexes at terrain rates), or along the road through Claremorris.
  expect(o).toEqual(expect.arrayContaining(['go 1206 via none', 'go 1206 via 1105']));
  expect(o).toContain('go 1007'); // one set of effects only
  mod.apply(s, 'go 1206 via 1105', env);
  expect(s.units['70e-1'].hex).toBe('1206');
  expect(s.control['1105']).toBe('French');
  expect(text(env)).toMatch(/70e\/1 moved 0908 > 0907 > 1007 > 1106 > 1105 > 1206/);
});

test('the "destination" option says how many routes it lists, and names the only one (a newcomer saw a unit moved with no list shown)', () => {
  // Random games: at every offer of the list, its label against the list it opens.
  const { fresh } = helpers;
  const checked = { one: 0, many: 0 };
  for (let k = 0; k < 6 && (checked.one === 0 || checked.many === 0); k++) {
    const { s, env } = fresh(rules, []);
    const dice = EngineDice.seeded(`dest/${k}`);
    const e = { ...env, dice };
    advance(s, e);
    for (let n = 0; n < 3000 && !s.over; n++) {
      const d = mod.decision(s, rules)!;
      const o = d.options.find((x) => x.id === 'destination');
      if (o) {
        const routes = destinations(s, rules, s.group!, positionsOf(s, rules));
        if (routes.length === 1) {
          checked.one++;
          expect(o.label).toBe(`Choose a destination further away: only one, ${routes[0].label.replace(/^To /, 'to ')}`);
        } else if (routes.length === 0) {
          expect(o.label).toBe('Choose a destination further away (there is none: the steps are offered again)');
        } else {
          checked.many++;
          expect(o.label).toBe(`Choose a destination further away (${routes.length} routes are listed)`);
        }
      }
      mod.apply(s, d.options[(n * 7 + k) % d.options.length].id, e);
    }
  }
  expect(checked.one).toBeGreaterThan(0);
  expect(checked.many).toBeGreaterThan(0);
});
