/** The English Civil War: what `muster list` shows, without loading the module. */
import type { GameMeta } from '../../engine/module.js';

export const meta: GameMeta = {
  id: 'english-civil-war',
  title: 'The English Civil War (card game)',
  blurb: 'Two players, Parliament against the Royalists, 1642-1649: a shared 158-card deck, secret battles.',
  sides: ['Parliament', 'Royalist'],
  rulesName: 'english-civil-war',
  boardName: 'table',
  optionsSpec: [
    {
      key: 'turn-limit',
      description:
        'Not in the rulebook: end the game after this many turns, the side with more Territory Markers winning (equal: a draw). "none" plays until one side holds all 20.',
      values: ['none', '25', '50', '100', '200'],
      default: 'none',
    },
    {
      key: 'victory-card',
      description:
        'Who may play a Victory card for 1 more Territory Marker: "taker", the side that took markers this Capitulation Phase (our reading of "additional"), or "winner", also a defender who won an accepted battle or a siege and took none.',
      values: ['taker', 'winner'],
      default: 'taker',
    },
  ],
};
