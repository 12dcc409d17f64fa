/**
 * Every table of rules/irish-freedom.json against the rulebook's printed values, entry by entry (issue 7):
 * counters, combat results, cards, morale, victory points and levels, set-ups, the sequence's numbers.
 * The map and three counters are not printed: those entries are checked against the reconstruction in the
 * design notes (shared/design/irish-freedom-notes.md), which rules/irish-freedom.md lists.
 *
 * The values below are transcribed from the rulebook in its own form (strength "1-2-2", "Turn 2-4 = 4 Victory
 * points"), not copied from the JSON. Only `source` notes and the cards' paraphrased `text` are left out of the
 * comparison (the card texts are checked for the facts they must carry). A last test plants a fault in every
 * other value of the file, one at a time, and checks that this comparison names it.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES_DIR } from '../../../src/engine/rules.js';

const RAW: unknown = JSON.parse(readFileSync(join(RULES_DIR, 'irish-freedom.json'), 'utf8'));

// ---- the rulebook, transcribed ----

/** "Bogland-Townland-City", as the counter table prints strengths. */
const bt = (s: string) => s.split('-').map(Number);

/** The Counters (printed table; the Regular row and the support counters are blank there: design notes). */
const COUNTERS: [
  type: string,
  name: string,
  short: string,
  side: string,
  colours: string[],
  strength: string,
  movement: string,
  support: boolean,
  naval?: boolean,
][] = [
  ['army', 'Army', 'Army', 'british', ['red'], '3-4-4', 'road', false],
  ['tans', 'Tans', 'Tan', 'british', ['red'], '2-3-2', 'road', false],
  ['ric', 'RIC', 'RIC', 'british', ['red'], '1-2-2', 'region', false], // "except for Guerrillas, RIC, and UVF"
  ['uvf', 'UVF', 'UVF', 'british', ['orange'], '1-1-2', 'region', false],
  ['mob', 'Mob', 'Mob', 'either', ['orange', 'green', 'blue'], '1-1-1', 'none', false], // "Mobs ... cannot move at all"
  ['guerrilla', 'Guerrilla', 'Gue', 'irish', ['green', 'blue'], '2-1-1', 'region', false],
  ['flying-column', 'Flying Column', 'FC', 'irish', ['green'], '3-2-1', 'road', false],
  ['regular', 'Regular', 'Reg', 'irish', ['blue'], '2-2-2', 'road', false, true], // naval movement (Civil War)
  ['armoured-car', 'Armoured car', 'AC', 'either', ['blue', 'green', 'red'], '1-2-2', 'with-unit', true],
  ['artillery', 'Artillery', 'Art', 'either', ['blue', 'green', 'red'], '1-2-3', 'with-unit', true],
];

/** The Map: the six Regions by number. */
const REGIONS: [id: number, key: string, name: string][] = [
  [1, 'dublin', 'Dublin'],
  [2, 'midlands', 'Midlands'],
  [3, 'ulster', 'Ulster'],
  [4, 'west', 'The West'],
  [5, 'cork', 'Cork'],
  [6, 'kerry', 'Kerry'],
];

/** The design notes' reconstructed Areas: terrain of Areas 1-2, 3-4, 5, 6; cities; port Areas. */
const AREAS: Record<string, { terrain: string[]; city: Record<string, string>; ports: string[] }> = {
  dublin: { terrain: ['bogland', 'city', 'townland', 'city'], city: { '3-4': 'Dublin', '6': 'Dublin' }, ports: ['3-4', '6'] },
  midlands: { terrain: ['bogland', 'townland', 'townland', 'bogland'], city: {}, ports: [] },
  ulster: { terrain: ['bogland', 'city', 'townland', 'townland'], city: { '3-4': 'Belfast' }, ports: ['3-4'] },
  west: { terrain: ['bogland', 'townland', 'bogland', 'city'], city: { '6': 'Limerick' }, ports: ['6'] },
  cork: { terrain: ['townland', 'townland', 'city', 'bogland'], city: { '5': 'Cork' }, ports: ['5'] },
  kerry: { terrain: ['bogland', 'townland', 'bogland', 'bogland'], city: {}, ports: ['3-4'] },
};

