/** Rules help for the decision at hand (the human decider's "Rules help"). */
import type { SaRules, SaState } from './types.js';

export function helpFor(s: SaState, rules: SaRules): string {
  switch (s.stage) {
    case 'orders':
      return (
        'Place order cards: each section gets one card, face down. March (at least 75% of the rate), Combat (50%), Cautious (any distance) move; ' +
        'Suppressive Fire pins the enemy (it never kills); Aimed Fire kills (the section turns to face its target; grenades too); Fire and Movement: half fire suppressively, half move; ' +
        `Full Cover: immune, does nothing. Figures beyond the command radius (${rules.command.open} mm open, ${rules.command.close} mm close) keep their last order. See: muster rules small-action orders.`
      );
    case 'suppressive':
      return 'Suppressive fire: bracketed numbers of the fire table; a hit suppresses the figure (it cannot carry out its order this turn). See: muster rules small-action fire.';
    case 'movement':
      return 'Movement: pick the cell the named figure goes to (type it, e.g. M14); the others keep formation, each within its own rate and the ground (half speed in woods, buildings, over walls and hedges, wading). "off" leaves by your own edge. See: muster rules small-action movement.';
    case 'aimed':
      return 'Aimed fire: throw grenades first (up to 100 mm, D10 deviation), then fire at a section (with --option facing=turn, the default, the section turns to face it; with facing=fixed only enemies in the 180-degree arc to its front). A roll equal to or above the number hits; short range up to 300 mm. See: muster rules small-action fire, grenades.';
    default:
      return 'The game is over.';
  }
}
