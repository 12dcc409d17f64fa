/**
 * Victory (rulebook 13; the source numbers both subsections 13.1): the automatic victories checked in
 * phase G (the French after turn 4, the English whenever all French units are gone), otherwise victory
 * points after turn 8: units eliminated or routed, and the towns each side controls.
 */
import type { Outcome } from '../../engine/module.js';
import { logText, nextPhase, registerPhase } from './flow.js';
import { rulesOf } from './map.js';
import type { IrlRules, IrlState, SideName } from './state.js';

export interface VpBreakdown {
  units: number;
  towns: number;
  total: number;
}

/** 13.2: each side's victory points now. */
export function vpDetail(s: IrlState, rules: IrlRules): Record<SideName, VpBreakdown> {
  let fu = 0;
  let eu = 0;
  for (const u of rules.units) {
    const st = s.units[u.id];
    const gone = st.place === 'eliminated';
    if (u.side === 'English' && (gone || (st.place === 'map' && st.routed)))
      fu += u.band === 'regular' ? rules.victory.french.regular : rules.victory.french.militia;
    if (u.side === 'French' && gone) eu += u.band === 'french' ? rules.victory.english.french : rules.victory.english.unitedIrishmen;
  }
  let ft = 0;
  let et = 0;
  for (const t of rules.victory.towns) {
    if (s.control[t.hex] === 'French') ft += t.french;
    else et += t.english;
  }
  return { French: { units: fu, towns: ft, total: fu + ft }, English: { units: eu, towns: et, total: eu + et } };
}

export function victoryPoints(s: IrlState, rules: IrlRules): Record<SideName, number> {
  const d = vpDetail(s, rules);
  return { French: d.French.total, English: d.English.total };
}

/** 13.1: all French (blue) units eliminated. */
export function englishAutomatic(s: IrlState, rules: IrlRules): boolean {
  return rules.units.filter((u) => u.band === 'french').every((u) => s.units[u.id].place === 'eliminated');
}

/** 13.1: after turn 4, every English unit eliminated or routed except the Sligo Garrison (units not yet arrived count as standing). */
export function frenchAutomatic(s: IrlState, rules: IrlRules): boolean {
  if (s.turn <= rules.victory.automaticAfterTurn) return false;
  return rules.units
    .filter((u) => u.side === 'English' && u.id !== rules.rout.sligoGarrison)
    .every((u) => s.units[u.id].place === 'eliminated' || (s.units[u.id].place === 'map' && s.units[u.id].routed));
}

function endGame(s: IrlState, winner: SideName | null, how: IrlState['victory']): void {
  s.over = true;
  s.stage = 'over';
  s.winner = winner;
  s.victory = how;
  s.endTurn = s.turn;
}

registerPhase('G', (s, env) => {
  const rules = rulesOf(env);
  s.vpAtEnd.push(victoryPoints(s, rules));
  if (englishAutomatic(s, rules)) {
    logText(env, 'Every French unit is eliminated: automatic English victory (rule 13.1).', 'event', 'English');
    return endGame(s, 'English', 'english-automatic');
  }
  if (frenchAutomatic(s, rules)) {
    logText(
      env,
      'Every English unit but the Sligo Garrison is eliminated or routed: the Connacht Republic is declared, automatic French victory (rule 13.1).',
      'event',
      'French',
    );
    return endGame(s, 'French', 'french-automatic');
  }
  if (s.turn >= rules.turns.count) {
    const vp = victoryPoints(s, rules);
    const winner = vp.French > vp.English ? 'French' : vp.English > vp.French ? 'English' : null;
    logText(
      env,
      `End of turn ${s.turn}: French ${vp.French} VP, English ${vp.English} VP: ${winner ? `the ${winner} win` : 'a draw'} (rule 13.2).`,
      'event',
      winner ?? undefined,
    );
    return endGame(s, winner, 'points');
  }
  nextPhase(s, env);
});

/** The result for records and `simulate` (Outcome.details: this game's figures). */
export function outcome(s: IrlState, rules: IrlRules): Outcome {
  const vp = vpDetail(s, rules);
  const frenchLost = rules.units.filter((u) => u.band === 'french' && s.units[u.id].place === 'eliminated').length;
  const held = (side: SideName) => rules.victory.towns.filter((t) => s.control[t.hex] === side).length;
  const details = {
    automatic: s.victory === 'french-automatic' || s.victory === 'english-automatic',
    victory: s.victory ?? 'unfinished',
    vpFrench: vp.French.total,
    vpEnglish: vp.English.total,
    vpMargin: vp.French.total - vp.English.total,
    endTurn: s.endTurn ?? s.turn,
    frenchUnitsLost: frenchLost,
    unitedIrishmenLost: rules.units.filter((u) => u.band === 'united-irishmen' && s.units[u.id].place === 'eliminated').length,
    englishUnitsLost: rules.units.filter((u) => u.side === 'English' && s.units[u.id].place === 'eliminated').length,
    townsFrench: held('French'),
    townsEnglish: held('English'),
    combats: s.stats.combats,
    recruited: s.stats.recruited,
    surrenders: s.stats.surrenders,
  };
  const score = `French ${vp.French.total} VP (units ${vp.French.units} + towns ${vp.French.towns}), English ${vp.English.total} VP (units ${vp.English.units} + towns ${vp.English.towns})`;
  if (!s.over) return { finished: false, turns: s.turn, summary: `Turn ${s.turn}: ${score}`, details };
  const level =
    s.victory === 'french-automatic'
      ? 'Automatic French victory: the Connacht Republic'
      : s.victory === 'english-automatic'
        ? 'Automatic English victory: the French army destroyed'
        : s.winner
          ? `${s.winner} victory on points`
          : 'Draw on points';
  return {
    finished: true,
    winner: s.winner,
    level,
    points: vp.French.total - vp.English.total,
    turns: s.endTurn ?? s.turn,
    summary: `${level} in turn ${s.endTurn}: ${score}`,
    details,
  };
}
