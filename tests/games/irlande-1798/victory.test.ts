/** Victory (13), recruitment (6.2), reinforcements (6.1, 12.2), the landing (12.1). */
import { recruitmentModifier, recruitmentModifiers, recruitmentPoints } from '../../../src/games/irlande-1798/reinforcements.js';
import type { IrlRules } from '../../../src/games/irlande-1798/state.js';
import { englishAutomatic, frenchAutomatic, vpDetail } from '../../../src/games/irlande-1798/victory.js';
import { fresh, ids, mod, play, position, rulesData, text } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

test('the VP count (13.2): towns for their controller, English units eliminated or routed, French and United Irishmen eliminated', () => {
  const { s } = fresh(rules);
  expect(vpDetail(s, rules).English).toEqual({ units: 0, towns: 11, total: 11 });
  s.control['0908'] = 'French'; // Castlebar: 2 for the French, 1 less for the English
  s.control['0507'] = 'French'; // Ballina: 1 for the French, 2 less for the English
  s.units.kilkenny.place = 'eliminated'; // militia: 1
  s.units.fraser = { ...s.units.fraser, place: 'map', hex: '1206', routed: true }; // regular, routed: 2
  s.units['70e-3'].place = 'eliminated'; // French: 2 for the English
  s.units['ui-2'].place = 'eliminated'; // United Irishmen: 1
  expect(vpDetail(s, rules).French).toEqual({ units: 3, towns: 3, total: 6 });
  expect(vpDetail(s, rules).English).toEqual({ units: 3, towns: 8, total: 11 });
});

test('automatic French victory only after turn 4: every English unit but the Sligo Garrison eliminated or routed', () => {
  const { s } = position(rules, { '70e-1': '0908', 'sligo-garr': '0201' }, { turn: 4 });
  for (const u of rules.units) if (u.side === 'English' && u.id !== 'sligo-garr') s.units[u.id].place = 'eliminated';
  expect(frenchAutomatic(s, rules)).toBe(false);
  s.turn = 5;
  expect(frenchAutomatic(s, rules)).toBe(true);
  s.units.kilkenny = { ...s.units.kilkenny, place: 'map', hex: '1206', routed: false };
  expect(frenchAutomatic(s, rules)).toBe(false);
  s.units.kilkenny.routed = true;
  expect(frenchAutomatic(s, rules)).toBe(true);
});

test('the game ends in phase G with the automatic victories', () => {
  const { s, env } = position(rules, { '70e-1': '0908', kilkenny: '1206' }, { phase: 'E', turn: 5, routed: ['kilkenny'], rolls: [6] });
  for (const u of rules.units) if (u.side === 'English' && u.id !== 'kilkenny') s.units[u.id].place = 'eliminated';
  // Phase F: kilkenny fails to rally (6 > 2) and routs off the map; phase G: the Connacht Republic.
  play(s, env);
  expect(s.over).toBe(true);
  expect(mod.result(s, rules)).toMatchObject({ winner: 'French', details: { victory: 'french-automatic', automatic: true } });
  const { s: e, env: e2 } = position(rules, { kilkenny: '0908' }, { phase: 'E', turn: 2 });
  for (const u of rules.units) if (u.band === 'french') e.units[u.id].place = 'eliminated';
  expect(englishAutomatic(e, rules)).toBe(true);
  play(e, e2);
  expect(mod.result(e, rules)).toMatchObject({ winner: 'English', details: { victory: 'english-automatic' } });
});

test('after turn 8 the side with more VP wins', () => {
  const { s, env } = position(rules, { '70e-1': '0908', kilkenny: '0201' }, { phase: 'E', turn: 8 });
  for (const t of rules.victory.towns) s.control[t.hex] = 'French';
  play(s, env);
  expect(mod.result(s, rules)).toMatchObject({
    finished: true,
    winner: 'French',
    turns: 8,
    details: { victory: 'points', vpFrench: 12, vpEnglish: 0 },
  });
});

test('the Irish Recruitment Table and its modifiers (6.2)', () => {
  expect([0, 1, 2, 3, 4, 5, 6, 7, 9].map((d) => recruitmentPoints(rules, d))).toEqual([0, 0, 1, 1, 2, 2, 3, 4, 4]);
  const beaten = (militia: number) => ({ hex: '0606', militia });
  expect(recruitmentModifier(rules, { french: [], english: [beaten(1)] })).toBe(1);
  expect(recruitmentModifier(rules, { french: [], english: [beaten(3)] })).toBe(2);
  expect(recruitmentModifier(rules, { french: ['0908', '0507'], english: [beaten(1), beaten(2), beaten(0)] })).toBe(1);
});

test('each recruitment modifier is named with its cause: where the English with Irish militia, or the French, were beaten (6.2)', () => {
  expect(
    recruitmentModifiers(rules, {
      french: ['0908'],
      english: [
        { hex: '0507', militia: 2 },
        { hex: '0606', militia: 0 },
      ],
    }),
  ).toEqual([
    { value: 2, why: 'English beaten at Ballina (0507) with 2 Irish militia units' },
    { value: -1, why: 'French beaten at Castlebar (0908)' },
  ]);
});