/** The design notes' roads, in their order; each Region splits 1-6 between its roads in that order. */
const ROADS = [
  ['dublin', 'midlands'],
  ['dublin', 'ulster'],
  ['dublin', 'cork'],
  ['midlands', 'ulster'],
  ['midlands', 'west'],
  ['midlands', 'cork'],
  ['ulster', 'west'],
  ['west', 'cork'],
  ['west', 'kerry'],
  ['cork', 'kerry'],
];
const SPLITS: Record<number, number[][]> = {
  2: [
    [1, 2, 3],
    [4, 5, 6],
  ],
  3: [
    [1, 2],
    [3, 4],
    [5, 6],
  ],
  4: [[1, 2], [3, 4], [5], [6]],
};
function roadDice(): { ends: { region: string; dice: number[] }[] }[] {
  const taken: Record<string, number> = {};
  const count = (r: string) => ROADS.filter((x) => x.includes(r)).length;
  return ROADS.map((pair) => ({ ends: pair.map((r) => ({ region: r, dice: SPLITS[count(r)][(taken[r] = (taken[r] ?? -1) + 1)] })) }));
}

/** The Cards, in the rulebook's order, with the facts each paraphrase must carry. */
const GREEN_CARDS: [key: string, name: string, facts: string[]][] = [
  ['tom-barry', 'Tom Barry', ['Flying Column', 'British', 'Kerry', 'Cork']],
  ['kevin-barry', 'Kevin Barry', ['green Mob', 'blue Mob', 'Region']],
  ['belfast-riots', 'Belfast Riots', ['orange Mob', 'green Mob', 'Ulster']],
  ['army-auxiliaries', 'Army Auxiliaries', ['Army', 'green Mob', 'Region']],
  ['uvf-mobilisation', 'UVF mobilisation', ['UVF', 'Irish unit', 'Ulster']],
  ['limerick-soviet', 'Limerick Soviet', ['British', 'Region', 'turn']],
  ['g-division', 'G Division', ['Dublin City', 'Mob', 'non-Mob']],
  ['bloody-sunday', 'Bloody Sunday', ['RIC', 'Tans', 'Dublin']],
  ['reprisals', 'Reprisals', ['every Region', 'Area']],
];
const BLUE_CARDS: [key: string, name: string, facts: string[]][] = [
  ['churchill', 'Churchill', ['blue Artillery', 'blue Regular']],
  ['the-mutineer', 'The Mutineer', ['green Armoured car', 'strongest green unit']],
  ['border-campaign', 'Border Campaign', ['green Guerrilla', 'Ulster']],
  ['michael-collins', 'Michael Collins', ['Cork', 'Kerry', '2']],
  ['emmet-dalton', 'Emmet Dalton', ['naval landing', 'without a port', 'Ulster', 'Midlands', 'This turn']],
  ['dublin-guards', 'Dublin Guards', ['blue Regular', 'adds 1', 'green Mob']],
  ['liam-lynch', 'Liam Lynch', ['green Flying Column', 'random Region']],
  ['the-big-house', 'The Big House', ['other than Ulster', 'weakest green unit']],
  ['executions', 'Executions', ['green Mob', 'random Region']],
];

/** Combat: the combat score table ("1 or less" and "6 or more" are open-ended). */
const COMBAT: [score: string, loser: string, eliminated: number, text: string][] = [
  ['1 or less', 'attacker', 2, '2 attackers eliminated, the rest retreat'],
  ['2', 'attacker', 1, '1 attacker eliminated, the rest retreat'],
  ['3', 'attacker', 0, 'all attackers retreat'],
  ['4', 'defender', 0, 'all defenders retreat'],
  ['5', 'defender', 1, '1 defender eliminated, the rest retreat'],
  ['6 or more', 'defender', 2, '2 defenders eliminated, the rest retreat'],
];
const OPEN = 99; // the data's bound for "or less" / "or more"
const scoreRange = (s: string) =>
  s.endsWith('or less') ? [-OPEN, parseInt(s)] : s.endsWith('or more') ? [parseInt(s), OPEN] : [Number(s), Number(s)];

