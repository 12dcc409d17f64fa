/** Cross-checks of the rules data that the JSON Schema cannot express (module contract: loadRules). */
import { RulesDataError } from '../../engine/module.js';
import { buildIndex, fillEnterCosts, offsetOf } from './map.js';
import type { IrlRules, IrlRulesData } from './state.js';

/**
 * Checks every hex of the rows x columns grid is there once, roads join neighbours, river hexsides are
 * between neighbours, coast flags agree with the sea, every unit is placed, scheduled or in the
 * United Irishmen pool exactly once, the CRT is complete, the tables are contiguous.
 * Returns the rules with their derived index. Throws RulesDataError listing every problem.
 */
export function checkRules(raw: unknown): IrlRules {
  const r = raw as IrlRulesData;
  const p: string[] = [];
  const seen = new Set<string>();
  r.map.hexes.forEach((h, i) => {
    if (seen.has(h.id)) p.push(`/map/hexes/${i}: duplicate hex ${h.id}`);
    seen.add(h.id);
    const { col, row } = offsetOf(h.id, r.map.columns);
    if (row < 0 || row >= r.map.rows || col < 0 || col >= r.map.columns)
      p.push(`/map/hexes/${i}: hex ${h.id} is off the ${r.map.rows}x${r.map.columns} map`);
  });
  for (let xx = 1; xx <= r.map.rows; xx++)
    for (let yy = 1; yy <= r.map.columns; yy++) {
      const id = String(xx).padStart(2, '0') + String(yy).padStart(2, '0');
      if (!seen.has(id)) p.push(`/map/hexes: hex ${id} is missing`);
    }
  if (p.length) throw new RulesDataError('Irlande 1798 rules data fails its cross-checks', p);
  const index = buildIndex(r);
  const isHex = (h: string) => seen.has(h);
  const nb = (a: string, b: string) => index.neighbours[a]?.includes(b);
  const terrainKeys = new Set(r.terrain.map((t) => t.key));
  for (const t of ['clear', 'village', 'town', 'hills', 'bog', 'mountain', 'lake', 'sea'])
    if (!terrainKeys.has(t as never)) p.push(`/terrain: terrain "${t}" is missing`);
  r.map.hexes.forEach((h, i) => {
    const seaNext = index.neighbours[h.id].some((n) => index.hex[n].terrain === 'sea');
    const land = h.terrain !== 'sea' && h.terrain !== 'lake';
    if (h.coast !== (land && seaNext))
      p.push(`/map/hexes/${i}: hex ${h.id} coast should be ${land && seaNext} (a land hex next to the sea)`);
  });
  r.map.roads.forEach((road, i) => {
    road.path.forEach((h, j) => {
      if (!isHex(h)) p.push(`/map/roads/${i}/path/${j}: unknown hex ${h}`);
      else if (j > 0 && !nb(road.path[j - 1], h)) p.push(`/map/roads/${i} (${road.name}): ${road.path[j - 1]} and ${h} are not neighbours`);
      else if (['sea', 'lake'].includes(index.hex[h].terrain)) p.push(`/map/roads/${i}: a road through ${index.hex[h].terrain} hex ${h}`);
    });
  });
  r.map.rivers.forEach((river, i) =>
    river.hexsides.forEach(([a, b], j) => {
      if (!isHex(a) || !isHex(b) || !nb(a, b)) p.push(`/map/rivers/${i}/hexsides/${j}: ${a}-${b} is not a hexside between neighbours`);
    }),
  );
  // Every unit exactly once: placed, at sea, scheduled, or in the United Irishmen pool.
  const where = new Map<string, string>();
  const place = (u: string, at: string) => {
    if (!r.units.some((x) => x.id === u)) p.push(`${at}: unknown unit ${u}`);
    if (where.has(u)) p.push(`${at}: unit ${u} is also ${where.get(u)}`);
    where.set(u, at);
  };
  r.setup.french.units.forEach((u, i) => place(u, `/setup/french/units/${i}`));
  r.setup.english.forEach((e, i) => {
    place(e.unit, `/setup/english/${i}`);
    if (!isHex(e.hex)) p.push(`/setup/english/${i}: unknown hex ${e.hex}`);
  });
  r.setup.unitsInPool.forEach((u, i) => place(u, `/setup/unitsInPool/${i}`));
  r.reinforcements.forEach((rf, i) => {
    rf.units.forEach((u, j) => place(u, `/reinforcements/${i}/units/${j}`));
    if (!isHex(rf.hex)) p.push(`/reinforcements/${i}: unknown hex ${rf.hex}`);
    if (rf.turn > r.turns.count)
      p.push(`/reinforcements/${i}/turn: turn ${rf.turn} is after the last turn (/turns/count: ${r.turns.count})`);
  });
  for (const u of r.units) if (!where.has(u.id)) p.push(`/units: ${u.id} is neither placed, scheduled nor in the pool`);
  for (const u of r.units) {
    if (u.reduced !== null && u.reduced >= u.full) p.push(`/units: ${u.id} reduced strength must be below full`);
    if (u.variable && u.side !== 'French') p.push(`/units: ${u.id}: only United Irishmen have a variable strength`);
  }
  for (const u of r.setup.unitsInPool)
    if (r.units.find((x) => x.id === u)?.band !== 'united-irishmen') p.push(`/setup/unitsInPool: ${u} is not a United Irishmen counter`);
  const gens = new Map<string, string>();
  const generalRefs = [
    ...r.setup.french.generals.map((g, i) => [`/setup/french/generals/${i}`, g]),
    ...r.reinforcements.flatMap((x, i) => x.generals.map((g, j) => [`/reinforcements/${i}/generals/${j}`, g])),
  ];
  for (const [at, g] of generalRefs) {
    if (!r.generals.some((x) => x.id === g)) p.push(`${at}: unknown general ${g}`);
    if (gens.has(g)) p.push(`${at}: general ${g} is also ${gens.get(g)}`);
    gens.set(g, at);
  }
  for (const g of r.generals) if (!gens.has(g.id)) p.push(`/generals: ${g.id} is neither placed nor scheduled`);
  if (!isHex(r.setup.fleetHex) || index.hex[r.setup.fleetHex].terrain !== 'sea') p.push('/setup/fleetHex: must be a sea hex');
  if (!index.landing.length) p.push("/setup/fleetHex: no coastal hex on the fleet's sea");
  const hexRefs: [string, string][] = [
    ...r.setup.sligoFrozenUntil.map((h, i): [string, string] => [`/setup/sligoFrozenUntil/${i}`, h]),
    ['/setup/killala', r.setup.killala],
    ['/rout/sligoRoutHex', r.rout.sligoRoutHex],
    ...r.rout.englishRoutHexes.map((h, i): [string, string] => [`/rout/englishRoutHexes/${i}`, h]),
  ];
  for (const [at, h] of hexRefs) if (!isHex(h)) p.push(`${at}: unknown hex ${h}`);
  if (!r.units.some((u) => u.id === r.rout.sligoGarrison)) p.push('/rout/sligoGarrison: unknown unit');
  const townAt = new Map<string, number>();
  r.victory.towns.forEach((t, i) => {
    // 13.2: each town or village counts once; two entries on one hex would count it twice.
    const before = townAt.get(t.hex);
    if (before !== undefined)
      p.push(`/victory/towns/${i}: ${t.name} is on hex ${t.hex}, as /victory/towns/${before} (${r.victory.towns[before].name}) is`);
    else townAt.set(t.hex, i);
    if (!isHex(t.hex)) p.push(`/victory/towns/${i}: unknown hex ${t.hex}`);
    else if (!['town', 'village'].includes(index.hex[t.hex].terrain))
      p.push(`/victory/towns/${i}: ${t.name} (${t.hex}) is ${index.hex[t.hex].terrain}, not a town or village`);
  });
  // CRT: one row per die from minDie to maxDie, one cell per column.
  const { minDie, maxDie } = r.crt;
  const dice = r.crt.rows.map((x) => x.die).join();
  if (maxDie < minDie) p.push(`/crt/maxDie: ${maxDie} is below minDie ${minDie}: the table has one row per die from minDie to maxDie`);
  else {
    const want = Array.from({ length: maxDie - minDie + 1 }, (_, k) => minDie + k).join();
    if (dice !== want)
      p.push(`/crt/rows: one row per die from minDie ${minDie} to maxDie ${maxDie}, in order: dice ${want} (got ${dice || 'no rows'})`);
  }
  r.crt.rows.forEach((row, i) => {
    if (row.results.length !== r.crt.columns.length)
      p.push(`/crt/rows/${i}: ${row.results.length} cells for ${r.crt.columns.length} columns`);
    row.results.forEach((c, j) => {
      if (c.attacker.startsWith('D') || c.defender.startsWith('A'))
        p.push(`/crt/rows/${i}/results/${j}: attacker takes A results, defender D results`);
    });
  });
  const contiguous = (rows: { min: number; max: number }[], at: string) => {
    for (let i = 1; i < rows.length; i++)
      if (rows[i].min !== rows[i - 1].max + 1) p.push(`${at}: ranges must be contiguous (at ${rows[i].min})`);
  };
  contiguous(r.recruitment.table, '/recruitment/table');
  contiguous(r.bombardment.results, '/bombardment/results');
  if (p.length) throw new RulesDataError('Irlande 1798 rules data fails its cross-checks', p);
  const rules = { ...r, index };
  fillEnterCosts(rules);
  return rules;
}
