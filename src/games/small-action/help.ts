/** Rules help for the decision at hand (the human decider's "Rules help"). */
import type { SaRules, SaState } from './types.js';

/**
 * The options this game departs from the defaults by, in a sentence ("" when none): said in the
 * opening and in the Rules help, since they change who a hit falls on and how sections act.
 */
export function optionsText(s: SaState, rules: SaRules): string {
  const o = s.options;
  const d = rules.dangerToLeaders;
  const parts: string[] = [];
  if (o.danger !== 'off')
    parts.push(
      `danger to leaders ${o.danger} (after each aimed hit a D${d.die}: on a ${d.leaderHitOn} the hit falls on the section leader${o.danger === 'on-2ic' ? ', then a D10 for the 2IC' : ''})`,
    );
  if (o.leaderLast === 'section')
    parts.push('leader-last=section (the leader falls last among the figures the whole volley can hit, not only the firer)');
  if (o.leadersOff === 'as-body')
    parts.push('leaders-off=as-body (with leader and 2IC gone off the table, the men left take each new card as a body)');
  if (!o.morale) parts.push('morale off (the printed rules: no morale tests)');
  if (o.facing === 'fixed') parts.push('facing fixed (a section fires only into the arc it faces)');
  return parts.length ? `Options: ${parts.join('; ')}.` : '';
}

export function helpFor(s: SaState, rules: SaRules): string {
  const opts = optionsText(s, rules);
  const text = stageHelp(s, rules);
  return opts && s.stage !== 'over' ? `${text} ${opts}` : text;
}

function stageHelp(s: SaState, rules: SaRules): string {
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
