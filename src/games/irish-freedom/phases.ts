/** Turn Sequence names, as the rulebook calls the phases. */
import type { IFState, PhaseKey } from './state.js';

export const PHASE_NAME: Record<PhaseKey, string> = {
  event: 'Random event phase',
  'treaty-check': 'Treaty check phase',
  'british-upgrade': 'British upgrade phase',
  'british-move': 'British move phase',
  'irish-actions': 'Irish move/recruit phase',
  'end-turn': 'End Turn phase',
  treaty: 'Treaty Sequence',
  'treaty-setup': 'Civil War set-up',
  'cw-event': 'Random event phase',
  'surrender-check': 'Surrender check phase',
  'republican-upgrade': 'Republican upgrade/recruitment phase',
  'republican-move': 'Republican move phase',
  'free-state-actions': 'Free State move/recruit phase',
  'cw-end-turn': 'End Turn phase',
  over: 'Game over',
};

/** "War: Phase name", and with " (combat)" (index 1), for each war and phase: every decision shows one. */
function titles(war: string): Record<PhaseKey, [string, string]> {
  const out = {} as Record<PhaseKey, [string, string]>;
  for (const k of Object.keys(PHASE_NAME) as PhaseKey[]) {
    const title = `${war}: ${PHASE_NAME[k]}`;
    out[k] = [title, `${title} (combat)`];
  }
  return out;
}
const TITLES: Readonly<Record<IFState['war'], Record<PhaseKey, readonly [string, string]>>> = {
  independence: titles('War of Independence'),
  civil: titles('Civil War'),
};

export function phaseTitle(s: { war: IFState['war']; phase: PhaseKey; combat: IFState['combat'] }): string {
  return phaseTitleOf(s.war, s.phase, s.combat !== null);
}

/** phaseTitle from the values it reads (what a decision captures to write its phase when read). */
export function phaseTitleOf(war: IFState['war'], phase: PhaseKey, combat: boolean): string {
  return TITLES[war][phase][combat ? 1 : 0];
}
