/** Skirmish Segment (rulebook: Skirmish Segment): both lose 1D6 Regiments; Major Raids adds 1D6; no Capitulation. */
import type { GameEnv } from '../../engine/module.js';
import { rulesOf } from './cards.js';
import { beginPhase, loseRegiments, phaseLog, plural, registerPhase, rollDice, sideLog } from './flow.js';
import { other, SIDES, type EcwState } from './state.js';
import { eventWindow, openWindow } from './windows.js';

export function startSkirmish(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Skirmish Segment');
  s.segment = 'skirmish';
  s.stats.skirmishes++;
  s.extraLoss = { Parliament: 0, Royalist: 0 };
  openWindow(s, 'skirmish', SIDES);
}

/** Both players lose 1D6 Regiments in raids and minor engagements (plus any Major Raids dice). */
export function skirmishLosses(s: EcwState, env: GameEnv): void {
  const rules = rulesOf(env);
  for (const side of SIDES) {
    const dice = rules.skirmish.lossDice + s.extraLoss[side];
    const n = rollDice(env, dice, `Skirmish Segment: ${side} loses ${dice}D6 Regiments in raids and minor engagements`);
    const lost = loseRegiments(s, side, n);
    sideLog(env, side, () => `${side} loses ${plural(lost, 'Regiment')} in the skirmish (now ${s.sides[side].regiments}).`, 'bad');
  }
}

// Major Raids: both players at once may add 1D6 to the opponent's skirmish loss.
eventWindow({
  stage: 'skirmish',
  phase: 'Skirmish Segment',
  prompt: (side) => `${side}: lay a Skirmish Segment event face down?`,
  window: 'skirmish',
  none: 'Go on to the skirmish losses',
  play(s, line, env, _cid, side) {
    s.extraLoss[other(side)] += line.effect.skirmishDice ?? 0;
    sideLog(env, side, () => `${side} plays ${line.name}: ${other(side)} loses 1D6 more.`, 'event');
  },
  done(s, env) {
    skirmishLosses(s, env);
    // Skip Capitulation Phase.
    beginPhase(s, 'plot', env);
  },
});

registerPhase('skirmish', startSkirmish);
