/** Cross-checks of the rules data that a JSON Schema cannot express. */
import { RulesDataError } from '../../engine/module.js';
import type { IFRules } from './state.js';
import { quote } from '../../engine/quote.js';
import { interned } from './map.js';

export const GREEN_CARDS = [
  'tom-barry',
  'kevin-barry',
  'belfast-riots',
  'army-auxiliaries',
  'uvf-mobilisation',
  'limerick-soviet',
  'g-division',
  'bloody-sunday',
  'reprisals',
];
export const BLUE_CARDS = [
  'churchill',
  'the-mutineer',
  'border-campaign',
  'michael-collins',
  'emmet-dalton',
  'dublin-guards',
  'liam-lynch',
  'the-big-house',
  'executions',
];
const TYPES = ['army', 'tans', 'ric', 'uvf', 'mob', 'guerrilla', 'flying-column', 'regular', 'armoured-car', 'artillery'];

export function checkRules(raw: unknown): IFRules {
  const r = raw as IFRules;
  const p: string[] = [];
  const regionKeys = new Set(r.regions.map((x) => x.key));
  const ids = r.regions.map((x) => x.id).sort();
  if (ids.join() !== '1,2,3,4,5,6') p.push(`/regions: ids must be 1-6 once each (got ${ids.join(',')})`);
  // The map's scans keep one bit per Area in a 32-bit number (map.ts, mapOf).
  if (r.areas.length > 31) p.push(`/areas: at most 31 Areas (got ${r.areas.length})`);
  const areaIds = new Set<string>();
  r.areas.forEach((a, i) => {
    if (!regionKeys.has(a.region)) p.push(`/areas/${i}: unknown region ${quote(a.region)}`);
    const id = `${a.region}/${a.die}`;
    if (areaIds.has(id)) p.push(`/areas/${i}: duplicate Area ${id}`);
    areaIds.add(id);
    if (a.terrain === 'city' && !a.city) p.push(`/areas/${i}: a City Area needs a city name`);
  });
  for (const reg of r.regions) {
    const dice = r.areas
      .filter((a) => a.region === reg.key)
      .map((a) => a.die)
      .sort()
      .join(',');
    if (dice !== '1-2,3-4,5,6') p.push(`/areas: Region ${reg.key} needs four Areas 1-2, 3-4, 5, 6 (got ${dice || 'none'})`);
    const ends: number[] = [];
    r.roads.forEach((road) =>
      road.ends.forEach((e) => {
        if (e.region === reg.key) ends.push(...e.dice);
      }),
    );
    ends.sort();
    if (ends.join() !== '1,2,3,4,5,6')
      p.push(`/roads: Region ${reg.key}'s road numbers must cover 1-6 exactly once (got ${ends.join(',') || 'none'})`);
  }
  r.roads.forEach((road, i) => {
    if (road.ends.length !== 2) p.push(`/roads/${i}: a road has two ends`);
    road.ends.forEach((e, j) => {
      if (!regionKeys.has(e.region)) p.push(`/roads/${i}/ends/${j}: unknown region ${quote(e.region)}`);
    });
    if (road.ends[0]?.region === road.ends[1]?.region) p.push(`/roads/${i}: a road joins two different Regions`);
  });
  const types = new Set(r.counters.map((c) => c.type));
  for (const t of TYPES) if (!types.has(t as never)) p.push(`/counters: missing counter type "${t}"`);
  const cardKeys = (list: { key: string }[]) =>
    list
      .map((c) => c.key)
      .sort()
      .join(',');
  if (cardKeys(r.cards.green) !== [...GREEN_CARDS].sort().join(','))
    p.push(`/cards/green: must be the nine War of Independence cards (${GREEN_CARDS.join(', ')})`);
  if (cardKeys(r.cards.blue) !== [...BLUE_CARDS].sort().join(','))
    p.push(`/cards/blue: must be the nine Civil War cards (${BLUE_CARDS.join(', ')})`);
  p.push(...combatRowProblems(r.combatResults));
  // Treaty Sequence: a Treaty can come at any treaty check, turn 2 (turn 1 skips it) to the last turn,
  // so every one of those turns needs its points; Ending the Game gives no points for a late surrender,
  // so surrender turns without a row are allowed. A turn in two rows would score by the first found.
  p.push(...turnRowProblems('/treatyPoints', r.treatyPoints, { from: 2, to: r.lastTurn.turn }));
  p.push(...turnRowProblems('/surrenderPoints', r.surrenderPoints));
  const placements = [
    ...r.independenceSetup.map((x, i) => [`/independenceSetup/${i}`, x] as const),
    ...r.treatySetup.ulsterPartition.map((x, i) => [`/treatySetup/ulsterPartition/${i}`, x] as const),
    ...r.treatySetup.ulsterUnited.map((x, i) => [`/treatySetup/ulsterUnited/${i}`, x] as const),
    ...r.treatySetup.dublin.map((x, i) => [`/treatySetup/dublin/${i}`, x] as const),
  ];
  for (const [path, x] of placements) {
    if (!areaIds.has(x.area)) p.push(`${path}: unknown Area ${quote(x.area)}`);
    const c = r.counters.find((k) => k.type === x.type);
    if (c && !c.colours.includes(x.colour)) p.push(`${path}: a ${x.type} cannot be ${x.colour}`);
  }
  for (const a of r.freeStateRecruits.areas) if (!areaIds.has(a)) p.push(`/freeStateRecruits: unknown Area ${quote(a)}`);
  for (const u of r.upgrades) if (!types.has(u.from) || !types.has(u.to)) p.push(`/upgrades: unknown type in ${u.from} -> ${u.to}`);
  if (p.length) throw new RulesDataError('Irish Freedom rules data fails its cross-checks', p);
  internStrings(r);
  return r;
}