test('recruitment: rolled when the French lacked the VP to win; fills United Irishmen counters to 3 before raising new ones', () => {
  const { s, env } = position(rules, { '70e-1': '0506', 'ui-1': '0507' }, { phase: 'A', turn: 2, rolls: [5], strength: { 'ui-1': 2 } });
  s.stage = 'reinforce';
  s.control['0507'] = 'French';
  s.vpAtEnd = [{ French: 2, English: 9 }];
  // Turn 1 saw one English force with one militia unit defeated: +1.
  s.lastTurnDefeats = { french: [], english: [{ hex: '0606', militia: 1 }] };
  play(s, env);
  expect(text(env)).toMatch(/die 5 \+1 \(English beaten at 0606 with 1 Irish militia unit\) = 6: 3 strength points/);
  // Where each point went.
  expect(text(env)).toMatch(
    /United Irishmen 1 at Ballina \(0507\) gains a strength point \(now 3 SP\)\.\n.*United Irishmen 2 is raised at Ballina \(0507\) \(1 SP\)\.\n.*United Irishmen 2 at Ballina \(0507\) gains a strength point \(now 2 SP\)/,
  );
  // The first point fills ui-1 (2 -> 3, the only choice), then new counters in a French-held town.
  expect(s.units['ui-1'].strength).toBe(3);
  // Each step had one choice: ui-1 to 3, a new ui-2 at Ballina, ui-2 filled to 2 (5 SP in the hex).
  expect(s.units['ui-2']).toMatchObject({ place: 'map', hex: '0507', strength: 2 });
  const { s: rich, env: e2 } = position(rules, { '70e-1': '0506' }, { phase: 'A', turn: 2 });
  rich.stage = 'reinforce';
  rich.vpAtEnd = [{ French: 12, English: 9 }];
  play(rich, e2);
  expect(text(e2)).not.toMatch(/Irish Recruitment Table/);
  expect(text(e2)).toMatch(/No Irish recruitment: the French led 12 to 9 VP at the end of turn 1 \(rule 6.2\)/);
});

test('turn 3 reinforcements: 6 SP cannot all stand at 1206, the English place the rest at 1205 or 1207', () => {
  const { s, env } = position(rules, { '70e-1': '0201' }, { phase: 'A', turn: 3 });
  s.stage = 'reinforce';
  for (const u of ['yeo-cav-2', 'carabiniers', 'roden']) s.units[u].place = 'reinforcement';
  play(s, env);
  expect(ids(s, rules)).toEqual(['enter roden 1205', 'enter roden 1207']);
  expect(s.units.carabiniers.hex).toBe('1206');
});

test('the landing: the Grenadiers take Killala alone and everyone lands there; they neither move nor attack that turn', () => {
  const { s, env } = fresh(rules, [6]);
  play(s, env, 'attack-killala 70e-g', 'stratagem bayonet', 'fight');
  // 2 to 1, town 1 left, bayonet 2 right: 3-1; die 6: A1/D2... the Yeomanry is eliminated.
  expect(s.units['yeo-inf-1'].place).toBe('eliminated');
  // It goes without a general: Humbert's bonus does not count.
  expect(text(env)).toMatch(/Die \| 6 = 6/);
  expect(s.units['70e-1'].hex).toBe('0307');
  expect(s.generals.humbert.hex).toBe('0307');
  expect(s.control['0307']).toBe('French');
  expect(s.phase).not.toBe('B');
});

test("a failed Killala attack leaves the French to land elsewhere (the translator's 12.1.1)", () => {
  const { s, env } = fresh(rules, [1, 1]);
  play(s, env, 'attack-killala 70e-3', 'fight');
  expect(s.stage).toBe('landing');
  expect(ids(s, rules).some((i) => i.startsWith('attack-killala'))).toBe(false);
  expect(ids(s, rules)).toContain('land 0209');
});

test('turn 4 reinforcements: Lake arrives with the first unit to enter, and the log says so (12.2)', () => {
  const { s, env } = position(rules, { '70e-1': '0201' }, { phase: 'A', turn: 4 });
  s.stage = 'reinforce';
  const turn4 = rules.reinforcements.find((r) => r.turn === 4)!;
  for (const u of turn4.units) s.units[u].place = 'reinforcement';
  s.generals.lake = { id: 'lake', place: 'reinforcement', hex: null };
  play(s, env);
  while (mod.decision(s, rules)?.options[0].id.startsWith('enter')) mod.apply(s, mod.decision(s, rules)!.options[0].id, env);
  const first = rules.index.unit[turn4.units[0]].name;
  expect(s.generals.lake.hex).toBe(s.units[turn4.units[0]].hex);
  expect(text(env)).toContain(`English reinforcement: ${first} enters at ${'Hollymount road (1206)'}, with Lake.`);
  expect(text(env).match(/with Lake/g)).toHaveLength(1);
});

test('recruitment: points lost to the stacking limit say so, not that Humbert is in the way (6.2, 5)', () => {
  // United Irishmen 1 (3 SP) and 70e/2 (2 SP) fill Ballina, the only French town; Humbert is elsewhere.
  const { s, env } = position(
    rules,
    { '70e-1': '0506', '70e-2': '0507', 'ui-1': '0507' },
    { phase: 'A', turn: 2, rolls: [6], strength: { 'ui-1': 3 }, generals: { humbert: '0506' } },
  );
  s.stage = 'reinforce';
  s.control['0507'] = 'French';
  s.vpAtEnd = [{ French: 2, English: 9 }];
  play(s, env);
  expect(text(env)).toContain(
    'The 3 points left are lost: no United Irishmen counter can take a point (United Irishmen 1 at 0507 has 3 SP) and no new counter can be raised (Ballina (0507) holds 5 SP, the stacking limit being 5).',
  );
  expect(text(env)).not.toMatch(/without Humbert/);
});
