/** Irish Freedom: what `muster list` shows, without loading the rules engine. */
import type { GameMeta } from '../../engine/module.js';

export const meta: GameMeta = {
  id: 'irish-freedom',
  title: 'Irish Freedom (2013 edition)',
  blurb: 'Solitaire: the War of Independence, then the Civil War, against a dice-driven enemy.',
  sides: ['Irish'],
  rulesName: 'irish-freedom',
  boardName: 'map',
  optionsSpec: [
    {
      key: 'war',
      description: 'What to play: the whole campaign, the War of Independence alone, or the Civil War alone (from the Treaty set-up, 0 War of Independence points).',
      values: ['campaign', 'independence', 'civil'],
      default: 'campaign',
    },
    { key: 'events', description: 'Random event cards (The Cards: they "could be omitted").', values: ['on', 'off'], default: 'on' },
    {
      key: 'high-modifier',
      description: 'Optional combat rule: a side with a modifier of 4 or more turns its worst result into the enemy retreating.',
      values: ['off', 'on'],
      default: 'off',
    },
    {
      key: 'ulster',
      description: 'The Ulster Question: "partition" as printed, or "united" (the variant with a united-Ireland treaty).',
      values: ['partition', 'united'],
      default: 'partition',
    },
  ],
};
