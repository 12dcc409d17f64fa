/** Invariants of a state (for the battery and `check`): figures where they may be, orders secret only before the reveal. */
import { gridOf } from './geometry.js';
import { legalCards, cardId } from './orders.js';
import type { SaRules, SaState } from './types.js';

export function checkInvariants(s: SaState, rules: SaRules): string[] {
  const bad: string[] = [];
  const g = gridOf(rules, s.scenario);
  const count = new Map<number, number>();
  const sideIn = new Map<number, string>();
  s.figures.forEach((f) => {
    if (f.status === 'exited') {
      if (f.cell !== -1) bad.push(`${f.label} left the table but stands at ${f.cell}`);
      return;
    }
    if (f.cell < 0 || f.cell >= g.cols * g.rows) bad.push(`${f.label} is off the table`);
    if (f.status !== 'ready') return;
    count.set(f.cell, (count.get(f.cell) ?? 0) + 1);
    const side = s.sections[f.section].side;
    if (sideIn.has(f.cell) && sideIn.get(f.cell) !== side) bad.push(`both sides in cell ${f.cell}`);
    sideIn.set(f.cell, side);
    if (f.grenades < 0) bad.push(`${f.label} has ${f.grenades} grenades`);
  });
  for (const [c, n] of count) if (n > rules.grid.figuresPerCell) bad.push(`${n} figures in cell ${c}`);
  if (s.turn < 1 || (s.turn > s.turnLimit && !s.over)) bad.push(`turn ${s.turn} of ${s.turnLimit}`);
  // A card is legal when laid. Once revealed it stays for the turn: a section whose leader and 2IC
  // fall later in the turn (aimed fire, grenades: after it moved) keeps the moving card it laid.
  s.sections.forEach((x, i) => {
    if (x.card && !s.revealed && !legalCards(s, i).some((c) => cardId(c) === cardId(x.card!)) && !x.forcedWhy)
      bad.push(`${x.id} holds an illegal card ${cardId(x.card)}`);
  });
  if (s.over && s.stage !== 'over') bad.push('over but not at the end');
  return bad;
}
