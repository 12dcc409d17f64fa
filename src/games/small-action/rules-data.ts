/**
 * Loading the rules data: what the schema cannot check (rules/small-action.schema.json checks the
 * shapes). Derives each scenario's grid from its map.
 */
import { RulesDataError } from '../../engine/module.js';
import { cellAt, nameOfCell, parseCell } from './geometry.js';
import { stepCosts } from './movement.js';
import type { Cell, Grid, SaRules, ScenarioDef } from './types.js';
import { ORDER_KINDS, SIDES } from './types.js';

/** Checks the cross-references of the data and returns it typed, with `grids` and `charTerrain` derived. Throws RulesDataError. */
export function checkRules(raw: unknown): SaRules {
  const r = raw as SaRules;
  const problems: string[] = [];
  const charTerrain: Record<string, string> = {};
  for (const [key, t] of Object.entries(r.terrain)) {
    if (charTerrain[t.char]) problems.push(`terrain ${key}: character "${t.char}" is also ${charTerrain[t.char]}'s`);
    charTerrain[t.char] = key;
    if (t.char === 'x' || t.char === '!') problems.push(`terrain ${key}: "${t.char}" is kept for figures on the map`);
  }
  for (const [k, w] of Object.entries(r.weapons))
    if (!r.movementRates[w.troop]) problems.push(`weapon ${k}: unknown troop type ${w.troop}`);
  if (r.command.close > r.command.open) problems.push('command: the close-country radius exceeds the open one');
  const grids: Record<string, Grid> = {};
  const ids = new Set<string>();
  for (const sc of r.scenarios) {
    const where = `scenario ${sc.id}`;
    if (ids.has(sc.id)) problems.push(`${where}: id used twice`);
    ids.add(sc.id);
    const g = scenarioGrid(r, sc, charTerrain, problems);
    grids[sc.id] = g;
    checkScenario(r, sc, g, problems);
  }
  if (problems.length) throw new RulesDataError('rules/small-action.json: the data does not hold together', problems);
  return { ...r, grids, charTerrain };
}

function scenarioGrid(r: SaRules, sc: ScenarioDef, charTerrain: Record<string, string>, problems: string[]): Grid {
  const cs = r.grid.cellSize;
  const cols = sc.table.width / cs;
  const rows = sc.table.depth / cs;
  const where = `scenario ${sc.id}`;
  if (!Number.isInteger(cols) || !Number.isInteger(rows))
    problems.push(`${where}: the table (${sc.table.width} x ${sc.table.depth} mm) is not a whole number of ${cs} mm cells`);
  if (sc.map.length !== rows) problems.push(`${where}: the map has ${sc.map.length} rows, the table ${rows}`);
  const terrain: string[] = [];
  sc.map.forEach((line, y) => {
    if (line.length !== cols) problems.push(`${where}: map row ${y + 1} has ${line.length} cells, the table ${cols}`);
    for (const ch of line) {
      const t = charTerrain[ch];
      if (!t) problems.push(`${where}: map row ${y + 1} has "${ch}", which is no terrain`);
      terrain.push(t ?? 'open');
    }
  });
  const speed = terrain.map((t) => r.movementModifiers[r.terrain[t]?.movement ?? 'open'] ?? 1);
  const ground = terrain.map((t) => r.terrain[t] ?? r.terrain.open);
  const g = { cols, rows, terrain, speed, ground };
  const names = terrain.map((_, c) => nameOfCell(g, c));
  const keys = names.map((name) => name.toLowerCase());
  const cellsByName = new Map<string, Cell>();
  names.forEach((name, c) => cellsByName.set(name, c).set(keys[c], c));
  return { ...g, steps: stepCosts(r, g), names, keys, cellsByName };
}

function checkScenario(r: SaRules, sc: ScenarioDef, g: Grid, problems: string[]): void {
  const where = `scenario ${sc.id}`;
  const count = new Map<number, number>();
  const sectionIds = new Set<string>();
  const marks = new Set<string>();
  for (const s of sc.sections) {
    if (sectionIds.has(s.id)) problems.push(`${where}: section id ${s.id} used twice`);
    if (marks.has(s.mark)) problems.push(`${where}: mark ${s.mark} used twice`);
    sectionIds.add(s.id);
    marks.add(s.mark);
    // Rulebook, Section Organisation: all sections are 10 figures strong.
    if (s.figures.length !== 10) problems.push(`${where}: section ${s.id} has ${s.figures.length} figures, not 10`);
    for (const f of s.figures) {
      const c = parseCell(g, f.cell);
      if (c < 0) problems.push(`${where}: ${s.id} ${f.name} stands at ${f.cell}, off the table`);
      else count.set(c, (count.get(c) ?? 0) + 1);
      if (!r.weapons[f.weapon]) problems.push(`${where}: ${s.id} ${f.name} has an unknown weapon ${f.weapon}`);
    }
  }
  for (const [c, n] of count)
    if (n > r.grid.figuresPerCell) problems.push(`${where}: ${n} figures in cell ${c} (at most ${r.grid.figuresPerCell})`);
  for (const side of SIDES) if (!sc.sections.some((s) => s.side === side)) problems.push(`${where}: ${side} has no section`);
  for (const f of sc.firstOrders) {
    if (!sectionIds.has(f.section)) problems.push(`${where}: first order for unknown section ${f.section}`);
    if (!(ORDER_KINDS as readonly string[]).includes(f.order)) problems.push(`${where}: unknown first order ${f.order}`);
  }
  for (const h of sc.victory.hold)
    for (const c of h.cells) if (parseCell(g, c) < 0) problems.push(`${where}: objective ${h.name} cell ${c} is off the table`);
  if (cellAt(g, 0, 0) < 0) problems.push(`${where}: empty table`);
}
