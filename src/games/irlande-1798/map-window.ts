/**
 * The map on a short screen (render.ts): which rows of the map it shows when not all fit (rows holding
 * the decision at hand or units before rows of only terrain: focusRows), and what it says of the rows
 * left out.
 */
import type { HexId, SideName } from './state.js';
import type { IrlView, UnitView } from './view.js';

const hexId = (xx: number, yy: number): HexId => String(xx).padStart(2, '0') + String(yy).padStart(2, '0');

/** Hexes whose contents changed since the previous view (moved, arrived, eliminated, flipped, routed, control). */
export function changes(v: IrlView, prev: IrlView | undefined): { hexes: Set<HexId>; notes: string[] } {
  const hexes = new Set<HexId>();
  const notes: string[] = [];
  if (!prev || !Array.isArray(prev.units)) return { hexes, notes };
  const before = new Map(prev.units.map((u) => [u.id, u]));
  for (const u of v.units) {
    const b = before.get(u.id);
    if (!b) {
      if (u.place === 'map' && u.hex) {
        hexes.add(u.hex);
        notes.push(`${u.name} appeared at ${u.hex}`);
      }
      continue;
    }
    if (b.place !== u.place || b.hex !== u.hex) {
      if (b.hex && b.place === 'map') hexes.add(b.hex);
      if (u.hex && u.place === 'map') hexes.add(u.hex);
      if (u.place === 'eliminated') notes.push(`${u.name} eliminated`);
      else if (b.place === 'reinforcement' || b.place === 'pool') notes.push(`${u.name} arrived at ${u.hex}`);
      else if (u.place === 'map') notes.push(`${u.name} ${b.hex ?? 'sea'}>${u.hex}`);
    } else if (b.strength !== u.strength || b.routed !== u.routed) {
      if (u.hex) hexes.add(u.hex);
      notes.push(`${u.name} ${b.strength !== u.strength ? `${b.strength}>${u.strength} SP` : u.routed ? 'routed' : 'rallied'}`);
    }
  }
  for (const [h, who] of Object.entries(v.control))
    if (prev.control?.[h] !== who) {
      hexes.add(h);
      notes.push(`${h} now ${who}`);
    }
  const hs = v.hiddenStack;
  const ph = prev.hiddenStack;
  if (hs && ph && (hs.hex !== ph.hex || hs.counters !== ph.counters)) {
    hexes.add(hs.hex);
    hexes.add(ph.hex);
    // Say what changed: the hex it moved to, or only its number of counters (units joined or left it).
    const count =
      hs.counters !== ph.counters && hs.counters !== null && ph.counters !== null ? `${ph.counters}>${hs.counters} counters` : '';
    const moved = hs.hex !== ph.hex ? `${ph.hex}>${hs.hex}` : '';
    notes.push(`Humbert's stack ${[moved, count].filter(Boolean).join(', ')}`);
  }
  return { hexes, notes };
}

/** The hexes of the decision at hand, as far as the view tells them (its stage, the moving stack, the combat). */
export function decisionHexes(v: IrlView): HexId[] {
  const r = v.rules;
  const me = v.viewer;
  const mine = (u: UnitView) => me === 'all' || u.side === me;
  const onMap = v.units.filter((u) => u.place === 'map' && u.hex);
  const out: HexId[] = [];
  if (v.moving) {
    const h = v.moving.path[v.moving.path.length - 1];
    // The hexes it may step to: never the sea (an all-sea row 1 took a row of the map).
    out.push(h, ...r.index.neighbours[h].filter((n) => r.index.hex[n]?.terrain !== 'sea'));
  }
  if (v.combat) {
    out.push(v.combat.target);
    for (const id of v.combat.attackers ?? []) {
      const u = onMap.find((x) => x.id === id);
      if (u) out.push(u.hex!);
    }
  }
  switch (v.stage) {
    case 'landing':
      if (!v.combat) out.push(r.setup.fleetHex, ...r.index.landing);
      break;
    case 'reinforce':
      out.push(...r.reinforcements.map((x) => x.hex), ...r.rout.englishRoutHexes);
      break;
    case 'recruit':
      for (const u of onMap) if (u.band === 'united-irishmen') out.push(u.hex!);
      for (const t of r.victory.towns) if (v.control[t.hex] === 'French') out.push(t.hex);
      break;
    case 'combat': {
      // Enemy hexes next to the deciding side's units, and those units.
      const enemy = onMap.filter((u) => !mine(u)).map((u) => u.hex!);
      if (me === 'English' && v.hiddenStack && !v.hiddenStack.atSea) enemy.push(v.hiddenStack.hex);
      for (const u of onMap.filter(mine)) for (const e of enemy) if (r.index.neighbours[u.hex!].includes(e)) out.push(u.hex!, e);
      break;
    }
    case 'move':
      if (!v.moving) for (const u of onMap) if (mine(u) && !u.routed) out.push(u.hex!);
      break;
    case 'tasks':
      if (!v.combat) for (const u of onMap) if (mine(u) && u.routed) out.push(u.hex!);
      break;
  }
  return [...new Set(out)];
}

/**
 * Rows worth showing when only `n` fit. The rule: rows holding something come before rows of only
 * terrain (sea, empty land), and among them, in this order: the rows of the decision at hand, the rows
 * of the viewer's units (the deciding side's, on its decision screen), the rows of the other side's
 * units (Humbert's hidden stack too), the rows that changed since the player's last decision. The rows
 * need not be one block: a row of only sea between two armies is left out before either army (a
 * newcomer at 80x24 saw all-sea row 1 kept and the whole English army in rows 11-12 left out); the
 * header names the rows off. Rows of only terrain fill what room is left: rows closing a gap of one
 * first, then rows next to those shown, the one with less sea first.
 */
