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
    if (charTerrain[t.char]) problems.push(`/terrain/${key}/char: "${t.char}" is also /terrain/${charTerrain[t.char]}'s character`);
    charTerrain[t.char] = key;
    if (t.char === 'x' || t.char === '!') problems.push(`/terrain/${key}/char: "${t.char}" is kept for figures on the map`);
  }
  for (const [k, w] of Object.entries(r.weapons))
    if (!r.movementRates[w.troop]) problems.push(`/weapons/${k}/troop: unknown troop type ${w.troop} (not in /movementRates)`);
  if (r.command.close > r.command.open)
    problems.push(`/command/close: the close-country radius (${r.command.close}) exceeds /command/open (${r.command.open})`);
  const grids: Record<string, Grid> = {};
  const ids = new Set<string>();
  r.scenarios.forEach((sc, i) => {
    // Each problem names the entry by its JSON path, with the scenario's id to read it by.
    const where = `/scenarios/${i}`;
    if (ids.has(sc.id)) problems.push(`${where}/id: ${sc.id} is used twice`);
    ids.add(sc.id);
    const g = scenarioGrid(r, sc, where, charTerrain, problems);
    grids[sc.id] = g;
    checkScenario(r, sc, where, g, problems);
  });
  // The file's name is added by the loader (engine/rules.ts), which knows which file was given.
  if (problems.length) throw new RulesDataError('Small Action rules data fails its cross-checks', problems);
  return { ...r, grids, charTerrain };
}

function scenarioGrid(r: SaRules, sc: ScenarioDef, where: string, charTerrain: Record<string, string>, problems: string[]): Grid {
  const cs = r.grid.cellSize;
  const cols = sc.table.width / cs;
  const rows = sc.table.depth / cs;
  const cells = `/grid/cellSize (${cs} mm)`;
  if (!Number.isInteger(cols) || !Number.isInteger(rows))
    problems.push(`${where}/table (${sc.id}): ${sc.table.width} x ${sc.table.depth} mm is not a whole number of cells of ${cells}`);
  else if (sc.map.length !== rows)
    problems.push(
      `${where}/map (${sc.id}): ${sc.map.length} rows, but the table's depth of ${sc.table.depth} mm makes ${rows} of ${cells}`,
    );
  const terrain: string[] = [];
  // Rows of one wrong length are named together (a changed cell size makes every row wrong).
  const wrong = new Map<number, number[]>();
  sc.map.forEach((line, y) => {
    if (line.length !== cols) wrong.set(line.length, [...(wrong.get(line.length) ?? []), y + 1]);
    for (const ch of line) {
      const t = charTerrain[ch];
      if (!t) problems.push(`${where}/map/${y} (${sc.id}): "${ch}" is no terrain's character`);
      terrain.push(t ?? 'open');
    }
  });
  if (Number.isInteger(cols))
    for (const [len, ys] of wrong) {
      const which = ys.length === 1 ? `row ${ys[0]} has` : `rows ${spans(ys)} have`;
      problems.push(
        `${where}/map (${sc.id}): ${which} ${len} cells, but the table's width of ${sc.table.width} mm makes ${cols} of ${cells}`,
      );
    }
  const speed = terrain.map((t) => r.movementModifiers[r.terrain[t]?.movement ?? 'open'] ?? 1);
  const ground = terrain.map((t) => r.terrain[t] ?? r.terrain.open);
  const g = { cols, rows, terrain, speed, ground };
  const names = terrain.map((_, c) => nameOfCell(g, c));
  const keys = names.map((name) => name.toLowerCase());
  const cellsByName = new Map<string, Cell>();
  names.forEach((name, c) => cellsByName.set(name, c).set(keys[c], c));
  return { ...g, steps: stepCosts(r, g), names, keys, cellsByName };
}

function checkScenario(r: SaRules, sc: ScenarioDef, where: string, g: Grid, problems: string[]): void {
  const count = new Map<number, string>();
  const sectionIds = new Set<string>();
  const marks = new Set<string>();
  const at = `(${sc.id})`;
  sc.sections.forEach((s, i) => {
    const sec = `${where}/sections/${i}`;
    if (sectionIds.has(s.id)) problems.push(`${sec}/id ${at}: section id ${s.id} is used twice`);
    if (marks.has(s.mark)) problems.push(`${sec}/mark ${at}: mark ${s.mark} is used twice`);
    sectionIds.add(s.id);
    marks.add(s.mark);
    // Rulebook, Section Organisation: all sections are 10 figures strong.
    if (s.figures.length !== 10) problems.push(`${sec}/figures ${at}: section ${s.id} has ${s.figures.length} figures, not 10`);
    s.figures.forEach((f, j) => {
      const fig = `${sec}/figures/${j}`;
      const c = parseCell(g, f.cell);
      if (c < 0) problems.push(`${fig}/cell ${at}: ${s.id} ${f.name} stands at ${f.cell}, off the table`);
      else count.set(c, count.has(c) ? `${count.get(c)}, ${fig}` : fig);
      if (!r.weapons[f.weapon]) problems.push(`${fig}/weapon ${at}: ${s.id} ${f.name} has an unknown weapon ${f.weapon}`);
    });
  });
  for (const [c, figs] of count) {
    const n = figs.split(', ').length;
    if (n > r.grid.figuresPerCell)
      problems.push(
        `${where}/sections ${at}: ${n} figures in cell ${g.names[c] ?? c} (/grid/figuresPerCell: at most ${r.grid.figuresPerCell}): ${figs}`,
      );
  }
  for (const side of SIDES) if (!sc.sections.some((s) => s.side === side)) problems.push(`${where}/sections ${at}: ${side} has no section`);
  sc.firstOrders.forEach((f, i) => {
    if (!sectionIds.has(f.section)) problems.push(`${where}/firstOrders/${i}/section ${at}: unknown section ${f.section}`);
    if (!(ORDER_KINDS as readonly string[]).includes(f.order))
      problems.push(`${where}/firstOrders/${i}/order ${at}: unknown first order ${f.order}`);
  });
  sc.victory.hold.forEach((h, i) => {
    for (const c of h.cells)
      if (parseCell(g, c) < 0) problems.push(`${where}/victory/hold/${i}/cells ${at}: objective ${h.name} cell ${c} is off the table`);
  });
  if (cellAt(g, 0, 0) < 0) problems.push(`${where}/map ${at}: empty table`);
}

/** Ascending row numbers as spans: [1, 2, 3, 7] -> "1 to 3, 7". */
function spans(ns: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j] + 1) j++;
    out.push(j > i ? `${ns[i]} to ${ns[j]}` : `${ns[i]}`);
    i = j + 1;
  }
  return out.join(', ');
}
