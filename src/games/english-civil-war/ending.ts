/**
 * How the war ends (rulebook: Victory — the first player to control all 20 Territory Markers wins) and
 * what keeps it from ending: cross-checks that refuse rules data under which no game can ever end, and
 * the reason given when a game reaches its step limit (src/engine/step-limit.ts).
 */
import type { EcwRules, EcwState } from './state.js';

/** Decisions after which a game is stopped (rules/english-civil-war.md, "Step limit"). */
export const ECW_STEP_LIMIT = 10_000;

/** The Capitulation Phase amounts that move Territory Markers from the loser to the winner. */
const TAKING = ['bothAttackers', 'acceptedBattle', 'siege', 'strategicRetreat'] as const;

/**
 * Problems of rules data under which the war can never end (each with its JSON path): no marker to
 * take, a victory total the two sides' markers cannot reach, no Capitulation that moves a marker.
 */
export function endingProblems(r: EcwRules): string[] {
  const p: string[] = [];
  const { territory, totalTerritory } = r.setup;
  if (territory < 1)
    p.push(
      `/setup/territory: each side needs at least 1 Territory Marker (with ${territory}, none can ever be taken and the war never ends)`,
    );
  if (totalTerritory !== 2 * territory)
    p.push(
      `/setup/totalTerritory: must be twice setup.territory (${2 * territory}): the winner holds every marker (rulebook: Victory), ${totalTerritory} is never held`,
    );
  if (TAKING.every((k) => r.capitulation[k] < 1))
    p.push(
      `/capitulation: ${TAKING.join(', ')} are all 0: no Territory Marker ever changes hands (a Victory card only adds to markers taken), so the war never ends`,
    );
  return p;
}

/** Why a game at its step limit has not ended: the markers, what moved them so far, and the rules data that moves them. */
export function runawayReason(s: EcwState, r: EcwRules): string {
  const c = r.capitulation;
  const st = s.stats;
  return (
    `in turn ${s.turn} neither side holds all ${r.setup.totalTerritory} Territory Markers ` +
    `(Parliament ${s.sides.Parliament.territory}, Royalist ${s.sides.Royalist.territory}; so far ${st.battles} battles, ${st.sieges} sieges, ` +
    `${st.strategicRetreats} strategic retreats, ${st.skirmishes} skirmishes). Markers change hands in the Capitulation Phase by ` +
    `capitulation.bothAttackers = ${c.bothAttackers}, acceptedBattle = ${c.acceptedBattle}, siege = ${c.siege}, ` +
    `strategicRetreat = ${c.strategicRetreat}, victoryCard = ${c.victoryCard}, from setup.territory = ${r.setup.territory} each: check these in the rules data`
  );
}
