/** Helpers for the Irlande 1798 tests: the rules, scripted sessions, and states built by hand. */
import { botRngFor, EngineDice } from '../../../src/engine/dice.js';
import { makeEnv } from '../../../src/engine/env.js';
import type { GameEnv, LogEntry } from '../../../src/engine/module.js';
import { loadRules } from '../../../src/engine/rules.js';
import { Session } from '../../../src/engine/runner.js';
import { irlande1798 as mod } from '../../../src/games/irlande-1798/index.js';
import { advance } from '../../../src/games/irlande-1798/flow.js';
import type { HexId, IrlRules, IrlState, UnitId } from '../../../src/games/irlande-1798/state.js';

export { mod };

let cached: IrlRules | undefined;
export async function rulesData(): Promise<IrlRules> {
  cached ??= (await loadRules(mod)).rules;
  return cached;
}

/** An env with scripted dice (throws NeedRoll when they run out) and a log kept in `log`. */
export function scriptedEnv(rules: IrlRules, rolls: number[]): GameEnv<IrlRules> & { log_: LogEntry[]; dice: EngineDice } {
  const log_: LogEntry[] = [];
  const dice = EngineDice.scripted(rolls);
  dice.onRoll = (r) => log_.push({ kind: 'text', text: `D${r.sides} = ${r.result}  (${r.reason})`, tone: 'roll' });
  const env = makeEnv(dice, (e) => log_.push(e), true, rules) as GameEnv<IrlRules> & { log_: LogEntry[]; dice: EngineDice };
  env.log_ = log_;
  return env;
}

/** A fresh game, landed at `land` on turn 1 (the fleet's landing decision applied). */
export function fresh(rules: IrlRules, rolls: number[] = []): { s: IrlState; env: ReturnType<typeof scriptedEnv> } {
  const env = scriptedEnv(rules, rolls);
  const s = mod.setup(rules, { 'rout-exit': 'leave', 'humbert-size': 'shown' }, env);
  return { s, env };
}

/** Clears the map and puts the given units (and generals) in the given hexes, as a test position in `phase`. */
export function position(
  rules: IrlRules,
  place: Record<UnitId, HexId>,
  opts: {
    phase?: IrlState['phase'];
    turn?: number;
    generals?: Record<string, HexId>;
    rolls?: number[];
    strength?: Record<UnitId, number>;
    routed?: UnitId[];
  } = {},
): { s: IrlState; env: ReturnType<typeof scriptedEnv> } {
  const { s, env } = fresh(rules, opts.rolls ?? []);
  for (const u of rules.units)
    s.units[u.id] = { id: u.id, place: 'reinforcement', hex: null, strength: u.variable ? 0 : u.full, routed: false };
  for (const u of rules.setup.unitsInPool) s.units[u].place = 'pool';
  for (const [u, h] of Object.entries(place))
    s.units[u] = {
      ...s.units[u],
      place: 'map',
      hex: h,
      strength: opts.strength?.[u] ?? (rules.index.unit[u].variable ? 1 : rules.index.unit[u].full),
    };
  for (const u of opts.routed ?? []) s.units[u].routed = true;
  for (const g of rules.generals) s.generals[g.id] = { id: g.id, place: 'reinforcement', hex: null };
  for (const [g, h] of Object.entries(opts.generals ?? {}))
    s.generals[g as 'humbert' | 'lake'] = { id: g as 'humbert', place: 'map', hex: h };
  s.landed = true;
  s.landedThisTurn = [];
  s.turn = opts.turn ?? 2;
  s.phase = opts.phase ?? 'B';
  s.stage = s.phase === 'B' || s.phase === 'D' ? 'move' : s.phase === 'C' || s.phase === 'E' ? 'combat' : 'move';
  s.tasks = [];
  s.group = null;
  s.combat = null;
  return { s, env };
}

/** Applies choices one by one (each must be legal), running the automatic steps between them. */
export function play(s: IrlState, env: GameEnv<IrlRules>, ...ids: string[]): void {
  advance(s, env);
  for (const id of ids) mod.apply(s, id, env);
}

export function ids(s: IrlState, rules: IrlRules): string[] {
  return mod.decision(s, rules)?.options.map((o) => o.id) ?? [];
}

export function text(env: { log_: LogEntry[] }): string {
  return env.log_.map((e) => (e.kind === 'text' ? e.text : `${e.title}\n${e.rows.map((r) => r.join(' | ')).join('\n')}`)).join('\n');
}

/**
 * Everything the English are given of a state but the log: view JSON, screens at several sizes (with
 * and without colour), status line, and, when they decide, the decision, its prompt and option labels.
 */
export function englishSees(s: IrlState, rules: IrlRules): string {
  const v = mod.view(s, 'English', rules);
  const parts = [
    JSON.stringify({ ...v, rules: undefined }),
    mod.render(v, { color: false, width: 80 }),
    mod.render(v, { color: false, width: 120 }),
    mod.render(v, { color: true, width: 120 }),
    mod.render(v, { color: false, width: 80, height: 20 }),
    mod.render(v, { color: false, width: 80, height: 12 }),
    mod.status!(v, 80),
  ];
  const d = mod.decision(s, rules);
  if (d && d.side === 'English') parts.push(JSON.stringify(d), d.prompt, ...d.options.map((o) => o.label));
  return parts.join('\n');
}

/**
 * Plays bot game `g` of a series to its end (seed `${prefix}/${g}`; the heuristic bot for both sides
 * when g is odd, the random bot else; at most 3,000 decisions), handing `after` the state before each
 * choice, the session after it and the log entries the choice added.
 */
export function watchBotGame(
  rules: IrlRules,
  prefix: string,
  g: number,
  options: Record<string, string>,
  after: (before: IrlState, s: Session<IrlState>, added: LogEntry[]) => void,
): void {
  const seed = `${prefix}/${g}`;
  const s = new Session<IrlState>(mod, rules, { seed, rulesHash: 'x', options }).start();
  const bot = g % 2 ? mod.bots.heuristic : mod.bots.random;
  for (let n = 1; s.decision() && n < 3000; n++) {
    const before = structuredClone(s.state);
    const d = s.decision()!;
    const from = s.log.length;
    s.choose(bot(mod.view(s.state, d.side, rules), d, botRngFor(seed, d.side, n)));
    after(
      before,
      s,
      s.log.slice(from).map((l) => l.entry),
    );
  }
}
