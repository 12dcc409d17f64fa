/** End Phase (rulebook: End Phase): players may discard any cards they do not want. */
import type { GameEnv } from '../../engine/module.js';
import { discardFromHand, distinctByLine, lineOf, rulesOf } from './cards.js';
import { phaseLog, registerStage, sideLog } from './flow.js';
import { beginTurn } from './strategy.js';
import type { EcwState } from './state.js';

export function startEnd(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'End Phase');
  s.stage = 'end';
  s.asking = 'Parliament';
}

/** End of the turn: last turn's winner for the Morale bonus; the optional turn limit; the next turn. */
export function endTurn(s: EcwState, env: GameEnv): void {
  s.wonLastTurn = s.wonThisTurn;
  s.wonThisTurn = null;
  if (s.turnLimit !== null && s.turn >= s.turnLimit) {
    // Option turn-limit (not in the rulebook): the side with more Territory Markers wins; equal is a draw.
    const p = s.sides.Parliament.territory;
    const r = s.sides.Royalist.territory;
    s.over = true;
    s.stage = 'over';
    s.winner = p > r ? 'Parliament' : r > p ? 'Royalist' : null;
    env.log({ kind: 'text', text: `Turn limit reached: ${s.winner ? `${s.winner} wins on Territory Markers` : 'a draw'} (${p}-${r}).`, tone: 'phase' });
    return;
  }
  beginTurn(s, env);
}

registerStage('end', {
  ask(s, rules) {
    const hand = s.sides[s.asking].hand;
    const options = distinctByLine(rules, hand).map((c) => ({ id: `discard ${c}`, label: `Discard ${lineOf(rules, c).name}` }));
    options.push({ id: 'done', label: 'Keep the rest' });
    return { side: s.asking, phase: 'End Phase', prompt: `${s.asking}: discard any cards you do not want.`, options };
  },
  act(s, id, env) {
    const rules = rulesOf(env);
    if (id.startsWith('discard ')) {
      const cid = id.slice(8);
      discardFromHand(s, s.asking, cid);
      sideLog(env, s.asking, `${s.asking} discards ${lineOf(rules, cid).name}.`);
      return;
    }
    if (s.asking === 'Parliament') {
      s.asking = 'Royalist';
      return;
    }
    endTurn(s, env);
  },
});
