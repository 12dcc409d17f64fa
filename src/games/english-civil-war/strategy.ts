/** Strategy Phase (rulebook: Strategy Phase): hands filled to 8; Invade draws 3 more. */
import type { GameEnv } from '../../engine/module.js';
import { drawCards, rulesOf } from './cards.js';
import { phaseLog, plural, sideLog } from './flow.js';
import { startMuster } from './muster.js';
import { SIDES, type EcwState } from './state.js';
import { eventWindow } from './windows.js';

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
    me.mustAttack = false;
  }
  phaseLog(s, env, 'Strategy Phase');
  for (const side of SIDES) {
    const need = rules.setup.handSize - s.sides[side].hand.length;
    if (need > 0) {
      const got = drawCards(s, side, need, env);
      sideLog(env, side, `${side} draws ${plural(got, 'card')} (hand ${s.sides[side].hand.length}).`);
    }
  }
  s.filledHands = { Parliament: s.sides.Parliament.hand.length, Royalist: s.sides.Royalist.hand.length };
  s.stage = 'strategy';
  s.asking = 'Parliament';
}

eventWindow({
  stage: 'strategy',
  phase: 'Strategy Phase',
  prompt: (s) => `${s.asking}: play a Strategy Phase event?`,
  window: 'strategy',
  // Invade gives the Strategy Phase its 3 extra cards once per player: when they empty the deck, the
  // reshuffled discard can bring Invade straight back, and it waits for the next Strategy Phase
  // (rules/english-civil-war.md, "Invade").
  once: true,
  play(s, line, env) {
    // Invade: draw an extra 3 cards in the Strategy Phase.
    const got = drawCards(s, s.asking, line.effect.extraDraws ?? 0, env);
    sideLog(env, s.asking, `${s.asking} plays ${line.name} and draws ${plural(got, 'more card')}.`, 'event');
  },
  done(s, env) {
    if (s.asking === 'Parliament') s.asking = 'Royalist';
    else {
      delete s.filledHands;
      startMuster(s, env);
    }
  },
});
