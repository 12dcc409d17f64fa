/**
 * Capitulation Phase (rulebook: Capitulation Phase): territory to the winner — 1 TM when both attacked,
 * 2 TM to a winning attacker against a defender (battle or siege), 2 TM to the attacker on a strategic
 * retreat; the winner may then play one Victory card for 1 TM more. Nothing for a skirmish or a tie.
 */
import type { GameEnv } from '../../engine/module.js';
import { rulesOf } from './cards.js';
import { beginPhase, gameLog, phaseLog, registerPhase, sideLog, transferTerritory } from './flow.js';
import { other, type EcwRules, type EcwState, type SideName } from './state.js';
import { eventWindow, openWindow } from './windows.js';

/** Who takes how many Territory Markers this turn (0 when nobody does). */
export function capitulationTerms(s: EcwState, rules: EcwRules): { taker: SideName | null; markers: number } {
  const cap = rules.capitulation;
  if (s.segment === 'retreat') return { taker: s.attacker, markers: cap.strategicRetreat };
  const b = s.battle;
  if (!b || !b.winner) return { taker: null, markers: 0 };
  const w = b.winner;
  if (b.segment === 'battle') {
    if (b.role.Parliament === 'attacker' && b.role.Royalist === 'attacker') return { taker: w, markers: cap.bothAttackers };
    // Accepted battle: only a winning attacker takes markers (interpretation: a winning defender holds its ground).
    return b.role[w] === 'attacker' ? { taker: w, markers: cap.acceptedBattle } : { taker: null, markers: 0 };
  }
  return b.role[w] === 'attacker' ? { taker: w, markers: cap.siege } : { taker: null, markers: 0 };
}

/**
 * Who may play a Victory card (rulebook: Capitulation Phase, "the winner may play a Victory card to
 * take 1 additional TM"; english-civil-war.md): by default the side that took markers (the attacker
 * of a strategic retreat included); with the option `victory-card=winner`, also a defender who won an
 * accepted battle or a siege and took none.
 */
export function victoryCardPlayer(s: EcwState, taker: SideName | null): SideName | null {
  if (taker) return taker;
  if (s.victoryCard === 'winner' && s.battle?.winner) return s.battle.winner;
  return null;
}

export function startCapitulation(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Capitulation Phase');
  const terms = capitulationTerms(s, rulesOf(env));
  const taker = terms.markers > 0 ? terms.taker : null;
  if (taker) transferTerritory(s, other(taker), taker, terms.markers, env);
  else gameLog(env, 'No Territory Markers change hands.');
  if (s.over) return;
  const player = victoryCardPlayer(s, taker);
  if (!player) return beginPhase(s, 'plot', env);
  s.capitulationWinner = player;
  openWindow(s, 'capitulation', [player]);
}

// The winner may play a Victory card to take 1 additional TM.
eventWindow({
  stage: 'capitulation',
  phase: 'Capitulation Phase',
  prompt: (side) => `${side}: play a Victory card for one more Territory Marker?`,
  window: 'capitulation',
  none: 'No Victory card',
  once: true,
  play(s, l, env, _cid, side) {
    sideLog(env, side, () => `${side} plays ${l.name}.`, 'event');
    transferTerritory(s, other(side), side, l.effect.territory ?? rulesOf(env).capitulation.victoryCard, env);
  },
  done: (s, env) => beginPhase(s, 'plot', env),
});

registerPhase('capitulation', startCapitulation);
