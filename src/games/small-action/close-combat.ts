/**
 * Close combat (rulebook: Close Combat). Every figure next to an enemy figure in the Close Combat
 * phase fights (our reading of "ends its move next to": standing still is ending a move of nothing).
 * One D20 per figure; against each enemy next to it its score is the die plus: −2 if of a lower
 * class, −2 if fighting more than one figure, −8 in Full Cover, −2 fighting over an obstacle or
 * barricade (the enemy stands in a wall, hedge or building cell and it does not), −5 if suppressed.
 * The higher score wins and the loser is a casualty; equal scores: no result. All pairs are settled
 * at once.
 */
import type { GameEnv } from '../../engine/module.js';
import { adjacent, terrainOf } from './geometry.js';
import { becomeCasualty, gridFor, rulesOf } from './section.js';
import type { Klass, SaRules, SaState } from './types.js';

const CLASS_RANK: Record<Klass, number> = { A: 3, B: 2, C: 1 };

/** Pairs of standing enemy figures next to each other (indices, lower side first as found). */
export function closeCombatPairs(s: SaState, rules: SaRules): [number, number][] {
  const g = gridFor(s, rules);
  const out: [number, number][] = [];
  const f = s.figures;
  const side = f.map((x) => s.sections[x.section].side);
  for (let a = 0; a < f.length; a++) {
    if (f[a].status !== 'ready') continue;
    for (let b = a + 1; b < f.length; b++) {
      if (f[b].status !== 'ready' || side[a] === side[b]) continue;
      if (adjacent(g, f[a].cell, f[b].cell)) out.push([a, b]);
    }
  }
  return out;
}

/** A figure's modifiers against one enemy, each with its reason (rulebook: Close Combat modifiers). */
export function closeCombatModifiers(
  s: SaState,
  rules: SaRules,
  me: number,
  enemy: number,
  opponents: number,
): { mod: number; why: string[] } {
  const cc = rules.closeCombat;
  const g = gridFor(s, rules);
  const a = s.figures[me];
  const b = s.figures[enemy];
  let mod = 0;
  const why: string[] = [];
  if (CLASS_RANK[s.sections[a.section].cls] < CLASS_RANK[s.sections[b.section].cls]) {
    mod += cc.lowerClass;
    why.push(`${cc.lowerClass} lower class`);
  }
  if (opponents > 1) {
    mod += cc.moreThanOne;
    why.push(`${cc.moreThanOne} more than one`);
  }
  if (a.order?.kind === 'full-cover') {
    mod += cc.fullCover;
    why.push(`${cc.fullCover} Full Cover`);
  }
  const defended = (c: number) => {
    const t = terrainOf(rules, g, c);
    return t.movement === 'obstacle' || t.confined;
  };
  if (defended(b.cell) && !defended(a.cell)) {
    mod += cc.obstacle;
    why.push(`${cc.obstacle} over an obstacle`);
  }
  if (a.suppressed) {
    mod += cc.suppressed;
    why.push(`${cc.suppressed} suppressed`);
  }
  return { mod, why };
}

/** The Close Combat phase: rolls for every figure in contact, then removes the losers. */
export function closeCombat(s: SaState, env: GameEnv): void {
  const rules = rulesOf(env);
  const pairs = closeCombatPairs(s, rules);
  if (!pairs.length) return;
  s.stats.closeCombats += pairs.length;
  const v = env.verbose;
  if (v) env.log({ kind: 'text', text: `Turn ${s.turn}: Close combat`, tone: 'phase' });
  const opponents = new Map<number, number>();
  for (const [a, b] of pairs) {
    opponents.set(a, (opponents.get(a) ?? 0) + 1);
    opponents.set(b, (opponents.get(b) ?? 0) + 1);
  }
  const die = new Map<number, number>();
  for (const fi of [...opponents.keys()].sort((x, y) => x - y)) {
    const f = s.figures[fi];
    die.set(fi, env.dice.roll(rules.closeCombat.die, v ? `Close combat: ${f.label} ${f.name}` : 'close combat'));
  }
  const losers = new Set<number>();
  const rows: string[][] = [];
  for (const [a, b] of pairs) {
    const ma = closeCombatModifiers(s, rules, a, b, opponents.get(a)!);
    const mb = closeCombatModifiers(s, rules, b, a, opponents.get(b)!);
    const sa = die.get(a)! + ma.mod;
    const sb = die.get(b)! + mb.mod;
    const fa = s.figures[a];
    const fb = s.figures[b];
    let result = 'no result';
    if (sa > sb) {
      losers.add(b);
      result = `${fa.label} wins`;
    } else if (sb > sa) {
      losers.add(a);
      result = `${fb.label} wins`;
    }
    if (v) {
      const side = (fi: number, d: number, m: { mod: number; why: string[] }, score: number) =>
        `${s.figures[fi].label} ${d}${m.why.length ? ` ${m.why.join(' ')}` : ''} = ${score}`;
      rows.push([side(a, die.get(a)!, ma, sa), side(b, die.get(b)!, mb, sb), result]);
    }
  }
  if (v) env.log({ kind: 'table', title: 'Close combat', head: ['Figure (D20, modifiers = score)', 'Enemy', 'Result'], rows });
  for (const fi of [...losers].sort((x, y) => x - y)) becomeCasualty(s, env, fi, 'close combat');
}
