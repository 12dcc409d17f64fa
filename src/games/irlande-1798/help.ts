/** Short rules help for the decision at hand (the human decider's "Rules help"). */
import type { IrlRules, IrlState } from './state.js';

/** Help for the decision at hand, wrapped to 78 columns. */
export function helpFor(s: IrlState, rules: IrlRules): string {
  return helpText(s, rules)
    .split('\n')
    .map((para) => {
      const out: string[] = [];
      let cur = '';
      for (const w of para.split(' ')) {
        if (cur && cur.length + w.length + 1 > 78) {
          out.push(cur);
          cur = '  ' + w;
        } else cur = cur ? `${cur} ${w}` : w;
      }
      return [...out, cur].join('\n');
    })
    .join('\n');
}

function helpText(s: IrlState, rules: IrlRules): string {
  if (s.over) return 'The game is over.';
  const crt = `Odds are rounded in the defender's favour (${rules.crt.columns[0]} to ${rules.crt.columns[rules.crt.columns.length - 1]}); town, hills, bog, river 1 column left, mountain 2; a general's bonus adds to his side's die.`;
  switch (s.stage) {
    case 'landing':
      return 'Rule 12.1: disembark everyone in a coastal hex not adjacent to an enemy unit (they neither move nor attack this turn), or first send one unit without a general against Killala; if it wins and no English remain, everyone lands at Killala.';
    case 'move':
    case 'moving':
      return [
        'Rule 7: choose a unit ("move"), take units and generals of its hex along ("with", "with all"), then step hex by hex ("to") or pick a destination and route ("destination", then "go"); "drop" leaves a unit behind, "stop" ends the move.',
        'Terrain costs (rules topic "terrain"); a unit moving only along roads from a road hex pays 1/2 a hex; a unit can always move one hex.',
        'Never into enemy hexes; at most 5 strength points a hex unless a general is there; Humbert only with French (blue) units.',
        'A good-order unit entering or passing a VP town takes control of it. Routed units next to good-order enemies surrender at the end of the phase.',
      ].join('\n');
    case 'combat':
    case 'attackers':
    case 'defender-stratagem':
      return [
        'Rule 8: each unit attacks one hex and all the enemy units in it; each enemy unit once a turn; two attacking hexes must be adjacent to each other. Name the attackers ("with"), then "fight" (its label gives the odds, column, shifts and die modifiers) or "call off" (nothing is rolled; a stratagem chosen for it is not used).',
        crt,
        'Stratagems (one a side each turn): bayonet charge (French, 70e infantry: 1 column right, 2 for the Grenadiers alone), French officers (once, +/-1 with United Irishmen), cavalry charge (English, 2+ SP of cavalry vs clear terrain: +1), artillery (English with Lake: a bombardment first).',
      ].join('\n');
    case 'tasks':
      return 'Rules 8.3 and 9: the owner chooses which units take the losses; the loser retreats one hex (impossible: eliminated); routed units move 3 hexes (cavalry 4): the English toward 1205-1207 by the shortest route, the Sligo Garrison toward 0101, the French anywhere but an English rout hex; the winner may advance into the vacated hex.';
    case 'recruit':
      return 'Rule 6.2: each recruited strength point fills a United Irishmen counter up to 3, then raises a new counter in a French-controlled town.';
    case 'reinforce':
      return 'Rule 12.2: English reinforcements enter at 1206; when it is full or held by the French, at 1205 or 1207.';
    default:
      return '';
  }
}