/** Replaces, in place, every string value of freshly parsed data by the same text interned (map.ts, interned):
 *  the unit types and colours the set-up places then compare with the rules' own words by identity. */
function internStrings(x: unknown): void {
  if (Array.isArray(x)) {
    x.forEach((v, i) => {
      if (typeof v === 'string') x[i] = interned(v);
      else internStrings(v);
    });
  } else if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (typeof o[k] === 'string') o[k] = interned(o[k]);
      else internStrings(o[k]);
    }
  }
}

/**
 * The Combat table's rows must cover every score once: each problem names the scores no row covers
 * ("no row for score 3") or the rows that cover the same scores, by their JSON paths.
 */
export function combatRowProblems(rows: { min: number; max: number }[]): string[] {
  const p: string[] = [];
  const sorted = rows.map((row, i) => ({ ...row, i })).sort((a, b) => a.min - b.min || a.max - b.max);
  const span = (a: number, b: number) => (a === b ? `score ${a}` : `scores ${a} to ${b}`);
  const scores = (x: { min: number; max: number }) => (x.min === x.max ? `score ${x.min}` : `scores ${x.min} to ${x.max}`);
  for (let k = 1; k < sorted.length; k++) {
    const [a, b] = [sorted[k - 1], sorted[k]];
    if (b.min > a.max + 1)
      p.push(
        `/combatResults: no row for ${span(a.max + 1, b.min - 1)} (between /combatResults/${a.i}, ${scores(a)}, and /combatResults/${b.i}, ${scores(b)})`,
      );
    else if (b.min <= a.max) p.push(`/combatResults/${b.i}: overlaps /combatResults/${a.i} on ${span(b.min, Math.min(a.max, b.max))}`);
  }
  return p;
}

/**
 * Rows of points by turn (treatyPoints, surrenderPoints): no turn in two rows (nor twice in one), each
 * named by its rows' JSON paths; with `full`, every turn from `full.from` to `full.to` in some row.
 */
export function turnRowProblems(path: string, rows: { turns: number[] }[], full?: { from: number; to: number }): string[] {
  const p: string[] = [];
  const rowOf = new Map<number, number>();
  rows.forEach((row, i) => {
    for (const t of row.turns) {
      const first = rowOf.get(t);
      if (first === undefined) rowOf.set(t, i);
      else if (first === i) p.push(`${path}/${i}: turn ${t} is listed twice`);
      else p.push(`${path}/${i}: turn ${t} is also in ${path}/${first}`);
    }
  });
  if (full) {
    const missing: number[] = [];
    for (let t = full.from; t <= full.to; t++) if (!rowOf.has(t)) missing.push(t);
    if (missing.length)
      p.push(
        `${path}: no row for ${missing.length === 1 ? 'turn' : 'turns'} ${missing.join(', ')} (every turn from ${full.from} to ${full.to} needs one)`,
      );
  }
  return p;
}
