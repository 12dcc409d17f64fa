/** Test helpers: the real rules data, scripted dice, and situations built by placing figures on a scenario's table. */
import { EngineDice } from '../../../src/engine/dice.js';
import { makeEnv } from '../../../src/engine/env.js';
import type { GameEnv, LogEntry } from '../../../src/engine/module.js';
import { loadRules } from '../../../src/engine/rules.js';
import { smallAction } from '../../../src/games/small-action/index.js';
import { gridOf, parseCell } from '../../../src/games/small-action/geometry.js';
import type { OrderCard, SaRules, SaState } from '../../../src/games/small-action/types.js';

export const mod = smallAction;
let loaded: SaRules | null = null;

export async function rulesData(): Promise<SaRules> {
  if (!loaded) loaded = (await loadRules(smallAction)).rules;
  return loaded;
}

export function rules(): SaRules {
  if (!loaded) throw new Error('call rulesData() in a beforeAll first');
  return loaded;
}

export interface Scripted {
  env: GameEnv<SaRules>;
  dice: EngineDice;
  log: LogEntry[];
  rolls: { sides: number; result: number; reason: string }[];
  text(): string;
}

/** Scripted dice: exactly `rolls`, then NeedRoll (a test that rolls more than it expects fails). */
export function scripted(rolls: number[]): Scripted {
  const dice = EngineDice.scripted(rolls);
  const log: LogEntry[] = [];
  const seen: Scripted['rolls'] = [];
  const env = makeEnv(dice, (e) => log.push(e), true, rules());
  dice.onRoll = (r) => {
    seen.push(r);
    log.push({ kind: 'text', text: `D${r.sides} = ${r.result} (${r.reason})`, tone: 'roll' });
  };
  return {
    env,
    dice,
    log,
    rolls: seen,
    text: () => log.map((e) => (e.kind === 'text' ? e.text : `${e.title}\n${e.rows.map((r) => r.join(' | ')).join('\n')}`)).join('\n'),
  };
}

/** A fresh game of a scenario (no dice are rolled at set-up). */
export function fresh(scenario = 'patrol-clash', options: Record<string, string> = {}): SaState {
  const env = scripted([]).env;
  return mod.setup(rules(), { scenario, morale: 'on', 'danger-to-leaders': 'off', ...options }, env);
}

export interface Place {
  /** Figure label, e.g. "b1" (leader), "b2" (2IC), "g3". */
  label: string;
  cell: string;
  order?: OrderCard | null;
  weapon?: string;
  fm?: 'fire' | 'move' | null;
  grenades?: number;
}

/**
 * A situation: every figure not named leaves the table (so it takes no part), the named ones stand
 * where they are put with the orders given. The state is in the Aimed Fire stage, cards revealed.
 */
export function situation(places: Place[], scenario = 'patrol-clash', options: Record<string, string> = {}): SaState {
  const s = fresh(scenario, options);
  const g = gridOf(rules(), s.scenario);
  for (const f of s.figures) {
    f.status = 'exited';
    f.cell = -1;
    f.order = null;
  }
  for (const p of places) {
    const f = s.figures.find((x) => x.label === p.label);
    if (!f) throw new Error(`no figure ${p.label}`);
    const c = parseCell(g, p.cell);
    if (c < 0) throw new Error(`no cell ${p.cell}`);
    f.status = 'ready';
    f.cell = c;
    f.order = p.order === undefined ? { kind: 'aimed-fire' } : p.order;
    if (p.weapon) f.weapon = p.weapon;
    if (p.fm !== undefined) f.fm = p.fm;
    if (p.grenades !== undefined) f.grenades = p.grenades;
  }
  for (const x of s.sections) x.card = null;
  s.revealed = true;
  s.stage = 'aimed';
  s.queue = [];
  return s;
}

export function fig(s: SaState, label: string) {
  const f = s.figures.find((x) => x.label === label);
  if (!f) throw new Error(`no figure ${label}`);
  return f;
}

export function idx(s: SaState, label: string): number {
  return s.figures.findIndex((x) => x.label === label);
}

export function sec(s: SaState, id: string): number {
  return s.sections.findIndex((x) => x.id === id);
}

export function cell(s: SaState, id: string): number {
  return parseCell(gridOf(rules(), s.scenario), id);
}
