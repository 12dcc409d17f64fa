/**
 * `npm run bench`: the speed goals, measured (never asserted by a test). Rates are CPU-time rates
 * (process.cpuUsage: a busy machine slows the wall clock, not the CPU time), after a warm-up by time.
 * - Random-bot playouts per CPU second, per game, beside the floor measured in the same run: the same
 *   number of dice drawn and of trivial choices made (bot generators included), with no rules.
 *   Goals: English Civil War ≥ 2,000/s; Irish Freedom ≥ 15,000/s and within 15× of its floor.
 * - Replay of a 10,000-choice record (a long random game replayed over until 10,000 choices), with
 *   --json and with the text transcript: cold (the first 10,000 choices in a fresh process, as one
 *   `muster replay` runs them) and warm (once compiled). Goals, on the cold figures: ≤ 100 ms and
 *   ≤ 1 s. And the longest random game replayed from the command line, beyond start-up.
 * - Start-up of `muster list` and `muster --help` against bare `node -e 0`. Goal: ≤ 1.3×.
 * Each game is measured in a process of its own (`--game ID`), as `muster` runs one game a process: in
 * one process the engine's functions, having run every module, would be measured slower than they run.
 * Usage: node dist/bench.js [--seconds S] [--json] [--game ID]  (`--game ID --cold FILE [--text]`: one cold replay, inside)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { botRngFor, EngineDice } from './engine/dice.js';
import { makeEnv } from './engine/env.js';
import { applyForced } from './engine/forced.js';
import type { Options, AnyGameModule } from './engine/module.js';
import { playout } from './engine/playout.js';
import { loadRules } from './engine/rules.js';
import { resolveOptions, Session, type Logged } from './engine/runner.js';
import { stateHash, type GameRecord } from './engine/record.js';
import { renderLogLine } from './ui/log.js';
import { GAMES } from './games/index.js';

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 3;
const json = args.includes('--json');
const only = args.includes('--game') ? args[args.indexOf('--game') + 1] : undefined;
const say = (text: string) => {
  if (!json) console.log(text);
};

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** CPU milliseconds of `f()`. */
function cpuMs(f: () => void): number {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
}

/** Runs `one(k)` for k = 0, 1, …: warm-up for a third of `secs`, then counts calls per CPU second. */
function rate(secs: number, one: (k: number) => void): number {
  const warm = performance.now() + (secs * 1000) / 3;
  let k = 0;
  while (performance.now() < warm) one(k++);
  let n = 0;
  const end = performance.now() + secs * 1000;
  const ms = cpuMs(() => {
    while (performance.now() < end) for (let i = 0; i < 20; i++, n++) one(k++);
  });
  return (n * 1000) / ms;
}

/** Per game, on average: real decisions, forced decisions and dice drawn (random bots). */
function shape(mod: AnyGameModule, rules: unknown, options: Options): { decisions: number; forced: number; rolls: number } {
  let decisions = 0;
  let forced = 0;
  let rolls = 0;
  const games = 50;
  for (let k = 0; k < games; k++) {
    const dice = EngineDice.seeded(`shape/${k}`);
    const env = makeEnv(dice, undefined, false, rules);
    const s = mod.setup(rules, options, env);
    for (let d = applyForced(mod, s, env, () => forced++); d; d = applyForced(mod, s, env, () => forced++)) {
      mod.apply(s, mod.bots.random(undefined, d, botRngFor(`shape/${k}`, d.side, ++decisions)), env);
    }
    rolls += dice.count;
  }
  return { decisions: decisions / games, forced: forced / games, rolls: rolls / games };
}

/** The floor of a game of this shape: its dice drawn and its choices made among trivial options, no rules. */
function floorGame(k: number, sh: { decisions: number; forced: number; rolls: number }): void {
  const dice = EngineDice.seeded(`floor/${k}`);
  const options = [
    { id: 'a', label: 'a' },
    { id: 'b', label: 'b' },
    { id: 'c', label: 'c' },
  ];
  let x = 0;
  for (let i = 0; i < sh.rolls; i++) x += dice.roll(6, 'floor');
  // Real decisions draw from a bot generator; forced ones are applied without one (src/engine/forced.ts).
  for (let i = 1; i <= sh.decisions; i++) {
    const rng = botRngFor(`floor/${k}`, 'A', i);
    x += options[Math.floor(rng() * options.length)].id.length;
  }
  for (let i = 0; i < sh.forced; i++) x += options[0].id.length;
  if (x < 0) throw new Error('unreachable');
}

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'muster');

