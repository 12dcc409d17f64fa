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

/** "War: Phase name", and with " (combat)" (index 1), built once per war and phase: every decision shows one. */
const TITLES: Record<IFState['war'], Partial<Record<PhaseKey, [string, string]>>> = { independence: {}, civil: {} };

export function phaseTitle(s: { war: IFState['war']; phase: PhaseKey; combat: IFState['combat'] }): string {
  let t = TITLES[s.war][s.phase];
  if (!t) {
    const war = s.war === 'independence' ? 'War of Independence' : 'Civil War';
    const title = `${war}: ${PHASE_NAME[s.phase]}`;
    TITLES[s.war][s.phase] = t = [title, `${title} (combat)`];
  }
  return t[s.combat ? 1 : 0];
}
