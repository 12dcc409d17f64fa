/**
 * The fuzzer designers run after editing a rules file (style.md, after Rally the Troops' fuzzer):
 * random legal playouts that check, at every step, the module's invariants, dead ends (a decision
 * without options), runaway games (a step limit), crashes and bots choosing what is not offered; at
 * sampled steps, undo (undo, then the same choice, gives the same state) and the secrets property of
 * games with hidden information; at the end of each game, the record round trip (save, replay, same
 * state hash and result). A failure comes with the shortest record found that reproduces it.
 */
import { botRng, botRngFor, EngineDice } from './dice.js';
import { makeEnv } from './env.js';
import { applyForced } from './forced.js';
import { viewFor } from './bots.js';
import type { Bot, Decision, GameModule, Options } from './module.js';
import { checkRecord, RECORD_FORMAT, stateHash, type GameRecord } from './record.js';
import { Session } from './runner.js';
import { secretLeak } from './secrets.js';

export type FaultKind = 'invariant' | 'dead end' | 'runaway' | 'crash' | 'illegal bot choice' | 'undo' | 'record round trip' | 'secrets';

export interface Fault {
  kind: FaultKind;
  /** What went wrong, in words. */
  message: string;
  seed: string;
  /** Decisions made before it showed (the record's length). */
  step: number;
  /** The shortest record found that reproduces it (its choices stop where the fault shows). */
  record: GameRecord;
}

export interface CheckConfig {
  seed: string;
  options: Options;
  rulesHash: string;
  /** The bot of each side (random, as a rule). */
  bots: Record<string, Bot<unknown>>;
  games: number;
  /** Stop starting new games after this many milliseconds. */
  millis?: number;
  /** A game longer than this many decisions is a runaway. */
  maxSteps: number;
  /** Undo and secrets are checked at about one step in `every` (default 25). */
  every?: number;
  /** Called after each game (progress). */
  onGame?: (done: number) => void;
}

export interface CheckReport {
  games: number;
  steps: number;
  undoChecks: number;
  secretChecks: number;
  roundTrips: number;
  faults: Fault[];
}

/** Runs the checks. Never throws for a fault of the game: faults are returned, shortest record first per kind. */
export function runCheck<S>(mod: GameModule<S, unknown, unknown>, rules: unknown, cfg: CheckConfig): CheckReport {
  const report: CheckReport = { games: 0, steps: 0, undoChecks: 0, secretChecks: 0, roundTrips: 0, faults: [] };
  const start = performance.now();
  const every = cfg.every ?? 25;
  const record = (seed: string, choices: string[]): GameRecord => ({
    format: RECORD_FORMAT,
    game: mod.id,
    rulesHash: cfg.rulesHash,
    seed,
    options: cfg.options,
    dice: 'seeded',
    players: Object.fromEntries(mod.sides.map((s) => [s, 'bot:random'])),
    choices: choices.slice(),
  });
  const found = (kind: FaultKind, message: string, seed: string, choices: string[]) => {
    report.faults.push({ kind, message, seed, step: choices.length, record: record(seed, choices) });
  };

  for (let k = 1; k <= cfg.games; k++) {
    if (cfg.millis !== undefined && performance.now() - start > cfg.millis) break;
    const seed = `${cfg.seed}/${k}`;
    const choices: string[] = [];
    const probe = botRng(`${seed}/check`);
    report.games++;
    try {
      const env = makeEnv(EngineDice.seeded(seed), undefined, false, rules);
      const state = mod.setup(rules, cfg.options, env);
      const broken0 = mod.invariants(state, rules);
      if (broken0.length) {
        found('invariant', `after the set-up: ${broken0[0]}`, seed, choices);
        continue;
      }
      let fault = false;
      // The decision `apply` hands back for the state it leaves (GameModule.apply), used by applyForced.
      let next: Decision | null | void = undefined;
      for (let d = applyForced(mod, state, env); d; d = applyForced(mod, state, env, undefined, next)) {
        if (d.options.length === 0) {
          found('dead end', `no legal option in ${d.phase} (${d.side})`, seed, choices);
          fault = true;
          break;
        }
        if (choices.length >= cfg.maxSteps) {
          found('runaway', `no end after ${cfg.maxSteps} decision${cfg.maxSteps === 1 ? '' : 's'}`, seed, choices);
          fault = true;
          break;
        }
        if (mod.sides.length > 1 && mod.perturbHidden && probe() < 1 / every) {
          report.secretChecks++;
          for (const side of mod.sides) {
            const r = secretLeak(mod, rules, state, side, probe);
            if (r.leak) {
              found('secrets', r.leak, seed, choices);
              fault = true;
            }
          }
          if (fault) break;
        }
        const bot = cfg.bots[d.side];
        const id = bot(viewFor(mod, bot, state, d.side, rules), d, botRngFor(seed, d.side, choices.length + 1));
        if (!d.options.some((o) => o.id === id)) {
          found('illegal bot choice', `the bot chose "${id}", not among the options of ${d.phase}`, seed, choices);
          fault = true;
          break;
        }
        if (probe() < 1 / every) {
          report.undoChecks++;
          const msg = undoFault(mod, rules, record(seed, choices), id, d.side);
          if (msg) {
            found('undo', msg, seed, [...choices, id]);
            fault = true;
            break;
          }
        }
        env.pending = d;
        next = mod.apply(state, id, env);
        env.pending = undefined;
        choices.push(id);
        report.steps++;
        const broken = mod.invariants(state, rules);
        if (broken.length) {
          found('invariant', broken[0], seed, choices);
          fault = true;
          break;
        }
      }
      if (fault) continue;
      report.roundTrips++;
      const rt = roundTripFault(mod, rules, record(seed, choices), state);
      if (rt) found('record round trip', rt, seed, choices);
    } catch (e) {
      found('crash', (e as Error).message ?? String(e), seed, choices);
    }
    cfg.onGame?.(k);
  }
  report.faults.sort((a, b) => a.step - b.step);
  return report;
}

/** Undo, then the same choice: the same state as making it once. Returns what differs, or null. */
function undoFault<S>(mod: GameModule<S, unknown, unknown>, rules: unknown, rec: GameRecord, id: string, side: string): string | null {
  const s = Session.fromRecord(mod, rules, rec, { keepLog: false });
  s.choose(id);
  const after = stateHash(s.state);
  if (!s.canUndo(side)) return null; // dice or a reveal: undo rightly refused
  const back = s.undo(side);
  if (stateHash(back.state) !== stateHash(Session.fromRecord(mod, rules, rec, { keepLog: false }).state)) {
    return `undo of "${id}" does not give back the state before it`;
  }
  back.choose(id);
  return stateHash(back.state) === after ? null : `"${id}" after an undo gives another state than the first time`;
}

/** Save, read back, replay: the same state and result. Returns what differs, or null. */
function roundTripFault<S>(mod: GameModule<S, unknown, unknown>, rules: unknown, rec: GameRecord, state: S): string | null {
  const s = Session.fromRecord(mod, rules, rec, { keepLog: false });
  const saved = s.toRecord();
  const back = Session.fromRecord(mod, rules, checkRecord(JSON.parse(JSON.stringify(saved)), 'the record'), { keepLog: false });
  if (stateHash(back.state) !== stateHash(state)) return 'the replayed record ends in another state than the game played';
  if (JSON.stringify(back.result()) !== JSON.stringify(saved.result)) return 'the replayed record gives another result';
  return null;
}
