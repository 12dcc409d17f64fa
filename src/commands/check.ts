/**
 * `muster check <game> [--games N] [--seconds S]`: the fuzzer designers run after editing a rules file
 * (src/engine/check.ts). Exit 0 when nothing is found, 1 when anything is, with the shortest record
 * that reproduces the first fault written to a file `replay` opens.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeRecord } from '../engine/record.js';
import { resolveOptions } from '../engine/runner.js';
import { runCheck, type FaultKind } from '../engine/check.js';
import { quote } from '../engine/quote.js';
import { boundedFlags } from './number-flag.js';
import { CliError, commandName, loadGame, makeFolder, out, removeFolders, say } from './common.js';

export interface CheckFlags {
  games?: string;
  seconds?: string;
  seed?: string;
  option?: Record<string, string>;
  maxSteps?: string;
  every?: string;
  out?: string;
  json?: boolean;
  rules?: string;
}

/**
 * The upper bound of each number flag, named in its message and in --help (cli.ts), as simulate and
 * compare name theirs: past these a run would not end in a working day, or check nothing more.
 */
export const CHECK_LIMITS = {
  '--games': 10_000_000,
  /** A day. */
  '--seconds': 86_400,
  /** Ten times the step limit of a module that names none (step-limit.ts). */
  '--max-steps': 1_000_000,
  /** One step in N: past this, undo and secrets are hardly ever checked. */
  '--every': 10_000,
} as const;

const whole = boundedFlags(CHECK_LIMITS);

/**
 * The file --out names (`fallback` when absent; in a folder given, one that exists or a name ending in
 * "/", the fallback's name). Its folder is made now if missing, as simulate makes its --save-games
 * folder: a folder that cannot be made (a file in the way) fails before the games are played, not after.
 * The folders made are added to `made` (the command takes them away when it finds nothing to write).
 */
function outFile(flag: string | undefined, fallback: string, made: string[]): string {
  if (flag === undefined) return fallback;
  if (flag === '') throw new CliError('--out wants a file name');
  let folder = /[\\/]$/.test(flag);
  try {
    folder ||= existsSync(flag) && statSync(flag).isDirectory();
  } catch {
    // unreadable: taken as a file; writing it says why it cannot be written
  }
  const file = folder ? join(flag, fallback) : flag;
  const cannot = makeFolder(dirname(file), made);
  if (cannot) throw new CliError(`--out: cannot make the folder ${quote(dirname(file))}: ${cannot}`);
  return file;
}

export async function checkCommand(game: string, flags: CheckFlags): Promise<number> {
  const { mod, rules, rulesHash } = await loadGame(game, flags.rules);
  const options = resolveOptions(mod, flags.option);
  const seconds = flags.seconds === undefined ? undefined : whole(flags.seconds, '--seconds', 1);
  const games = whole(flags.games, '--games', seconds !== undefined ? 10_000_000 : 200);
  const seed = flags.seed ?? 'check';
  const made: string[] = []; // folders --out made: taken away again when nothing is found
  const file = outFile(flags.out, `check-${mod.id}-failure.muster.json`, made);
  const random = mod.bots.random;
  const report = runCheck(mod, rules, {
    seed,
    options,
    rulesHash,
    games,
    bots: Object.fromEntries(mod.sides.map((s) => [s, random])),
    millis: seconds === undefined ? undefined : seconds * 1000,
    maxSteps: whole(flags.maxSteps, '--max-steps', 20_000),
    every: whole(flags.every, '--every', 25),
  });
  const kinds = new Map<FaultKind, number>();
  for (const f of report.faults) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
  const first = report.faults[0];
  if (first) writeRecord(file, first.record, ' (choose another --out file)');
  else removeFolders(made);
  if (flags.json) {
    out(
      JSON.stringify(
        {
          game: mod.id,
          seed,
          options,
          rules: flags.rules ?? null,
          games: report.games,
          steps: report.steps,
          undoChecks: report.undoChecks,
          secretChecks: report.secretChecks,
          roundTrips: report.roundTrips,
          faults: Object.fromEntries(kinds),
          first: first ? { kind: first.kind, message: first.message, seed: first.seed, step: first.step, record: file } : null,
        },
        null,
        2,
      ),
    );
    return first ? 1 : 0;
  }
  say(
    `${mod.title}: ${report.games} random games (seeds ${seed}/1...), ${report.steps} decisions, invariants after every one; ` +
      `${report.undoChecks} undo checks, ${report.secretChecks} secrets checks, ${report.roundTrips} record round trips` +
      (flags.rules ? `; rules ${flags.rules}` : ''),
  );
  if (!first) {
    say('Nothing found: no broken invariant, dead end, runaway game, crash, bad undo, record that fails to replay or leaked secret.');
    return 0;
  }
  say(
    `FOUND ${report.faults.length} fault${report.faults.length === 1 ? '' : 's'}: ${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')}.`,
  );
  say(`Shortest: ${first.kind} after ${first.step} decision${first.step === 1 ? '' : 's'} (seed ${first.seed}): ${first.message}`);
  say(`Its record is in ${file}; see it with: ${commandName()} replay ${file} --all (or --at ${first.step} --all)`);
  return 1;
}
