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
      description:
        'What to play: the whole campaign, the War of Independence alone, or the Civil War alone (from the Treaty set-up, 0 War of Independence points).',
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
    {
      key: 'upgrade',
      description:
        'Combat, Eliminated: the victor\'s upgrade goes to one of its units in the combat\'s Area ("combat"), or to any of its units on the map ("anywhere").',
      values: ['combat', 'anywhere'],
      default: 'combat',
    },
    {
      key: 'mob-retreat',
      description:
        'A Mob that must retreat (Mobs never move): "disperse" removes it; "stand" keeps it in its Area, where it fights another round as the attacker.',
      values: ['disperse', 'stand'],
      default: 'disperse',
    },
    {
      key: 'ports',
      description:
        'Free State naval movement: to another Area with a port symbol ("area"), or to any Area of a Region with one ("region"; Emmet Dalton then finds no portless Region on this map).',
      values: ['area', 'region'],
      default: 'area',
    },
    {
      key: 'enemy-any',
      description:
        'Who picks the target of an enemy event worded "any" (UVF mobilisation, G Division): a die ("die"), you ("player"), or the enemy\'s own rule ("rule": the UVF onto the weakest Irish unit, G Division on the strongest).',
      values: ['die', 'player', 'rule'],
      default: 'die',
    },
    {
      key: 'collins',
      description: 'Michael Collins\' +2 waits for an attack in Cork or Kerry this turn only ("turn"), or until it is used ("until-used").',
      values: ['turn', 'until-used'],
      default: 'turn',
    },
  ],
};
