/**
 * Event windows (english-civil-war-notes.md, "Timing of cards"): a stage that asks the side in
 * `s.asking` whether to play one of its cards legal in a window. A played card leaves the hand for the
 * discard and takes its effect (the call site's `play`, which also logs "<side> plays <card>…");
 * "done" moves on (the call site's `done`). Each call site keeps its rule's effect and rulebook note.
 */
import type { GameEnv } from '../../engine/module.js';
import { discardFromHand, lineOf, rulesOf, type Window } from './cards.js';
import { playedCard, registerStage, windowOptions } from './flow.js';
import type { CardId, CardLine, EcwState, Stage } from './state.js';

export interface EventWindow {
  stage: Exclude<Stage, 'over'>;
  /** The phase named to the player. */
  phase: string | ((s: EcwState) => string);
  prompt: (s: EcwState) => string;
  window: Window;
  /** The label of the "done" option (windowOptions' default when absent). */
  none?: string;
  /** One card at most: after a played card the window closes (unless the game is over) instead of asking again. */
  once?: boolean;
  /** The played card's effect and log line; the card has already left `s.asking`'s hand. */
  play(s: EcwState, line: CardLine, env: GameEnv, cid: CardId): void;
  /** Nothing (more) is played: go on to the next stage. */
  done(s: EcwState, env: GameEnv): void;
}

export function eventWindow(w: EventWindow): void {
  registerStage(w.stage, {
    ask: (s, rules) => ({
      side: s.asking,
      phase: typeof w.phase === 'string' ? w.phase : w.phase(s),
      prompt: w.prompt(s),
      options: windowOptions(s, rules, s.asking, w.window, w.none),
    }),
    act(s, id, env) {
      const rules = rulesOf(env);
      const cid = playedCard(id);
      if (cid) {
        const line = lineOf(rules, cid);
        discardFromHand(s, s.asking, cid);
        w.play(s, line, env, cid);
        if (!w.once || s.over) return;
      }
      w.done(s, env);
    },
  });
}
