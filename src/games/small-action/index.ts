/**
 * Small Action Rules (Kriegspieler #10): section firefights, 1850-1925, on a tabletop grid of 50 mm
 * cells. The module contract (src/engine/module.ts) over the rulebook's Sequence of Play; each phase
 * or mechanism in its file: orders.ts, phases.ts, fire.ts, movement.ts, grenades.ts,
 * close-combat.ts, morale.ts, turn.ts; geometry.ts (distances, line of sight); view, render, bots.
 */
import type { Decision, GameEnv, GameModule, Outcome } from '../../engine/module.js';
import { IllegalChoice } from '../../engine/module.js';
import { meta } from './meta.js';
import { checkRules } from './rules-data.js';
import { setupGame } from './setup.js';
import { act, advance, ask, scorePoints } from './turn.js';
import type { Ask } from './phases.js';
import { rulesOf, scenarioOf, sideTitle, verdict } from './section.js';
import { makeView, type SaView } from './view.js';
import { renderView, statusLine } from './render.js';
import { renderRulesTopic, RULES_TOPICS } from './reference.js';
import { heuristicBot, randomBot } from './bots.js';
import { helpFor } from './help.js';
import { checkInvariants } from './invariants.js';
import { perturbHidden } from './hidden.js';
import { outcomeFacts } from './outcomes.js';
import { ORDER_KINDS, SIDES, type SaRules, type SaState, type SideName } from './types.js';

/**
 * Applies a choice. The engine's pending decision is this state's, its options made by `ask`
 * (GameEnv.pending): not built again. Returns the next decision, which `advance` asked to know
 * whether it has one option or more (GameModule.apply: the engine does not ask it again). Throws
 * IllegalChoice when `id` is not offered.
 */
function applyChoice(s: SaState, id: string, env: GameEnv): Decision | null {
  const legal = env.pending ? env.pending.options : (ask(s, rulesOf(env))?.options ?? []);
  if (!legal.some((o) => o.id === id))
    throw new IllegalChoice(
      id,
      legal.map((o) => o.id),
    );
  act(s, id, env, env.pending as Ask | undefined);
  return advance(s, env);
}

function outcome(s: SaState, rules: SaRules): Outcome {
  const lost = (side: SideName) => s.figures.filter((f) => f.status === 'casualty' && s.sections[f.section].side === side).length;
  const details: Record<string, number | string> = {
    scenario: s.scenario,
    turns: s.turn,
    blueCasualties: lost('Blue'),
    redCasualties: lost('Red'),
    blueExited: s.figures.filter((f) => f.status === 'exited' && s.sections[f.section].side === 'Blue').length,
    fires: s.stats.fires,
    grenades: s.stats.grenades,
    closeCombats: s.stats.closeCombats,
    moraleFails: s.stats.moraleFails,
  };
  const laid = Object.entries(s.stats.orders);
  const total = laid.reduce((a, [, n]) => a + n, 0) || 1;
  for (const k of ORDER_KINDS) {
    const n = laid.filter(([id]) => id.startsWith(k)).reduce((a, [, v]) => a + v, 0);
    details[`order:${k}`] = Math.round((1000 * n) / total) / 10;
  }
  const sc = scenarioOf(s, rules);
  if (!s.over) return { finished: false, turns: s.turn, summary: `${sc.name}, turn ${s.turn}`, details };
  const p = s.points;
  return {
    finished: true,
    winner: s.winner,
    level: s.winner ? `${sideTitle(s, rules, s.winner)} win` : 'Draw',
    points: p.Blue - p.Red,
    turns: s.turn,
    summary: `${sc.name}: ${verdict(s.winner && sideTitle(s, rules, s.winner), s.winner)}, ${p.Blue} to ${p.Red} victory points, after ${s.turn} turns (${s.endReason}).`,
    details,
  };
}

export const smallAction: GameModule<SaState, SaRules, SaView> = {
  ...meta,
  loadRules: (raw) => checkRules(raw),
  setup(rules, options, env) {
    const e = env.rules === rules ? env : { ...env, rules };
    const s = setupGame(rules, options, e);
    advance(s, e);
    return s;
  },
  decision(s, rules) {
    // The ask itself (its prompt and labels worked out only when read): `secret` is there only for order cards.
    return ask(s, rules);
  },
  apply: applyChoice,
  result: outcome,
  view: (s, side, rules) => makeView(s, side as SideName | 'all', rules),
  render: renderView,
  status: statusLine,
  rulesTopics: RULES_TOPICS,
  renderRules: renderRulesTopic,
  help: helpFor,
  bots: { random: randomBot, heuristic: heuristicBot },
  invariants: checkInvariants,
  optionsOf: (s) => ({
    scenario: s.scenario,
    morale: s.options.morale ? 'on' : 'off',
    'danger-to-leaders': s.options.danger,
    'leader-last': s.options.leaderLast ?? 'firer',
    'leaders-off': s.options.leadersOff ?? 'last-order',
    facing: s.options.facing,
  }),
  perturbHidden,
  // odds: each figure's fate and each section's losses, with their chances.
  outcomeFacts,
  // rules/small-action.md, "Step limit": a scenario ends at its turn limit; 5,000 decisions is about
  // 50 times the longest random game of either scenario.
  stepLimit: 5_000,
  // simulate: the victory points if the game ended now; the side that fires and moves first in turn 1.
  score: (s, rules) => scorePoints(s, rules).points,
  firstMoverOf: (s) => s.first,
  runaway: (s) => `it stands at turn ${s.turn} of ${s.turnLimit}; a scenario ends after its "turns" (rules data): check them`,
};

export { SIDES };