/** A set-up line: "RIC in Dublin 5" -> placement. */
const place = (type: string, colour: string, area: string) => ({ area, type, colour });

/** Everything the file holds, in the file's shape, from the transcription above. */
function expected(): unknown {
  const areas: unknown[] = [];
  for (const [, key] of REGIONS) {
    ['1-2', '3-4', '5', '6'].forEach((die, i) => {
      const a = AREAS[key];
      areas.push({ region: key, die, terrain: a.terrain[i], port: a.ports.includes(die), city: a.city[die] ?? null });
    });
  }
  return {
    game: 'irish-freedom',
    edition: '2013',
    terrains: [
      { key: 'bogland', name: 'Bogland', short: 'Bog' },
      { key: 'townland', name: 'Townland', short: 'Town' },
      { key: 'city', name: 'City', short: 'City' },
    ],
    regions: REGIONS.map(([id, key, name]) => ({ id, key, name })),
    areas,
    roads: roadDice(),
    counters: COUNTERS.map(([type, name, short, side, colours, strength, movement, support, naval]) => ({
      type,
      name,
      short,
      side,
      colours,
      strength: bt(strength),
      movement,
      ...(naval ? { naval } : {}),
      support,
    })),
    cards: {
      green: GREEN_CARDS.map(([key, name]) => ({ key, name })),
      blue: BLUE_CARDS.map(([key, name]) => ({ key, name })),
    },
    combatResults: COMBAT.map(([score, loser, eliminated, text]) => {
      const [min, max] = scoreRange(score);
      return { min, max, loser, eliminated, text };
    }),
    highModifier: { threshold: 4 }, // "a modifier of 4 or greater"
    upgrades: [
      { from: 'mob', colour: 'green', to: 'guerrilla', tier: 1 }, // "First, a mob is upgraded to a Guerrilla"
      { from: 'mob', colour: 'blue', to: 'guerrilla', tier: 1 },
      { from: 'guerrilla', colour: 'blue', to: 'regular', tier: 2 }, // "Secondly, a blue Guerrilla ... Regular"
      { from: 'guerrilla', colour: 'green', to: 'flying-column', tier: 2 },
    ],
    britishMoveOrder: { order: ['army', 'tans', 'ric', 'uvf'] }, // "Army, then Tans, then RIC, then UVF"
    civilWarMoveOrder: { order: ['army', 'tans', 'flying-column', 'ric', 'guerrilla', 'uvf'] }, // Tans: reconstruction
    britishMorale: { start: 10, perRegion: 1, perCity: 1, perEliminated: 1, eliminatedTypes: ['army', 'ric', 'tans'] },
    treatyPoints: [
      { turns: [2, 3, 4], points: 4 },
      { turns: [5, 6], points: 3 },
      { turns: [7, 8], points: 2 },
      { turns: [9, 10], points: 1 },
    ],
    ulsterBonus: { points: 1 },
    treatyLevels: [
      { min: 4, name: 'Major Irish Victory' },
      { min: 3, name: 'Good Irish Victory' },
      { min: 2, name: 'Historical Irish Victory' },
      { min: 1, name: 'Poor Irish Victory' },
    ],
    surrenderPoints: [
      { turns: [1, 2], points: 3 },
      { turns: [3, 4], points: 2 },
      { turns: [5, 6], points: 1 },
    ],
    blueRegionPoints: { points: 1 },
    finalLevels: [
      { min: 9, name: 'Major Victory (Michael Collins)' },
      { min: 7, name: 'Good Victory (The Wind that Shakes the Barley)' },
      { min: 5, name: 'Average Victory (The Field)' },
      { min: -OPEN, name: 'Poor Victory (The Crying Game)' }, // "4 or less"
    ],
    lastTurn: { turn: 10 },
    actions: { independence: 2, civil: 3 }, // "two actions"; "three (not two) actions"
    freeStateRecruits: { types: ['regular', 'armoured-car', 'artillery'], areas: ['dublin/3-4', 'dublin/6'] },
    independenceSetup: [
      place('ric', 'red', 'dublin/5'),
      place('army', 'red', 'dublin/3-4'),
      place('mob', 'blue', 'dublin/6'),
      place('ric', 'red', 'midlands/3-4'),
      place('guerrilla', 'blue', 'midlands/1-2'),
      place('ric', 'red', 'ulster/5'),
      place('army', 'red', 'ulster/3-4'),
      place('uvf', 'orange', 'ulster/3-4'),
      place('uvf', 'orange', 'ulster/6'),
      place('guerrilla', 'green', 'ulster/1-2'),
      place('ric', 'red', 'west/6'),
      place('guerrilla', 'green', 'west/1-2'),
      place('ric', 'red', 'cork/1-2'),
      place('army', 'red', 'cork/5'),
      place('guerrilla', 'green', 'cork/6'),
      place('ric', 'red', 'kerry/3-4'),
      place('flying-column', 'green', 'kerry/1-2'),
    ],
    treatySetup: {
      ulsterPartition: [place('ric', 'red', 'ulster/5'), place('army', 'red', 'ulster/3-4')], // step 2
      // The Ulster Question: "one UVF in each non-bogland Area, plus an orange Mob in the City Area"
      ulsterUnited: [
        place('uvf', 'orange', 'ulster/3-4'),
        place('uvf', 'orange', 'ulster/5'),
        place('uvf', 'orange', 'ulster/6'),
        place('mob', 'orange', 'ulster/3-4'),
      ],
      dublin: [place('guerrilla', 'green', 'dublin/6'), place('regular', 'blue', 'dublin/3-4')], // steps 7, 8
      artilleryRegion: 'dublin', // step 9
      armouredCarExcludedRegion: 'ulster', // step 10
    },
  };
}

