/** Short rules help for the decision at hand. */
import type { EcwRules, EcwState } from './state.js';

const HELP: Record<EcwState['stage'], string> = {
  strategy: 'Strategy Phase: both hands are filled to 8 cards (the discard is reshuffled when the deck runs out). Invade draws 3 more.',
  muster:
    'Muster Phase: you gain 4D6 Regiments, +1D6 if allied to the Scots, +1D6 if allied to the Irish, +1D6 per muster event you play now.',
  blunder: 'Declarations Phase: before declaring you may play Strategic Blunder: your opponent must attack this turn.',
  declare:
    'Declarations Phase: declare attack or defend in secret. Both attack: Battle. Both defend: Skirmish. One each: the defender chooses battle, siege or strategic retreat.',
  'tracked-down': 'Declarations Phase: as the attacker you may play Tracked Down: the defender must accept battle.',
  'defender-choice':
    'Accept Battle (attacker winning takes 2 TM), Accept Siege (+2 Terrain to you, siege cards only; attacker may decline), or Strategic Retreat (attacker takes 2 TM, no fight).',
  'siege-confirm': 'Siege Segment: you may decline the siege; then the turn is a Skirmish (1D6 loss each, no Territory Markers).',
  skirmish: 'Skirmish Segment: both lose 1D6 Regiments; Major Raids makes your opponent lose 1D6 more. No Capitulation.',
  pick: 'Battle/Siege: one card per aspect, face down; revealed together. Higher score wins an aspect, most aspects wins. Troops adds Regiments; +2 Morale if you won last turn; +2 Terrain to a siege defender. Winner loses 1D6, loser 3D6, tie 2D6 each.',
  'after-battle':
    'After the result, both at once: the winner may lay Put to the Sword / Slaughter (the loser loses 1D6 more), the loser Rearguard (1D6 fewer casualties, after a battle only).',
  capitulation: 'Capitulation Phase: you may play one Victory card to take 1 more Territory Marker.',
  plot: 'Plot Phase: Parliament needs 5+ for Scotland; the Royalist 5+ for Ireland (costs 1 TM once) and 6+ for Scotland. Negotiations / Form Alliance succeed without rolling.',
  loss: 'Loss Phase: both lose 1D6 Regiments; Bitter Campaign / Mutiny make your opponent lose 1D6 more. Then Support: Parliament keeps 3 x TM Regiments, the Royalist 2 x TM.',
  end: 'End Phase: discard any cards you do not want; the hand is refilled to 8 next turn.',
  over: 'The game is over.',
};

/** The rules are accepted for the contract's shape; the texts name the rulebook's fixed numbers. */
export function helpFor(s: EcwState, _rules: EcwRules): string {
  return HELP[s.stage];
}
