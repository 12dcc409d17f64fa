/** Short rules help for the decision at hand. */
import { requireRules } from './map.js';
import type { IFRules, IFState } from './state.js';

export function help(s: IFState, rules?: IFRules): string {
  requireRules(rules, 'help');
  const a = s.ask;
  if (s.over) return 'The game is over.';
  if (!a) return '';
  switch (a.kind) {
    case 'action':
    case 'move':
    case 'ride':
      return s.war === 'independence'
        ? [
            'Irish move/recruit phase: two actions, Recruit or Move, in any mix and order.',
            'Recruit: Mob -> Guerrilla (same colour); blue Guerrilla -> Regular; green Guerrilla -> Flying Column;',
            '  or roll an Area of a Region and a D6: above the Region number a blue Guerrilla, else green.',
            'Move: Guerrillas within their Region; Regulars and Flying Columns also along a road. Mobs never move.',
            'Combat follows the phase in every Area with British and Irish units; the mover attacks.',
          ].join('\n')
        : [
            'Free State move/recruit phase: three actions, Recruit or Move.',
            'Recruit: a blue Regular in a Dublin City Area, or an Armoured car/Artillery where a blue Regular stands.',
            'Move: Guerrillas within the Region; Regulars by road, or by sea from a port to any port (never Ulster).',
            'One Armoured car or Artillery may ride along with a moving Regular for free.',
          ].join('\n');
    case 'upgrade':
      return 'Combat, Eliminated: the victor may upgrade one unit - a Mob to a Guerrilla first; otherwise a Guerrilla (blue to Regular, green to Flying Column). Tied units: a die picks.';
    case 'collins':
      return 'Michael Collins: once, in any Free State attack in Cork or Kerry, add 2 to the Free State strength.';
    case 'event':
      return 'Random event: the card names its target with "any", and you pick it among the units or Areas it allows (an enemy card, UVF mobilisation or G Division, lets you pick only when the game is played with --option enemy-any=player).';
    case 'treaty':
      return 'Treaty Sequence: points 4 (turns 2-4), 3 (5-6), 2 (7-8), 1 (9-10), +1 if Irish strength in Ulster exceeds British. Stop here, or play the Civil War and add its points.';
    case 'setup-artillery':
    case 'setup-armoured-car':
      return 'Civil War set-up steps 9-10: the Artillery goes with a blue unit in Dublin; the Armoured car with a blue unit anywhere but Ulster.';
  }
}
