/** Muster Phase (rulebook: Muster Phase): 4D6 Regiments, +1D6 per alliance, +1D6 per muster event played. */
import type { GameEnv } from '../../engine/module.js';
import { lineOf, rulesOf } from './cards.js';
import { phaseLog, plural, rollDice, sideLog } from './flow.js';
import { startDeclarations } from './declarations.js';
import type { EcwState, SideName } from './state.js';
import { eventWindow } from './windows.js';

export function startMuster(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Muster Phase');
  s.stage = 'muster';
  s.asking = 'Parliament';
}

/** Each player gains 4D6 Regiments, 1D6 more for each alliance, 1D6 more for each muster event. */
export function muster(s: EcwState, side: SideName, env: GameEnv): number {
  const rules = rulesOf(env);
  const m = rules.muster;
  let gain = rollDice(env, m.baseDice, `Muster Phase: ${side} gains ${m.baseDice}D6 Regiments`);
  if (s.scots === side) gain += rollDice(env, m.alliedDice.scots, `Muster Phase: ${side} is allied to the Scots, extra Regiments`);
  if (side === 'Royalist' && s.irish) gain += rollDice(env, m.alliedDice.irish, `Muster Phase: ${side} is allied to the Irish, extra Regiments`);
  for (const cid of s.sides[side].musterCards) {
    const line = lineOf(rules, cid);
    gain += rollDice(env, line.effect.musterDice ?? 0, `Muster Phase: ${line.name}, extra Regiments`);
  }
  s.sides[side].regiments += gain;
  sideLog(env, side, `${side} musters ${plural(gain, 'Regiment')} (now ${s.sides[side].regiments}).`, 'good');
  return gain;
}

// Each player in turn may play muster events (+1D6 Regiments each), then rolls the muster dice.
eventWindow({
  stage: 'muster',
  phase: 'Muster Phase',
  prompt: (s) => `${s.asking}: play muster events before rolling (each adds 1D6 Regiments)?`,
  window: 'muster',
  none: 'Roll the muster dice',
  play(s, line, env, cid) {
    s.sides[s.asking].musterCards.push(cid);
    sideLog(env, s.asking, `${s.asking} plays ${line.name} (+1D6 Regiments).`, 'event');
  },
  done(s, env) {
    muster(s, s.asking, env);
    if (s.asking === 'Parliament') s.asking = 'Royalist';
    else startDeclarations(s, env);
  },
});
