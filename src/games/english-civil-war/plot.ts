/**
 * Plot Phase (rulebook: Plot Phase): Parliament rolls for Scotland (5+); the Royalist rolls for Ireland
 * (5+; the first alliance costs him 1 TM to Parliament, once only) and for Scotland (6+, taking it from
 * Parliament). Negotiations / Form Alliance make one roll succeed.
 */
import type { GameEnv } from '../../engine/module.js';
import { discardFromHand, lineOf, rulesOf } from './cards.js';
import { beginPhase, phaseLog, playedCard, Question, registerPhase, registerStage, sideLog, transferTerritory } from './flow.js';
import { windowOptions } from './windows.js';
import type { EcwState, PlotRollRule } from './state.js';

export function startPlot(s: EcwState, env: GameEnv): void {
  phaseLog(s, env, 'Plot Phase');
  s.plotIndex = 0;
  nextPlotRoll(s, env);
}

/** Already allied: no roll (english-civil-war-notes.md, "Plot phase order"). */
function alreadyAllied(s: EcwState, rule: PlotRollRule): boolean {
  return rule.ally === 'scots' ? s.scots === rule.side : s.irish;
}

function allyName(rule: PlotRollRule): string {
  return rule.ally === 'scots' ? 'Scotland' : 'Ireland';
}

function nextPlotRoll(s: EcwState, env: GameEnv): void {
  const plot = rulesOf(env).plot;
  while (s.plotIndex < plot.length && alreadyAllied(s, plot[s.plotIndex])) s.plotIndex++;
  if (s.plotIndex >= plot.length) return beginPhase(s, 'loss', env);
  s.stage = 'plot';
  s.asking = plot[s.plotIndex].side;
}

/** An alliance is made: Scotland leaves its old ally; Ireland costs the Royalist 1 TM, once. */
export function makeAlliance(s: EcwState, rule: PlotRollRule, env: GameEnv): void {
  if (rule.ally === 'scots') {
    const old = s.scots;
    s.scots = rule.side;
    sideLog(
      env,
      rule.side,
      () => `${rule.side} makes an alliance with Scotland${old && old !== rule.side ? ` (Scotland leaves ${old})` : ''}.`,
      'good',
    );
    return;
  }
  s.irish = true;
  sideLog(env, rule.side, () => `${rule.side} makes an alliance with Ireland.`, 'good');
  if (rule.territoryCost > 0 && !s.irishCostPaid) {
    s.irishCostPaid = true;
    sideLog(env, rule.side, 'An alliance with the Catholic Irish is not popular in England.', 'warn');
    transferTerritory(s, rule.side, rule.side === 'Royalist' ? 'Parliament' : 'Royalist', rule.territoryCost, env);
  }
}

registerStage('plot', {
  ask(s, rules) {
    const rule = rules.plot[s.plotIndex];
    const side = s.asking;
    const options = windowOptions(s, rules, side, 'plot', [{ id: 'roll', label: `Roll 1D6 (${rule.target}+)` }]);
    return new Question(side, 'Plot Phase', () => `${side}: plot for an alliance with ${allyName(rule)} (needs ${rule.target}+).`, options);
  },
  act(s, id, env) {
    const rules = rulesOf(env);
    const rule = rules.plot[s.plotIndex];
    const cid = playedCard(rules, id);
    if (cid) {
      discardFromHand(s, s.asking, cid);
      sideLog(env, s.asking, () => `${s.asking} plays ${lineOf(rules, cid).name}: the plot for ${allyName(rule)} succeeds.`, 'event');
      makeAlliance(s, rule, env);
    } else {
      const r = env.dice.roll(6, `Plot Phase: ${s.asking} rolls for an alliance with ${allyName(rule)} (${rule.target}+)`);
      if (r >= rule.target) makeAlliance(s, rule, env);
      else {
        const side = s.asking;
        sideLog(env, side, () => `${side}'s plot for ${allyName(rule)} fails.`);
      }
    }
    if (s.over) return;
    s.plotIndex++;
    nextPlotRoll(s, env);
  },
});

registerPhase('plot', startPlot);
