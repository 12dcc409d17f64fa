/**
 * Irlande 1798 (Vae Victis #86): Humbert's French landing in Mayo, eight one-day turns, the French
 * against the English on a hex map. The module contract (src/engine/module.ts) over the rulebook's
 * sequence of play (3.1); each phase or mechanism in its own file.
 */
import type { Decision, GameEnv, GameModule } from '../../engine/module.js';
import { IllegalChoice } from '../../engine/module.js';
import { meta } from './meta.js';
import { act, advance, ask, decisionOf, positionsAsked } from './flow.js';
import { rulesOf } from './map.js';
import './reinforcements.js';
import './movement.js';
import './combat.js';
import './tasks.js';
import './rally.js';
import './victory.js';
import { setupGame } from './setup.js';
import { outcome } from './victory.js';
import { checkRules } from './rules-check.js';
import { makeView, type IrlView } from './view.js';
import { render, status } from './render.js';
import { renderRulesTopic, RULES_TOPICS } from './rules-topics.js';
import { heuristicBot, randomBot } from './bots.js';
import { helpFor } from './help.js';
import { checkInvariants } from './invariants.js';
import { victoryPoints } from './victory.js';
import { perturbHidden } from './hidden.js';
import { outcomeFacts } from './outcomes.js';
import type { IrlRules, IrlState, SideName } from './state.js';

function start(rules: IrlRules, options: Record<string, string>, env: GameEnv): IrlState {
  if (env.rules !== rules) env = { ...env, rules };
  const s = setupGame(rules, options, env);
  advance(s, env);
  return s;
}

/**
 * Applies a choice. The engine's pending decision is this state's, its options made by `ask`
 * (GameEnv.pending): the choice is checked against it, and the options are built again only when
 * the engine gives none. Returns the next decision, which `advance` asked to know whether it has one
 * option or more (GameModule.apply: the engine does not ask it again), starting from who stood where
 * when the pending decision was asked. Throws IllegalChoice when `id` is not offered.
 */
export function applyChoice(s: IrlState, id: string, env: GameEnv): Decision | null {
  const options = env.pending ? env.pending.options : ask(s, rulesOf(env))?.options;
  if (!options || !options.some((o) => o.id === id)) throw new IllegalChoice(id, options ? options.map((o) => o.id) : []);
  const known = positionsAsked(env.pending);
  act(s, id, env);
  return advance(s, env, known);
}

export const irlande1798: GameModule<IrlState, IrlRules, IrlView> = {
  ...meta,
  loadRules: checkRules,
  setup: start,
  decision(s, rules) {
    const a = ask(s, rules);
    return a ? decisionOf(a) : null;
  },
  apply: applyChoice,
  result: outcome,
  view: (s, side, rules) => makeView(s, side as SideName | 'all', rules),
  render,
  status,
  rulesTopics: RULES_TOPICS,
  renderRules: renderRulesTopic,
  help: helpFor,
  bots: { random: randomBot, heuristic: heuristicBot },
  invariants: checkInvariants,
  optionsOf: (s) => ({
    'rout-exit': s.options.routExit,
    'humbert-size': s.options.humbertSize,
    'humbert-combat': s.options.humbertCombat ?? 'shown',
  }),
  // rules/irlande-1798.md, "Step limit": the game ends after its last turn; 10,000 decisions is about
  // 15 times the longest random game.
  stepLimit: 10_000,
  // simulate: the standing is the victory points if the game ended now (rule 13); the French move
  // first in every turn (rule 3.1).
  score: (s, rules) => victoryPoints(s, rules),
  firstMoverOf: () => 'French',
  runaway: (s, rules) => `it stands at turn ${s.turn} of ${rules.turns.count}: the game ends after turns.count (rules data)`,
  perturbHidden,
  outcomeFacts,
};