/** Median wall milliseconds of a command. */
function timeCommand(argv: string[], runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, argv, { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${argv.join(' ')} failed`);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(times);
}

const GOALS: Record<string, number> = { 'english-civil-war': 2000, 'irish-freedom': 15000 };

/** What one game's process measured: its figures for the JSON, and its line in each section. */
interface GameReport {
  id: string;
  playouts: Record<string, unknown>;
  replayInProcess: Record<string, unknown>;
  replay: Record<string, unknown>;
  lines: { playouts: string; replayInProcess: string; replay: string };
}

/** Every measure of one game (its playouts, its replay in one process and from the command line). */
async function measureGame(g: (typeof GAMES)[number]): Promise<GameReport> {
  const id = g.meta.id;
  const mod = await g.load();
  const { rules, hash } = await loadRules(mod);
  const options = resolveOptions(mod, {});
  const bots = Object.fromEntries(mod.sides.map((s) => [s, mod.bots.random]));
  const sh = shape(mod, rules, options);
  const playouts = rate(seconds, (k) => playout(mod, rules, { seed: `bench/${k}`, options, bots }));
  const floor = rate(seconds / 2, (k) => floorGame(k, sh));
  const goal = GOALS[id];
  const playoutFigures = {
    playoutsPerCpuSecond: Math.round(playouts),
    floorPerCpuSecond: Math.round(floor),
    timesFloor: +(floor / playouts).toFixed(1),
    decisionsPerGame: +sh.decisions.toFixed(1),
    forcedPerGame: +sh.forced.toFixed(1),
    rollsPerGame: +sh.rolls.toFixed(1),
    ...(goal ? { goal, met: playouts >= goal } : {}),
  };
  const playoutLine =
    `  ${id.padEnd(18)} ${String(Math.round(playouts)).padStart(7)}/s   floor ${String(Math.round(floor)).padStart(8)}/s ` +
    `(${(floor / playouts).toFixed(1)}x the floor; ${sh.decisions.toFixed(0)} decisions, ${sh.forced.toFixed(0)} forced, ${sh.rolls.toFixed(0)} dice a game)` +
    (goal ? `   goal >= ${goal}: ${playouts >= goal ? 'met' : 'NOT met'}` : '');

  // The longest of a few games, for the replay measures.
  const recordOf = (k: number, choices: string[]) => {
    const players = Object.fromEntries(mod.sides.map((s) => [s, 'bot:random' as const]));
    const sess = new Session(mod, rules, { seed: `long/${k}`, options, rulesHash: hash, keepLog: false, players }).start();
    for (const c of choices) sess.choose(c);
    return { record: sess.toRecord() as object, choices: choices.length };
  };
  let longest = { record: {} as object, choices: -1 };
  for (let k = 0; k < 40; k++) {
    const r = playout(mod, rules, { seed: `long/${k}`, options, bots, keepChoices: true });
    if (r.choices!.length > longest.choices) longest = recordOf(k, r.choices!);
  }

  // Replay: the record replayed over and over until 10,000 choices, the engine alone (--json) and with
  // every log line rendered and the final board drawn once (text). Cold: the first 10,000 choices in a
  // process of their own, as one `muster replay` of a 10,000-choice record would run them (the
  // optimising compiler's work, on another thread, counts in the process's CPU time). Warm: after a
  // warm-up by time, the median of three (the code's speed once compiled).
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-'));
  const write = (name: string, rec: object) => {
    const file = join(dir, `${id}-${name}.json`);
    writeFileSync(file, JSON.stringify(rec));
    return file;
  };
  const long = write('long', longest.record);
  const empty = write('empty', { ...longest.record, choices: [], result: undefined, stateHash: undefined });
  const cold = (withText: boolean): number => {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--game', id, '--cold', long, ...(withText ? ['--text'] : [])], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`bench: the cold replay of ${id} failed (exit ${r.status})`);
    return Number(r.stdout.trim());
  };
  const record = longest.record as GameRecord;
  const jCold = median([0, 1, 2].map(() => cold(false)));
  const tCold = median([0, 1, 2].map(() => cold(true)));
  // Warm: warmed up by time (a third of --seconds, as the playouts), then the median of three batches.
  const warm = (withText: boolean): number => {
    const until = performance.now() + (seconds * 1000) / 3;
    while (performance.now() < until) replayBatch(mod, rules, record, withText);
    return median([0, 1, 2].map(() => replayBatch(mod, rules, record, withText)));
  };
  const jWarm = warm(false);
  const tWarm = warm(true);

  // From the command line: the replay of the longest random game beyond start-up (the same command on
  // the record with no choices).
  const beyondStart = (extra: string[]) =>
    Math.max(0, timeCommand([bin, 'replay', long, '--all', ...extra], 7) - timeCommand([bin, 'replay', empty, '--all', ...extra], 7));
  const cj = beyondStart(['--json']);
  const ct = beyondStart([]);
  rmSync(dir, { recursive: true, force: true });
  const met = (ms: number, goal: number) => (ms <= goal ? 'met' : 'NOT met');
  return {
    id,
    playouts: playoutFigures,
    replayInProcess: {
      jsonColdMsPer10k: Math.round(jCold),
      jsonWarmMsPer10k: Math.round(jWarm),
      textColdMsPer10k: Math.round(tCold),
      textWarmMsPer10k: Math.round(tWarm),
      goalJson: 100,
      goalText: 1000,
    },
    replay: { longestChoices: longest.choices, jsonMs: +cj.toFixed(1), textMs: +ct.toFixed(1) },
    lines: {
      playouts: playoutLine,
      replayInProcess:
        `  ${id.padEnd(18)} --json cold ${jCold.toFixed(0)} ms (goal <= 100: ${met(jCold, 100)}), warm ${jWarm.toFixed(0)} ms;` +
        ` text cold ${tCold.toFixed(0)} ms (goal <= 1000: ${met(tCold, 1000)}), warm ${tWarm.toFixed(0)} ms`,
      replay: `  ${id.padEnd(18)} ${String(longest.choices).padStart(4)} choices: --json ${cj.toFixed(0)} ms, text ${ct.toFixed(0)} ms`,
    },
  };
}

/**
 * CPU milliseconds per 10,000 choices of replaying `record` over and over until 10,000 choices, each
 * replay's final state hashed; with `withText`, every log line rendered and the final board drawn once.
 */
function replayBatch(mod: AnyGameModule, rules: unknown, record: GameRecord, withText: boolean): number {
  const textCtx = { color: false, width: 100 };
  const lines: string[] = [];
  const onLog = withText ? (l: Logged) => void lines.push(renderLogLine(l.entry, textCtx)) : undefined;
  let choices = 0;
  const ms = cpuMs(() => {
    let last: Session<unknown> | undefined;
    while (choices < 10_000) {
      last = Session.fromRecord(mod, rules, record, { keepLog: false, onLog });
      stateHash(last.state);
      choices += Math.max(1, record.choices.length);
      lines.length = 0;
    }
    if (withText && last) lines.push(last.render('all', textCtx));
  });
  return (ms * 10_000) / choices;
}

const coldRecord = args.includes('--cold') ? args[args.indexOf('--cold') + 1] : undefined;
if (only && coldRecord) {
  // A cold replay's process: the module loaded, then the first 10,000 choices timed (CPU ms printed).
  const g = GAMES.find((x) => x.meta.id === only)!;
  const mod = await g.load();
  const { rules } = await loadRules(mod);
  const record = JSON.parse(readFileSync(coldRecord, 'utf8')) as GameRecord;
  console.log(replayBatch(mod, rules, record, args.includes('--text')).toFixed(1));
  process.exit(0);
}

if (only) {
  // One game's process: its report as one line of JSON for the parent.
  const g = GAMES.find((x) => x.meta.id === only);
  if (!g) {
    console.error(`bench: no game ${only} (the games: ${GAMES.map((x) => x.meta.id).join(', ')})`);
    process.exit(2);
  }
  console.log(JSON.stringify(await measureGame(g)));
  process.exit(0);
}

const reports: GameReport[] = [];
for (const g of GAMES) {
  if (!json) process.stderr.write(`bench: measuring ${g.meta.id} in a process of its own...\n`);
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--game', g.meta.id, '--seconds', String(seconds)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`bench: measuring ${g.meta.id} failed (exit ${r.status})`);
  reports.push(JSON.parse(r.stdout) as GameReport);
}

const results: Record<string, unknown> = {};
say('Random-bot playouts per CPU second, per core (after a warm-up), and the floor of the same game shape');
for (const r of reports) {
  results[r.id] = r.playouts;
  say(r.lines.playouts);
}
say('\nReplay of a 10,000-choice record (the longest of 40 random games, replayed over until 10,000 choices), CPU ms:');
say('  the engine alone (--json), and with the text transcript (every log line rendered, the final board once);');
say('  cold: the first 10,000 choices in a fresh process, as one `muster replay` of such a record runs them, the');
say('  optimising compiler included; warm: once the code is compiled. The goals are read on the cold figures.');
results.replayInProcess = Object.fromEntries(reports.map((r) => [r.id, r.replayInProcess]));
for (const r of reports) say(r.lines.replayInProcess);
say('\nReplay from the command line, beyond start-up (median of 7 runs, wall ms): the longest of 40 random games');
results.replay = Object.fromEntries(reports.map((r) => [r.id, r.replay]));
for (const r of reports) say(r.lines.replay);

const bare = timeCommand(['-e', '0'], 15);
const list = timeCommand([bin, 'list'], 15);
const help = timeCommand([bin, '--help'], 15);
results.startup = {
  nodeBareMs: +bare.toFixed(1),
  listMs: +list.toFixed(1),
  helpMs: +help.toFixed(1),
  listRatio: +(list / bare).toFixed(2),
  helpRatio: +(help / bare).toFixed(2),
  goalRatio: 1.3,
};
say(
  `\nStart-up: muster list ${list.toFixed(0)} ms (${(list / bare).toFixed(2)}x), --help ${help.toFixed(0)} ms (${(help / bare).toFixed(2)}x) against bare node ${bare.toFixed(0)} ms; goal <= 1.3x`,
);
if (json) console.log(JSON.stringify(results, null, 2));
