/**
 * Strategy Phase (rulebook: Strategy Phase): hands filled to 8; Invade draws 3 more (card list). The
 * Invade window opens after the fill and closes before its cards are drawn, so a card drawn by Invade
 * (a reshuffled Invade among them) waits for the next Strategy Phase: a hand reaches at most
 * 8 − 1 + 3 = 10 (english-civil-war.md).
 */
import type { GameEnv } from '../../engine/module.js';
import { drawCards, rulesOf } from './cards.js';
import { beginPhase, phaseLog, plural, registerPhase, sideLog } from './flow.js';
import { SIDES, type EcwState } from './state.js';
import { eventWindow, openWindow } from './windows.js';

/** Starts a turn: the Strategy Phase fills both hands to 8 (reshuffling the discard when the deck runs out). */
export function beginTurn(s: EcwState, env: GameEnv): void {
  const rules = rulesOf(env);
  s.turn++;
  s.segment = null;
  s.revealed = false;
  s.attacker = null;
  s.trackedDown = false;
  s.battle = null;
  s.capitulationWinner = null;
  s.plotIndex = 0;
  s.extraLoss = { Parliament: 0, Royalist: 0 };
  for (const side of SIDES) {
    const me = s.sides[side];
    me.declaration = null;
    me.musterCards = [];
    me.committed = [];
    me.mustAttack = false;
  }
  phaseLog(s, env, 'Strategy Phase');
  for (const side of SIDES) {
    const need = rules.setup.handSize - s.sides[side].hand.length;
    if (need > 0) {
      const got = drawCards(s, side, need, env);
      sideLog(env, side, () => `${side} draws ${plural(got, 'card')} (hand ${s.sides[side].hand.length}).`);
    }
  }
  s.filledHands = { Parliament: s.sides.Parliament.hand.length, Royalist: s.sides.Royalist.hand.length };
  openWindow(s, 'strategy', SIDES);
}

eventWindow({
  stage: 'strategy',
  phase: 'Strategy Phase',
  prompt: (side) => `${side}: play a Strategy Phase event (face down, revealed with the other side's)?`,
  window: 'strategy',
  none: 'Play nothing',
  // Invade gives the Strategy Phase its 3 extra cards once per player (rules/english-civil-war.md, "Invade").
  once: true,
  play(s, line, env, _cid, side) {
    // Invade: draw an extra 3 cards in the Strategy Phase.
    const got = drawCards(s, side, line.effect.extraDraws ?? 0, env);
    sideLog(env, side, () => `${side} plays ${line.name} and draws ${plural(got, 'more card')}.`, 'event');
  },
  done(s, env) {
    delete s.filledHands;
    beginPhase(s, 'muster', env);
  },
});

registerPhase('strategy', beginTurn);