export function focusRows(v: IrlView, n: number, changed: Set<HexId>): number[] {
  const r = v.rules;
  const all = Array.from({ length: r.map.rows }, (_, k) => k + 1);
  if (n >= all.length) return all;
  const rowOf = (h: HexId) => Number(h.slice(0, 2));
  const mineHexes: HexId[] = [];
  const theirHexes: HexId[] = [];
  for (const u of v.units) if (u.place === 'map' && u.hex) (v.viewer === 'all' || u.side === v.viewer ? mineHexes : theirHexes).push(u.hex);
  // The view holds Humbert's hidden stack for the English only: the other side's.
  if (v.hiddenStack && !v.hiddenStack.atSea) (v.viewer === 'French' ? mineHexes : theirHexes).push(v.hiddenStack.hex);
  const weight = new Map<number, number>();
  const sets = [decisionHexes(v), mineHexes, theirHexes, [...changed]];
  // Each weight above the sum of those after it: a row of the decision outranks any row without one, etc.
  [1000, 400, 200, 100].forEach((w, k) => {
    for (const row of new Set(sets[k].map(rowOf))) weight.set(row, (weight.get(row) ?? 0) + w);
  });
  // Ties go to the rows nearest the middle of the rows that matter most.
  const first = sets.find((x) => x.length) ?? [];
  const rows = first.map(rowOf).sort((a, b) => a - b);
  const anchor = rows.length ? (rows[0] + rows[rows.length - 1]) / 2 : (r.map.rows + 1) / 2;
  const byWeight = all
    .filter((row) => weight.has(row))
    .sort((a, b) => weight.get(b)! - weight.get(a)! || Math.abs(a - anchor) - Math.abs(b - anchor) || a - b);
  const chosen = new Set(byWeight.slice(0, n));
  const sea = (row: number) =>
    Array.from({ length: r.map.columns }, (_, k) => r.index.hex[hexId(row, k + 1)]).filter((d) => d?.terrain === 'sea').length;
  // Rows of only terrain: one closing a gap of one row first, then the nearest to a row shown, then the one with less sea.
  const rank = (row: number) => {
    const near = chosen.size ? Math.min(...[...chosen].map((x) => Math.abs(x - row))) : 0;
    const closes = chosen.has(row - 1) && chosen.has(row + 1) ? 0 : 1;
    return [closes, near, sea(row), Math.abs(row - anchor), row];
  };
  while (chosen.size < n) {
    const rest = all.filter((row) => !chosen.has(row));
    const ranked = rest.map((row) => ({ row, k: rank(row) }));
    ranked.sort((a, b) => {
      for (let i = 0; i < a.k.length; i++) if (a.k[i] !== b.k[i]) return a.k[i] - b.k[i];
      return a.row - b.row;
    });
    chosen.add(ranked[0].row);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** "rows 1-2", "row 12", "rows 1,11-12": a list of rows in runs. */
function rowRuns(list: number[]): string {
  const rows = [...new Set(list)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j] + 1) j++;
    runs.push(i === j ? `${rows[i]}` : `${rows[i]}-${rows[j]}`);
    i = j + 1;
  }
  return `row${rows.length === 1 ? '' : 's'} ${runs.join(',')}`;
}

/** "rows 1-2 off", "row 12 off", "rows 1, 11-12 off": the rows a partial map leaves out. */
export function rowsOff(shown: number[], rows: number): string {
  const off = Array.from({ length: rows }, (_, k) => k + 1).filter((x) => !shown.includes(x));
  return off.length ? `${rowRuns(off)} off` : '';
}

/**
 * One line under a partial map naming what the viewer sees that stands in the rows left out, enemy
 * first: "off-screen: English 2 units in rows 10-12, Humbert's stack in row 9 ("Show map" shows all)".
 * Only what the view holds is counted (for the English, Humbert's hidden stack is the stack, never its
 * units). Shortened to fit `width`; empty when nothing is off-screen.
 */
export function offScreen(v: IrlView, shown: number[], width: number): string {
  const rowOf = (h: HexId) => Number(h.slice(0, 2));
  const off = (h: HexId | null): h is HexId => h !== null && !shown.includes(rowOf(h));
  const sides: SideName[] = v.viewer === 'French' ? ['English', 'French'] : ['French', 'English'];
  const parts: { what: string; rows: number[] }[] = [];
  for (const side of sides) {
    const us = v.units.filter((u) => u.side === side && u.place === 'map' && off(u.hex));
    if (us.length) parts.push({ what: `${side} ${us.length} unit${us.length === 1 ? '' : 's'}`, rows: us.map((u) => rowOf(u.hex!)) });
    const hs = v.hiddenStack;
    if (side === 'French' && hs && !hs.atSea && off(hs.hex)) parts.push({ what: "Humbert's stack", rows: [rowOf(hs.hex)] });
  }
  if (!parts.length) return '';
  const long = parts.map((x) => `${x.what} in ${rowRuns(x.rows)}`).join(', ');
  const short = parts.map((x) => x.what).join(', ');
  const candidates = [
    `off-screen: ${long} ("Show map" shows all)`,
    `off-screen: ${long}`,
    `off-screen: ${short} ("Show map")`,
    `off-screen: ${short}`,
  ];
  return candidates.find((x) => x.length <= width) ?? candidates[candidates.length - 1].slice(0, width);
}
