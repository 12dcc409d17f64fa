/**
 * End Phase (rulebook: End Phase): players may discard any cards they do not want. Both choose at
 * once: a side's discards are set aside face down and shown when both are done.
 */
import type { ChoiceOption, GameEnv } from '../../engine/module.js';
import { cardNames, cardOf, namedCard, rulesOf } from './cards.js';
import { beginPhase, phaseLog, plural, Question, registerPhase, registerStage, sideLog } from './flow.js';
import { SIDES, type CardId, type EcwState, type SideName } from './state.js';
import { commitCard, copyOf, nextInWindow, numberCards, offersLine, openWindow, revealCommitted } from './windows.js';

export function startEnd(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'End Phase');
  openWindow(s, 'end', SIDES);
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
    env.log({
      kind: 'text',
      text: `Turn limit reached: ${s.winner ? `${s.winner} wins on Territory Markers` : 'a draw'} (${p}-${r}).`,
      tone: 'phase',
    });
    return;
  }
  beginPhase(s, 'strategy', env);
}

const KEEP_THE_REST: ChoiceOption = Object.freeze({ id: 'done', label: 'Keep the rest' });

registerStage('end', {
  ask(s, rules) {
    const me = s.sides[s.asking];
    const options: ChoiceOption[] = [];
    for (const c of me.hand) {
      const card = cardOf(rules, c);
      if (!offersLine(options, card.line)) options.push(card.discard);
    }
    options.push(KEEP_THE_REST);
    const side = s.asking;
    // Asked again after each discard: every card keeps its number meanwhile.
    const numbered = numberCards(s, rules, side, options, () => true);
    const aside = copyOf(me.committed);
    const prompt = () =>
      `${side}: discard any cards you do not want.` + (aside.length ? ` Set aside so far: ${cardNames(rules, aside)}.` : '');
    return new Question(side, 'End Phase', prompt, numbered, true);
  },
  act(s, id, env) {
    const rules = rulesOf(env);
    if (id.startsWith('discard ')) {
      commitCard(s, s.asking, namedCard(rules, id, 'discard'));
      return;
    }
    if (nextInWindow(s)) return;
    const discarded: Record<SideName, CardId[]> = { Parliament: [], Royalist: [] };
    revealCommitted(s, env, (side, cid) => discarded[side].push(cid));
    for (const side of SIDES) {
      const cards = discarded[side];
      if (cards.length) sideLog(env, side, () => `${side} discards ${plural(cards.length, 'card')}: ${cardNames(rules, cards)}.`);
    }
    endTurn(s, env);
  },
});

registerPhase('end', startEnd);
