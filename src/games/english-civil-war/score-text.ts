/** The battle table's cells, shared by the log (battle.ts) and the screen (render.ts). */
import { type Aspect, type CardId, type CardLine, type SideName } from './state.js';

/** What the table needs of a battle: picks (null while face down for the viewer) and, once revealed, the scores. */
export interface TableBattle {
  picks: Record<SideName, Partial<Record<Aspect, CardId>> | null>;
  revealed: boolean;
  negated?: CardId[];
  scores?: Record<SideName, Record<Aspect, number>>;
  troopRegiments?: Record<SideName, number>;
}

/** A card's name for the table, "(negated)" when a negation cancelled it; "-" when none was laid. */
export function cardCell(b: TableBattle, line: (c: CardId) => CardLine, side: SideName, a: Aspect): string {
  const c = b.picks[side]?.[a];
  if (!c) return '-';
  return `${line(c).name}${(b.negated ?? []).includes(c) ? ' (negated)' : ''}`;
}

/**
 * The score of an aspect after the reveal as "card+modifiers+Regiments=total", e.g. `10+23=33` for
 * Reserves with 23 Regiments, `7-2=5`, `0+2=2` (no card, +2 Morale); just the total when nothing is added.
 * Modifiers are every bonus and card modifier; Regiments appear on Troops only.
 */
export function scoreCell(b: TableBattle, line: (c: CardId) => CardLine, side: SideName, a: Aspect): string {
  if (!b.scores) return '';
  const total = b.scores[side][a];
  const c = b.picks[side]?.[a];
  const base = c && !(b.negated ?? []).includes(c) ? (line(c).score ?? 0) : 0;
  const regs = a === 'troops' && b.troopRegiments ? b.troopRegiments[side] : 0;
  const mods = total - base - regs;
  let text = String(base);
  if (mods !== 0) text += mods > 0 ? `+${mods}` : `${mods}`;
  if (a === 'troops' && b.troopRegiments) text += `+${regs}`;
  return text === String(base) && base === total ? String(total) : `${text}=${total}`;
}

/** The explanation printed under a revealed battle table. */
export const SCORE_NOTE =
  "score = card + modifiers (+2 Morale to last turn's winner, +2 Terrain to a siege defender,\n" +
  "the cards' own) + Regiments on Troops = total.";
