/** Casualties (rulebook: Battle Segment): the winner loses 1D6, the loser 3D6, a tie 2D6 each. */
import type { GameEnv } from '../../engine/module.js';
import { rulesOf } from './cards.js';
import { beginPhase, loseRegiments, plural, registerPhase, rollDice, sideLog } from './flow.js';
import { ASPECTS, other, SIDES, type EcwState, type SideName } from './state.js';

export function resolveCasualties(s: EcwState, env: GameEnv): void {
  const rules = rulesOf(env);
  const b = s.battle!;
  const c = rules.casualties;
  const seg = b.segment === 'battle' ? 'Battle' : 'Siege';
  if (b.winner) {
    const winner = b.winner;
    const loser = other(winner);
    const w = rollDice(env, c.winnerDice, `Casualties: ${winner} (winner) loses ${c.winnerDice}D6 Regiments`);
    take(s, winner, w, env);
    let l = rollDice(env, c.loserDice, `Casualties: ${loser} (loser) loses ${c.loserDice}D6 Regiments`);
    // Put to the Sword / Slaughter: the battle/siege loser loses 1D6 more.
    if (b.loserExtraDice)
      l += rollDice(env, b.loserExtraDice, `Casualties: ${loser} loses ${b.loserExtraDice}D6 more (Put to the Sword / Slaughter)`);
    // Rearguard: the battle loser takes 1D6 fewer casualties (never below 0).
    if (b.reductionDice) l -= rollDice(env, b.reductionDice, `Casualties: ${loser} takes ${b.reductionDice}D6 fewer (Rearguard)`);
    take(s, loser, Math.max(0, l), env);
  } else {
    for (const side of SIDES)
      take(s, side, rollDice(env, c.tieDice, `Casualties: ${seg} tied, ${side} loses ${c.tieDice}D6 Regiments`), env);
  }
  // The battle cards go to the discard (the picks stay listed for the battle table until the turn ends).
  for (const side of SIDES)
    for (const a of ASPECTS) {
      const cid = b.picks[side][a];
      if (cid) s.discard.push(cid);
    }
  b.discarded = true;
  beginPhase(s, 'capitulation', env);
}

function take(s: EcwState, side: SideName, n: number, env: GameEnv): void {
  const lost = loseRegiments(s, side, n);
  sideLog(env, side, () => `${side} loses ${plural(lost, 'Regiment')} (now ${s.sides[side].regiments}).`, 'bad');
}

registerPhase('casualties', resolveCasualties);
