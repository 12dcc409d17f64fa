/**
 * Capitulation Phase (rulebook: Capitulation Phase): territory to the winner — 1 TM when both attacked,
 * 2 TM to a winning attacker against a defender (battle or siege), 2 TM to the attacker on a strategic
 * retreat; the winner may then play one Victory card for 1 TM more. Nothing for a skirmish or a tie.
 */
import type { GameEnv } from '../../engine/module.js';
import { rulesOf } from './cards.js';
import { phaseLog, sideLog, transferTerritory } from './flow.js';
import { startPlot } from './plot.js';
import { other, type EcwRules, type EcwState, type SideName } from './state.js';
import { eventWindow } from './windows.js';

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

export function startCapitulation(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Capitulation Phase');
  const { taker, markers } = capitulationTerms(s, rulesOf(env));
  if (!taker || markers === 0) {
    env.log({ kind: 'text', text: 'No Territory Markers change hands.', tone: 'info' });
    return startPlot(s, env);
  }
  transferTerritory(s, other(taker), taker, markers, env);
  if (s.over) return;
  s.capitulationWinner = taker;
  s.stage = 'capitulation';
  s.asking = taker;
}

// The winner may play a Victory card to take 1 additional TM.
eventWindow({
  stage: 'capitulation',
  phase: 'Capitulation Phase',
  prompt: (s) => `${s.asking}: play a Victory card for one more Territory Marker?`,
  window: 'capitulation',
  none: 'No Victory card',
  once: true,
  play(s, l, env) {
    sideLog(env, s.asking, `${s.asking} plays ${l.name}.`, 'event');
    transferTerritory(s, other(s.asking), s.asking, l.effect.territory ?? rulesOf(env).capitulation.victoryCard, env);
  },
  done: startPlot,
});
