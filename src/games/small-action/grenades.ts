/**
 * Grenades (rulebook: Grenades). In the Aimed Fire phase a figure of a section on Aimed Fire that
 * carries grenades may throw one, instead of firing, at a cell within 100 mm that it can see
 * (rules/small-action.md: when grenades are thrown). A D10 decides where it bursts: 1 over by 50 mm,
 * 2 under by 50 mm, −2 to the roll at a small point (into a building) or over an obstacle (a modified
 * 0 or less falls short, like a 2: our reading). Every figure, friend or foe, within the 25 mm lethal
 * radius (its cell) is hit on 80 % (90 % in a building: a confined space); in the open, unprotected
 * figures within the 50 mm secondary radius (the four cells beside it) are hit on 30 %. Full Cover
 * protects against all but artillery and mortars, so against grenades too.
 */
import type { GameEnv } from '../../engine/module.js';
import { canSee, cellAt, cellId, cellsBetween, colOf, dist2, rowOf, terrainOf, within } from './geometry.js';
import { becomeCasualty, cellCover, gridFor, inFullCover, rulesOf, who } from './section.js';
import type { Cell, SaRules, SaState } from './types.js';

/** Figures of section `sec` that may throw a grenade now: standing, on Aimed Fire, not suppressed, with a grenade, not yet thrown or fired. */
export function throwersOf(s: SaState, sec: number): number[] {
  return s.sections[sec].members.filter((i) => {
    const f = s.figures[i];
    return f.status === 'ready' && f.order?.kind === 'aimed-fire' && !f.suppressed && !f.threw && f.grenades > 0;
  });
}

/** Can this figure throw at that cell: within the throwing range and in sight? */
export function canThrow(s: SaState, rules: SaRules, fi: number, c: Cell): boolean {
  const g = gridFor(s, rules);
  const f = s.figures[fi];
  return c !== f.cell && within(rules, g, f.cell, c, rules.grenades.throwRange) && canSee(rules, g, f.cell, c);
}

/** Cells holding standing enemies that some thrower of the section can reach, with the thrower who would throw. */
export function throwTargets(s: SaState, rules: SaRules, sec: number): { cell: Cell; thrower: number }[] {
  const side = s.sections[sec].side;
  const g = gridFor(s, rules);
  const throwers = throwersOf(s, sec);
  if (!throwers.length) return [];
  const cells = new Set<Cell>();
  for (const f of s.figures) if (f.status === 'ready' && s.sections[f.section].side !== side) cells.add(f.cell);
  const out: { cell: Cell; thrower: number }[] = [];
  for (const c of [...cells].sort((a, b) => a - b)) {
    // The nearest thrower throws (ties: the first of the section).
    const able = throwers.filter((t) => canThrow(s, rules, t, c));
    if (!able.length) continue;
    able.sort((a, b) => dist2(g, s.figures[a].cell, c) - dist2(g, s.figures[b].cell, c) || a - b);
    out.push({ cell: c, thrower: able[0] });
  }
  return out;
}

/** −2: aiming at a small point (into a building, through its window) or clearing an obstacle on the way. */
export function smallTargetOrObstacle(s: SaState, rules: SaRules, from: Cell, to: Cell): boolean {
  const g = gridFor(s, rules);
  if (terrainOf(rules, g, to).confined) return true;
  return [...cellsBetween(g, from, to), to].some((c) => terrainOf(rules, g, c).movement === 'obstacle');
}

/** Where the grenade bursts: the target cell, or 50 mm over or under it along the throw (-1: off the table). */
export function burstCell(s: SaState, rules: SaRules, from: Cell, to: Cell, shift: number): Cell {
  if (shift === 0) return to;
  const g = gridFor(s, rules);
  const lx = colOf(g, to) - colOf(g, from);
  const ly = rowOf(g, to) - rowOf(g, from);
  const len = Math.hypot(lx, ly);
  const step = rules.grenades.deviation.distance / rules.grid.cellSize;
  const x = colOf(g, to) + (shift * step * lx) / len;
  const y = rowOf(g, to) + (shift * step * ly) / len;
  return cellAt(g, Math.round(x), Math.round(y));
}

/** Throws one grenade from figure `fi` at cell `to` and resolves it. */
export function throwGrenade(s: SaState, env: GameEnv, fi: number, to: Cell): void {
  const rules = rulesOf(env);
  const g = gridFor(s, rules);
  const gr = rules.grenades;
  const f = s.figures[fi];
  f.grenades--;
  f.threw = true;
  s.stats.grenades++;
  const mod = smallTargetOrObstacle(s, rules, f.cell, to) ? gr.deviation.smallTargetModifier : 0;
  const v = env.verbose;
  const roll = env.dice.roll(
    gr.deviation.die,
    v ? `Grenade from ${f.label} at ${cellId(g, to)}: 1 over, 2 under${mod ? ` (${mod}: small point or obstacle)` : ''}` : 'grenade',
  );
  const score = roll + mod;
  const shift = score === gr.deviation.over ? 1 : score === gr.deviation.under || score <= 0 ? -1 : 0;
  const burst = burstCell(s, rules, f.cell, to, shift);
  const where =
    shift === 0
      ? `on ${cellId(g, to)}`
      : `${shift > 0 ? 'over' : 'short'} by ${gr.deviation.distance} mm${burst >= 0 ? `, at ${cellId(g, burst)}` : ', off the table'}`;
  if (v)
    env.log({
      kind: 'text',
      text: `${who(f)} throws a grenade at ${cellId(g, to)}: D10 ${roll}${mod ? ` ${mod} = ${score}` : ''}, it bursts ${where}.`,
      tone: 'combat',
      side: s.sections[f.section].side,
    });
  if (burst < 0) return;
  const confined = terrainOf(rules, g, burst).confined;
  const cs = rules.grid.cellSize;
  const rows: string[][] = [];
  s.figures.forEach((t, ti) => {
    if (t.status !== 'ready') return;
    const d = Math.sqrt(dist2(g, t.cell, burst)) * cs;
    let chance = 0;
    let zone = '';
    if (d <= gr.lethalRadius) {
      chance = confined ? gr.confinedChance : gr.lethalChance;
      zone = confined ? 'lethal radius, confined' : 'lethal radius';
    } else if (d <= gr.secondaryRadius && !confined && cellCover(s, rules, t.cell) === 'none' && !terrainOf(rules, g, t.cell).confined) {
      chance = gr.secondaryChance;
      zone = 'secondary radius, unprotected';
    } else return;
    if (inFullCover(s, rules, t)) {
      if (v) rows.push([t.label, zone, '-', 'Full Cover: safe']);
      return;
    }
    const need = chance / 10;
    const r = env.dice.roll(
      10,
      v ? `Grenade burst at ${cellId(g, burst)}: ${t.label} in the ${zone}, hit on ${need} or less (${chance}%)` : 'burst',
    );
    const hit = r <= need;
    if (v) rows.push([t.label, zone, `${r} (${need} or less)`, hit ? 'hit' : 'unhurt']);
    if (hit) becomeCasualty(s, env, ti, `grenade from ${f.label}`);
  });
  if (v && rows.length)
    env.log({ kind: 'table', title: `Grenade burst at ${cellId(g, burst)}`, head: ['Figure', 'Zone', 'D10', 'Result'], rows });
  if (v && !rows.length) env.log({ kind: 'text', text: 'Nobody is within its burst.', tone: 'info' });
}
