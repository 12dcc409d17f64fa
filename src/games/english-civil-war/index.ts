/**
 * The English Civil War (card game for 2 players): Parliament against the Royalists, 1642-1649.
 * The module contract (src/engine/module.ts) over the rulebook's turn sequence; each phase in its file.
 */
import type { ChoiceOption, GameEnv, GameModule, Options, Outcome } from '../../engine/module.js';
import { IllegalChoice } from '../../engine/module.js';
import { meta } from './meta.js';
import { checkRules, physicalCards, rulesOf } from './cards.js';
import { act, ask, beginPhase } from './flow.js';
import './strategy.js';
import './muster.js';
import './declarations.js';
import './skirmish.js';
import './battle.js';
import './casualties.js';
import './capitulation.js';
import './plot.js';
import './loss-support.js';
import './end.js';
import { ASPECTS, SIDES, type EcwRules, type EcwState, type SideName } from './state.js';
import { makeView, type EcwView } from './view.js';
import { renderRulesTopic, renderView, RULES_TOPICS, status } from './render.js';
import { heuristicBot, randomBot } from './bots.js';
import { helpFor } from './help.js';
import { perturbHidden } from './secrets.js';
import { outcomeFacts } from './outcomes.js';
import { ECW_STEP_LIMIT, runawayReason } from './ending.js';

/** Setup (rulebook: Setup): shuffle the deck; 10 Regiments and 10 Territory Markers each; then turn 1. */
export function setupGame(rules: EcwRules, options: Options, env: GameEnv): EcwState {
  // The phases take the rules from env.rules: the engine passes the same object; setup's argument decides.
  if (env.rules !== rules) env = { ...env, rules };
  const ids = physicalCards(rules);
  const limit = options['turn-limit'] ?? 'none';
  const side = () => ({
    regiments: rules.setup.regiments,
    territory: rules.setup.territory,
    hand: [],
    declaration: null,
    musterCards: [],
    committed: [],
    mustAttack: false,
  });
  const s: EcwState = {
    turnLimit: limit === 'none' ? null : Number(limit),
    victoryCard: options['victory-card'] === 'winner' ? 'winner' : 'taker',
    turn: 0,
    stage: 'strategy',
    asking: 'Parliament',
    windowNext: [],
    lastAsked: 'Parliament',
    sides: { Parliament: side(), Royalist: side() },
    deck: env.dice.shuffle(ids, 'Shuffle the deck'),
    discard: [],
    scots: null,
    irish: false,
    irishCostPaid: false,
    segment: null,
    revealed: false,
    attacker: null,
    trackedDown: false,
    battle: null,
    wonThisTurn: null,
    wonLastTurn: null,
    capitulationWinner: null,
    plotIndex: 0,
    extraLoss: { Parliament: 0, Royalist: 0 },
    winner: null,
    over: false,
    stats: { skirmishes: 0, battles: 0, sieges: 0, strategicRetreats: 0, ties: 0, declinedSieges: 0 },
  };
  beginPhase(s, 'strategy', env);
  return s;
}

export function applyChoice(s: EcwState, id: string, env: GameEnv): void {
  // The engine's pending decision is this state's (src/engine/module.ts, GameEnv.pending).
  const a = env.pending ?? ask(s, rulesOf(env));
  if (!a || !offers(a.options, id)) throw new IllegalChoice(id, a ? a.options.map((o) => o.id) : []);
  act(s, id, env);
}

/**
 * Whether one of `options` has the id `id`. Every answer is checked here, and the lists are of two
 * kinds (built per question, or frozen and shared): an index loop reads both as quickly, where for-of
 * made V8 step an iterator through the frozen ones (about 2% of a random playout).
 */
function offers(options: readonly ChoiceOption[], id: string): boolean {
  for (let i = 0; i < options.length; i++) if (options[i].id === id) return true;
  return false;
}

function outcome(s: EcwState, rules: EcwRules): Outcome {
  const p = s.sides.Parliament;
  const r = s.sides.Royalist;
  const details = {
    turns: s.turn,
    ...s.stats,
    parliamentTerritory: p.territory,
    royalistTerritory: r.territory,
    parliamentRegiments: p.regiments,
    royalistRegiments: r.regiments,
  };
  if (!s.over)
    return { finished: false, turns: s.turn, summary: `Turn ${s.turn}: Parliament ${p.territory} TM, Royalist ${r.territory} TM`, details };
  const how =
    s.winner && s.sides[s.winner].territory >= rules.setup.totalTerritory
      ? 'holds all 20 Territory Markers'
      : 'leads on Territory Markers at the turn limit';
  return {
    finished: true,
    winner: s.winner,
    level: s.winner ? `${s.winner} ${how}` : 'Draw at the turn limit',
    turns: s.turn,
    summary: s.winner
      ? `${s.winner} wins in turn ${s.turn} (${how}; ${p.territory}-${r.territory})`
      : `Draw after ${s.turn} turns (${p.territory}-${r.territory})`,
    details,
  };
}

