/**
 * Loss Phase (rulebook: Loss Phase): each player loses 1D6 Regiments; Bitter Campaign / Mutiny add 1D6
 * to the opponent's loss. Support Phase (rulebook: Support Phase): Parliament supports 3 × its TM,
 * the Royalist 2 × his TM; excess Regiments are discarded.
 */
import type { GameEnv } from '../../engine/module.js';
import { rulesOf } from './cards.js';
import { beginPhase, isAre, loseRegiments, phaseLog, plural, registerPhase, rollDice, sideLog } from './flow.js';
import { other, SIDES, type EcwRules, type EcwState, type SideName } from './state.js';
import { eventWindow, openWindow } from './windows.js';

export function startLoss(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Loss Phase');
  s.extraLoss = { Parliament: 0, Royalist: 0 };
  openWindow(s, 'loss', SIDES);
}

/** Each player loses 1D6 Regiments due to sickness and desertions (plus event dice). */
export function lossPhaseLosses(s: EcwState, env: GameEnv): void {
  const rules = rulesOf(env);
  for (const side of SIDES) {
    const dice = rules.loss.lossDice + s.extraLoss[side];
    const n = rollDice(env, dice, `Loss Phase: ${side} loses ${dice}D6 Regiments to sickness and desertion`);
    const lost = loseRegiments(s, side, n);
    sideLog(
      env,
      side,
      () => `${side} loses ${plural(lost, 'Regiment')} to sickness and desertion (now ${s.sides[side].regiments}).`,
      'bad',
    );
  }
}

/** The number of Regiments a side can pay: 3 × TM for Parliament, 2 × TM for the Royalist. */
export function supportLimit(s: EcwState, rules: EcwRules, side: SideName): number {
  return rules.support.multiplier[side] * s.sides[side].territory;
}

export function supportPhase(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Support Phase');
  const rules = rulesOf(env);
  for (const side of SIDES) {
    const limit = supportLimit(s, rules, side);
    const excess = s.sides[side].regiments - limit;
    if (excess > 0) {
      s.sides[side].regiments = limit;
      sideLog(env, side, () => `${side} can pay ${plural(limit, 'Regiment')}: ${excess} ${isAre(excess)} disbanded.`, 'bad');
    }
  }
}

// Bitter Campaign / Mutiny: both players at once may add 1D6 to the opponent's loss.
eventWindow({
  stage: 'loss',
  phase: 'Loss Phase',
  prompt: (side) => `${side}: lay a Loss Phase event against your opponent face down?`,
  window: 'loss',
  none: 'Go on to the losses',
  play(s, l, env, _cid, side) {
    s.extraLoss[other(side)] += l.effect.lossPhaseDice ?? 0;
    sideLog(env, side, () => `${side} plays ${l.name}: ${other(side)} loses 1D6 more.`, 'event');
  },
  done(s, env) {
    lossPhaseLosses(s, env);
    supportPhase(s, env);
    beginPhase(s, 'end', env);
  },
});

registerPhase('loss', startLoss);