// ---- the comparison ----

/** The file without `source` notes and without the cards' paraphrased `text`. */
function compared(raw: unknown, path: string[] = []): unknown {
  if (Array.isArray(raw)) return raw.map((x, i) => compared(x, [...path, String(i)]));
  if (raw === null || typeof raw !== 'object') return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'source') continue;
    if (k === 'text' && path[0] === 'cards') continue;
    out[k] = compared(v, [...path, k]);
  }
  return out;
}

/** Where two values differ: "counters/2/strength/1: rulebook 2, data 3". */
function differences(want: unknown, got: unknown, path = ''): string[] {
  const at = path || '(top)';
  if (Array.isArray(want) || Array.isArray(got)) {
    if (!Array.isArray(want) || !Array.isArray(got)) return [`${at}: rulebook ${JSON.stringify(want)}, data ${JSON.stringify(got)}`];
    const out: string[] = [];
    if (want.length !== got.length) out.push(`${at}: rulebook has ${want.length} entries, data ${got.length}`);
    for (let i = 0; i < Math.min(want.length, got.length); i++) out.push(...differences(want[i], got[i], `${path}/${i}`));
    return out;
  }
  if (want && got && typeof want === 'object' && typeof got === 'object') {
    const out: string[] = [];
    const keys = new Set([...Object.keys(want), ...Object.keys(got)]);
    for (const k of keys)
      out.push(...differences((want as Record<string, unknown>)[k], (got as Record<string, unknown>)[k], `${path}/${k}`));
    return out;
  }
  return Object.is(want, got) ? [] : [`${at}: rulebook ${JSON.stringify(want)}, data ${JSON.stringify(got)}`];
}

const EXPECTED = expected();
const check = (raw: unknown) => differences(EXPECTED, compared(raw));