/** Cards one Invade adds to a hand in the Strategy Phase: it leaves the hand and draws its extra cards. */
function invadeGain(rules: EcwRules): number {
  return Math.max(0, ...rules.cards.map((c) => (c.effect.extraDraws ?? 0) - 1));
}

/** Turns from 1 (to the turn limit); territory markers total 20; regiments ≥ 0; 158 cards, each in exactly one place; hands within limits. */
export function checkInvariants(s: EcwState, rules: EcwRules): string[] {
  const bad: string[] = [];
  // The set-up begins turn 1 at once (strategy.ts, beginTurn); the turn limit ends the game at its last turn (end.ts).
  if (!Number.isInteger(s.turn) || s.turn < 1 || (s.turnLimit !== null && s.turn > s.turnLimit))
    bad.push(`turn ${s.turn}: turns run from 1${s.turnLimit === null ? '' : ` to the turn limit ${s.turnLimit}`}`);
  const total = rules.setup.totalTerritory;
  if (s.sides.Parliament.territory + s.sides.Royalist.territory !== total) bad.push('territory markers do not total 20');
  const seen = new Map<string, string>();
  const place = (where: string, cards: string[]) => {
    for (const c of cards) {
      if (seen.has(c)) bad.push(`${c} is both in ${seen.get(c)} and ${where}`);
      seen.set(c, where);
    }
  };
  for (const side of SIDES) {
    const me = s.sides[side];
    if (me.regiments < 0 || !Number.isInteger(me.regiments)) bad.push(`${side} regiments ${me.regiments}`);
    if (me.territory < 0) bad.push(`${side} territory ${me.territory}`);
    // Strategy Phase: after the fill, one Invade at most (the card leaves the hand, 3 are drawn).
    const filled = s.filledHands?.[side];
    if (filled !== undefined && me.hand.length > filled + invadeGain(rules))
      bad.push(`${side} holds ${me.hand.length} cards, ${filled} after the fill (one Invade adds ${invadeGain(rules)})`);
    place(`${side}'s hand`, me.hand);
  }
  place('the deck', s.deck);
  place('the discard', s.discard);
  if (s.battle && !s.battle.discarded)
    for (const side of SIDES)
      place(
        `${side}'s battle cards`,
        ASPECTS.map((a) => s.battle!.picks[side][a]).filter((c): c is string => !!c),
      );
  for (const side of SIDES) place(`${side}'s cards laid face down`, s.sides[side].committed);
  if (seen.size !== rules.deckSize) bad.push(`${seen.size} cards accounted for, not ${rules.deckSize}`);
  if (s.over && s.turnLimit === null && s.winner && s.sides[s.winner].territory !== total) bad.push('a winner without all markers');
  return bad;
}

/** The rules a module call was given: the engine always passes them (optional only while callers migrate). */
function required(rules: EcwRules | undefined): EcwRules {
  if (!rules) throw new Error('english-civil-war: called without the rules');
  return rules;
}

export const englishCivilWar: GameModule<EcwState, EcwRules, EcwView> = {
  ...meta,
  loadRules: (raw) => checkRules(raw),
  setup: setupGame,
  decision(s, rules) {
    // The stage's question is the decision: its prompt written only when read (flow.ts, Question).
    return ask(s, required(rules));
  },
  apply: applyChoice,
  result: (s, rules) => outcome(s, required(rules)),
  view: (s, side, rules) => makeView(s, side as SideName | 'all', required(rules)),
  render: renderView,
  status,
  rulesTopics: RULES_TOPICS,
  renderRules: renderRulesTopic,
  help: (s, rules) => helpFor(s, required(rules)),
  bots: { random: randomBot, heuristic: heuristicBot },
  invariants: (s, rules) => checkInvariants(s, required(rules)),
  optionsOf: (s) => ({ 'turn-limit': s.turnLimit === null ? 'none' : String(s.turnLimit), 'victory-card': s.victoryCard }),
  perturbHidden,
  outcomeFacts,
  stepLimit: ECW_STEP_LIMIT,
  runaway: (s, rules) => runawayReason(s, required(rules)),
  // simulate's decisiveness: the Territory Markers each side holds (rulebook: Victory).
  score: (s) => ({ Parliament: s.sides.Parliament.territory, Royalist: s.sides.Royalist.territory }),
};
