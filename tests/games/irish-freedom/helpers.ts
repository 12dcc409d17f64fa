/** Test helpers: rules, hand-built states, scripted dice. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EngineDice } from '../../../src/engine/dice.js';
import { makeEnv } from '../../../src/engine/env.js';
import type { GameEnv, LogEntry } from '../../../src/engine/module.js';
import { RULES_DIR } from '../../../src/engine/rules.js';
import { irishFreedom } from '../../../src/games/irish-freedom/index.js';
import { initialState } from '../../../src/games/irish-freedom/setup.js';
import type { Colour, IFRules, IFState, Unit, UnitType } from '../../../src/games/irish-freedom/state.js';

export const rules: IFRules = irishFreedom.loadRules(JSON.parse(readFileSync(join(RULES_DIR, 'irish-freedom.json'), 'utf8')));

export function env(rolls: number[], log?: LogEntry[]): GameEnv<IFRules> {
  return makeEnv(EngineDice.scripted(rolls), log ? (e) => log.push(e) : undefined, !!log, rules);
}

export function seeded(seed: string): GameEnv<IFRules> {
  return makeEnv(EngineDice.seeded(seed), undefined, false, rules);
}

/** A War of Independence state with no units (or the given ones), turn 2, nothing pending. */
export function bare(opts: Record<string, string> = {}, war: 'independence' | 'civil' = 'independence'): IFState {
  const s = initialState(rules, { war: 'campaign', events: 'on', 'high-modifier': 'off', ulster: 'partition', ...opts }, env([]));
  s.units = [];
  s.turn = 2;
  s.war = war;
  s.phase = war === 'independence' ? 'british-upgrade' : 'republican-upgrade';
  s.cleanSeq = -1;
  return s;
}

export function add(s: IFState, type: UnitType, colour: Colour, area: string, arrived = 0): Unit {
  const u: Unit = { id: 'u' + s.nextId++, type, colour, area, arrived };
  if (arrived > s.seq) s.seq = arrived;
  s.units.push(u);
  return u;
}

export const at = (s: IFState, area: string) =>
  s.units
    .filter((u) => u.area === area)
    .map((u) => `${u.type}:${u.colour}`)
    .sort();

export { untilDiceRunOut } from '../../engine/expect-errors.js';
