/** Irlande 1798: what `muster list` shows, without loading the module. */
import type { GameMeta } from '../../engine/module.js';

export const meta: GameMeta = {
  id: 'irlande-1798',
  title: 'Irlande 1798 (Vae Victis #86)',
  blurb:
    "Two players, Humbert's French landing in Mayo against the English: eight one-day turns on a hex map (map and tables reconstructed).",
  sides: ['French', 'English'],
  rulesName: 'irlande-1798',
  boardName: 'map',
  firstMover: 'the French, who move and attack first in every turn (rule 3.1)',
  optionsSpec: [
    {
      key: 'rout-exit',
      description:
        'Rule 9.2 is unclear whether a routing English unit that reaches its rout hex (1205-1207, the Sligo Garrison 0101) with rout movement left goes on off the map (eliminated, "leave") or stops there ("stop").',
      values: ['leave', 'stop'],
      default: 'leave',
    },
    {
      key: 'humbert-size',
      description:
        'Rule 5: the English never examine the units stacked with Humbert. "shown": they see how many counters the stack holds (never which or their strength); "hidden": not even that.',
      values: ['shown', 'hidden'],
      default: 'shown',
    },
    {
      key: 'humbert-combat',
      description:
        'Rule 5 again: "shown": a combat involving a unit of Humbert\'s hex shows his whole stack to the English until the next French movement phase; "hidden": it stays hidden through combat, results reported as applied to "Humbert\'s stack".',
      values: ['shown', 'hidden'],
      default: 'shown',
    },
  ],
};
