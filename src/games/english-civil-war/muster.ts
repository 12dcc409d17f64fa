/** Muster Phase (rulebook: Muster Phase): 4D6 Regiments, +1D6 per alliance, +1D6 per muster event played. */
import type { GameEnv } from '../../engine/module.js';
import { lineOf, rulesOf } from './cards.js';
import { beginPhase, phaseLog, plural, registerPhase, rollDice, sideLog } from './flow.js';
import { SIDES, type EcwState, type SideName } from './state.js';
import { eventWindow, openWindow } from './windows.js';

export function startMuster(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Muster Phase');
  openWindow(s, 'muster', SIDES);
}

/** Each player gains 4D6 Regiments, 1D6 more for each alliance, 1D6 more for each muster event. */
export function muster(s: EcwState, side: SideName, env: GameEnv): number {
  const rules = rulesOf(env);
  const m = rules.muster;
  let gain = rollDice(env, m.baseDice, `Muster Phase: ${side} gains ${m.baseDice}D6 Regiments`);
  if (s.scots === side) gain += rollDice(env, m.alliedDice.scots, `Muster Phase: ${side} is allied to the Scots, extra Regiments`);
  if (side === 'Royalist' && s.irish)
    gain += rollDice(env, m.alliedDice.irish, `Muster Phase: ${side} is allied to the Irish, extra Regiments`);
  for (const cid of s.sides[side].musterCards) {
    const line = lineOf(rules, cid);
    gain += rollDice(env, line.effect.musterDice ?? 0, `Muster Phase: ${line.name}, extra Regiments`);
  }
  s.sides[side].regiments += gain;
  sideLog(env, side, () => `${side} musters ${plural(gain, 'Regiment')} (now ${s.sides[side].regiments}).`, 'good');
  return gain;
}

// Both players may lay muster events (+1D6 Regiments each), revealed together; then both roll.
eventWindow({
  stage: 'muster',
  phase: 'Muster Phase',
  prompt: (side) => `${side}: lay muster events face down before the muster dice (each adds 1D6 Regiments)?`,
  window: 'muster',
  none: 'Done: roll the muster dice',
  play(s, line, env, cid, side) {
    s.sides[side].musterCards.push(cid);
    sideLog(env, side, () => `${side} plays ${line.name} (+1D6 Regiments).`, 'event');
  },
  done(s, env) {
    for (const side of SIDES) muster(s, side, env);
    beginPhase(s, 'declarations', env);
  },
});

registerPhase('muster', startMuster);