describe('rules/irish-freedom.json against the rulebook, entry by entry', () => {
  const r = RAW as Record<string, unknown>;
  const want = expected() as Record<string, unknown>;
  test('counters: strength in Bogland-Townland-City, colours, movement (The Counters)', () => {
    expect(differences(want.counters, compared(r.counters))).toEqual([]);
  });
  test('the combat score table (Combat)', () => {
    expect(differences(want.combatResults, compared(r.combatResults))).toEqual([]);
  });
  test('both card lists, by name and order (The Cards)', () => {
    expect(differences(want.cards, compared(r.cards, ['cards']))).toEqual([]);
  });
  test("each card's paraphrase carries the facts of its printed text", () => {
    for (const [deck, list] of [
      ['green', GREEN_CARDS],
      ['blue', BLUE_CARDS],
    ] as const) {
      for (const [key, , facts] of list) {
        const card = (r.cards as Record<string, { key: string; text: string }[]>)[deck].find((c) => c.key === key)!;
        for (const f of facts) expect(`${key}: ${card.text}`).toContain(f);
      }
    }
  });
  test('morale, Treaty and surrender points, victory levels, turns and actions', () => {
    const keys = [
      'britishMorale',
      'treatyPoints',
      'ulsterBonus',
      'treatyLevels',
      'surrenderPoints',
      'blueRegionPoints',
      'finalLevels',
      'lastTurn',
      'actions',
      'highModifier',
      'upgrades',
      'britishMoveOrder',
      'civilWarMoveOrder',
      'freeStateRecruits',
    ];
    for (const k of keys) expect(differences(want[k], compared(r[k]), k)).toEqual([]);
  });
  test('the War of Independence set-up and the Civil War set-up steps', () => {
    expect(differences(want.independenceSetup, compared(r.independenceSetup))).toEqual([]);
    expect(differences(want.treatySetup, compared(r.treatySetup))).toEqual([]);
  });
  test('the map: Regions, the reconstructed Areas and roads', () => {
    for (const k of ['terrains', 'regions', 'areas', 'roads']) expect(differences(want[k], compared(r[k]), k)).toEqual([]);
  });
  test('nothing in the file escapes the comparison', () => {
    expect(check(RAW)).toEqual([]);
  });
});

describe('a planted fault in any value fails the comparison', () => {
  /** Every value of the file (path and value), `source` notes and card texts aside. */
  function leaves(x: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: unknown }[] {
    if (Array.isArray(x)) return x.flatMap((v, i) => leaves(v, [...path, i]));
    if (x && typeof x === 'object') {
      return Object.entries(x).flatMap(([k, v]) =>
        k === 'source' || (k === 'text' && path[0] === 'cards') ? [] : leaves(v, [...path, k]),
      );
    }
    return [{ path, value: x }];
  }
  function planted(path: (string | number)[], fault: (v: unknown) => unknown): unknown {
    type Node = Record<string | number, unknown>;
    const copy = structuredClone(RAW) as Node;
    let o = copy;
    for (const k of path.slice(0, -1)) o = o[k] as Node;
    const last = path[path.length - 1];
    o[last] = fault(o[last]);
    return copy;
  }
  const fault = (v: unknown): unknown =>
    typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : typeof v === 'string' ? (v === 'red' ? 'green' : v + 'x') : 'x';

  test('each value changed, one at a time (a strength 2 -> 3, a points 4 -> 5, a port flipped), is named', () => {
    const all = leaves(RAW);
    expect(all.length).toBeGreaterThan(400);
    const missed = all.filter((l) => check(planted(l.path, fault)).length === 0).map((l) => l.path.join('/'));
    expect(missed).toEqual([]);
  });

  test('an entry dropped from any list is named', () => {
    const lists: (string | number)[][] = [];
    const walk = (x: unknown, path: (string | number)[]) => {
      if (Array.isArray(x)) {
        if (x.length) lists.push(path);
        x.forEach((v, i) => walk(v, [...path, i]));
      } else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) walk(v, [...path, k]);
    };
    walk(RAW, []);
    const missed = lists.filter((p) => check(planted(p, (v) => (v as unknown[]).slice(0, -1))).length === 0).map((p) => p.join('/'));
    expect(missed).toEqual([]);
  });

  test('the message says which entry and both values', () => {
    const ric = (RAW as { counters: { type: string }[] }).counters.findIndex((c) => c.type === 'ric');
    expect(check(planted(['counters', ric, 'strength', 1], () => 3))).toEqual([`/counters/${ric}/strength/1: rulebook 2, data 3`]);
  });
});
