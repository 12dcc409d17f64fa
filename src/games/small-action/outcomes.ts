/**
 * What a choice led to, for `muster odds` (src/engine/module.ts, outcomeFacts): each figure's fate
 * and each section's count, in the players' words, so that a volley's chances read per man ("t3
 * (Black and Tans section) down: 45 %") instead of as thousands of whole outcomes, each rare.
 * Only what the state records: figures down (Aimed Fire, grenades, close combat), suppressed
 * (Suppressive Fire), gone off the table; a section's losses this choice, its command lost (leader
 * and 2IC down: it stays where it is, Danger to Leaders), and a failed morale test's order.
 */
import { isPinned } from './section.js';
import type { SaRules, SaState } from './types.js';

/** The facts of `after` that were not so in `before`, figures first (in their order), then sections. */
export function outcomeFacts(before: SaState, after: SaState, _rules: SaRules): string[] {
  const facts: string[] = [];
  const down = new Map<number, number>();
  const suppressed = new Map<number, number>();
  after.figures.forEach((f, i) => {
    const b = before.figures[i];
    const who = `${f.label} (${after.sections[f.section].name})`;
    if (b.status === 'ready' && f.status === 'casualty') {
      facts.push(`${who} down`);
      down.set(f.section, (down.get(f.section) ?? 0) + 1);
    } else if (b.status === 'ready' && f.status === 'exited') facts.push(`${who} left the table`);
    // Suppression ends with the turn: only what is still marked when the outcome ends is seen.
    if (!b.suppressed && f.suppressed && f.status === 'ready') {
      facts.push(`${who} suppressed`);
      suppressed.set(f.section, (suppressed.get(f.section) ?? 0) + 1);
    }
  });
  after.sections.forEach((x, i) => {
    const n = down.get(i);
    if (n) facts.push(`${x.name}: ${n} down`);
    const k = suppressed.get(i);
    if (k) facts.push(`${x.name}: ${k} suppressed`);
    if (isPinned(after, i) && !isPinned(before, i)) facts.push(`${x.name}: leader and 2IC down (it stays where it is)`);
    const why = x.forcedWhy;
    if (why && why !== before.sections[i].forcedWhy && why.startsWith('morale')) facts.push(`${x.name}: ${why}`);
  });
  return facts;
}
