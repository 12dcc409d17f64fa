/**
 * Control of the victory hexes (rulebook 13.2): the last side to have a good-order unit occupy or move
 * through the hex; the English at the start. The Sligo Garrison's release (rule 12.2) is also set off
 * by entering a hex.
 */
import type { GameEnv } from '../../engine/module.js';
import { logText } from './flow.js';
import { hexName } from './map.js';
import type { HexId, IrlRules, IrlState, SideName, UnitId } from './state.js';

/** Called whenever good-order units of `side` enter or stand in `h` (movement, advance, landing, retreat). */
export function enterHex(
  s: IrlState,
  rules: IrlRules,
  h: HexId,
  side: SideName,
  units: readonly UnitId[],
  env: GameEnv,
  notes?: string[],
): void {
  const say = (text: string, tone: 'good' | 'bad' | 'event') => (notes ? notes.push(text) : logText(env, text, tone, side));
  if (!units.some((u) => !s.units[u].routed)) return;
  occupyHex(s, rules, h, side, say);
  // Rule 12.2: the Sligo Garrison may move once a French unit has entered 0302, 0402, 0501 (or 0201).
  if (side === 'French' && !s.sligoFree && rules.setup.sligoFrozenUntil.includes(h)) {
    s.sligoFree = true;
    say(`A French unit has entered ${hexName(rules, h)}: the Sligo Garrison may now move.`, 'event');
  }
}

/**
 * A good-order unit of `side` occupies `h`: a victory hex passes to its side (rulebook 13.2, "the last
 * to have a good order unit occupy or move through the hex"). Entering does it (enterHex), and so does
 * a unit that rallies where it stands: from the rally on, a good-order unit occupies the hex
 * (rules/irlande-1798.md, "Control of VP hexes").
 */
export function occupyHex(
  s: IrlState,
  rules: IrlRules,
  h: HexId,
  side: SideName,
  say: (text: string, tone: 'good' | 'bad' | 'event') => void,
): void {
  if (!rules.index.town[h] || s.control[h] === side) return;
  s.control[h] = side;
  say(`${hexName(rules, h)} is now controlled by the ${side}.`, side === 'French' ? 'good' : 'bad');
}
