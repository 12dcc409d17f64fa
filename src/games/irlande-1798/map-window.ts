/**
 * The map on a short screen (render.ts): which rows of the map it shows when not all fit (those of the
 * decision at hand, then what changed since the player last decided, then the viewer's units), and
 * what it says of the rows left out.
 */
import type { HexId, SideName } from './state.js';
import type { IrlView, UnitView } from './view.js';

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
    out.push(h, ...r.index.neighbours[h]);
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
 * Rows worth showing when only `n` fit, one block of rows: those holding the hexes of the decision at
 * hand first, then the hexes that changed since the player's last decision, then the viewer's units.
 */
export function focusRows(v: IrlView, n: number, changed: Set<HexId>): number[] {
  const r = v.rules;
  const all = Array.from({ length: r.map.rows }, (_, k) => k + 1);
  if (n >= all.length) return all;
  const rowOf = (h: HexId) => Number(h.slice(0, 2));
  const mineHexes: HexId[] = [];
  const mine = v.viewer === 'all' ? v.units : v.units.filter((u) => u.side === v.viewer);
  for (const u of mine) if (u.place === 'map' && u.hex) mineHexes.push(u.hex);
  if (v.hiddenStack && !v.hiddenStack.atSea) mineHexes.push(v.hiddenStack.hex);
  const weight = new Map<number, number>();
  const sets = [decisionHexes(v), [...changed], mineHexes];
  [1000, 30, 1].forEach((w, k) => {
    for (const row of new Set(sets[k].map(rowOf))) weight.set(row, (weight.get(row) ?? 0) + w);
  });
  // Ties go to the window centred nearest the rows that matter most.
  const first = sets.find((x) => x.length) ?? [];
  const rows = first.map(rowOf).sort((a, b) => a - b);
  const anchor = rows.length ? (rows[0] + rows[rows.length - 1]) / 2 : (r.map.rows + 1) / 2;
  let best = 1;
  let bestScore = -1;
  let bestDist = Infinity;
  for (let start = 1; start + n - 1 <= r.map.rows; start++) {
    let score = 0;
    for (let row = start; row < start + n; row++) score += weight.get(row) ?? 0;
    const dist = Math.abs(start + (n - 1) / 2 - anchor);
    if (score > bestScore || (score === bestScore && dist < bestDist)) {
      best = start;
      bestScore = score;
      bestDist = dist;
    }
  }
  return all.slice(best - 1, best - 1 + n);
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
