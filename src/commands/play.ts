/**
 * `muster play <game>` and `muster resume <record>`.
 *
 * Who decides: with a terminal on stdin and no --moves, a person (inquirer); otherwise choice ids
 * are read from --moves FILE (or `-`/stdin). `--bot NAME` lets a bot make the player's decisions.
 * In games with more than one side, `--side` is the player's side and `--vs` says who plays the
 * others. `resume` plays each side as the record says unless these flags say otherwise.
 *
 * What-if (architecture.md, "Positions"): `play --from REC --at N` forks a copy of a game at decision N
 * (a new save; the record is never written) and goes on with new choices and, with `--dice`, new dice
 * from that point; `play --position FILE` starts a game from a position (`replay --at N --json --all`,
 * edited), whose record keeps it as `start`.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BotDecider } from '../engine/deciders/bot.js';
import { ScriptDecider } from '../engine/deciders/script.js';
import type { Decider } from '../engine/deciders/types.js';
import { SaveLock } from '../engine/lock.js';
import type { AnyGameModule, Decision } from '../engine/module.js';
import { clip, quote } from '../engine/quote.js';
import { readRecord, RecordError, writeRecord, type GameRecord } from '../engine/record.js';
import { checkRecordFits, otherRulesNote } from './record-fit.js';
import { Session } from '../engine/runner.js';
import { fileLines, stdinLines } from '../engine/stdin-lines.js';
import { readPosition } from '../engine/position.js';
import { atFlag } from './number-flag.js';
import { CliError, commandName, drawSeed, loadGame, out, parseDiceFlag, renderContext, renderLogged, say, useColor } from './common.js';
import { refuseFalseClaims } from './claims.js';
import { decisions, describeDecision, runLoop, startSession } from './game-loop.js';
import { HumanDecider } from '../ui/human.js';
import { Watch, WatchedBot } from '../ui/watch.js';
import { wrapWords } from '../ui/table.js';
import { isInteractive } from '../ui/terminal.js';

export interface PlayFlags {
  seed?: string;
  option?: Record<string, string>;
  moves?: string;
  dice?: string;
  bot?: string;
  vs?: string;
  side?: string;
  save?: string;
  overwrite?: boolean;
  force?: boolean;
  color?: boolean;
  rules?: string;
  /** `play --from REC`: fork this record. */
  from?: string;
  /** With --from: the decision to fork at (default: the record's end). */
  at?: string;
  /** `play --position FILE`: start from this position. */
  position?: string;
  /** With --from: fork an unfinished game of several sides although the fork shows its hidden information. */
  all?: boolean;
}

/** Who plays a side: a person (at the terminal, or through a script) or a named bot. */
type Player = { kind: 'person' } | { kind: 'bot'; name: string };

/** The script of a person's moves: standard input (`-`) or a file, read line by line as the lines arrive. Throws InputError. */
function readMoves(path: string): ScriptDecider {
  // A script that keeps a decision waiting (a bot behind a fifo) is told what is asked first.
  const announce = (d: Decision) => out(describeDecision(d));
  return path === '-' ? new ScriptDecider(stdinLines(), 'stdin', announce) : new ScriptDecider(fileLines(path), path, announce);
}

/** Resolves `--side` (any case) to the module's side name. Throws CliError. */
function sideFlag(mod: AnyGameModule, flag: string | undefined): string | undefined {
  if (flag === undefined) return undefined;
  const side = mod.sides.find((x) => x.toLowerCase() === flag.toLowerCase());
  if (!side) throw new CliError(`${mod.id} has no side ${quote(flag)}; sides: ${mod.sides.join(', ')}`);
  return side;
}

function checkBot(mod: AnyGameModule, name: string): string {
  if (!Object.hasOwn(mod.bots, name)) throw new CliError(`${mod.id} has no bot ${quote(name)}; bots: ${Object.keys(mod.bots).join(', ')}`);
  return name;
}

/** The players of a new game, from --side, --vs and --bot. */
function planFromFlags(mod: AnyGameModule, flags: PlayFlags): Record<string, Player> {
  const side = sideFlag(mod, flags.side);
  const vsChoices = ['bot', 'human', ...Object.keys(mod.bots)];
  if (mod.sides.length === 1 && (flags.vs !== undefined || flags.side !== undefined)) {
    throw new CliError(`${mod.id} is played alone: --vs and --side are for games of two sides (use --bot to let a bot play for you)`);
  }
  if (flags.vs !== undefined && !vsChoices.includes(flags.vs))
    throw new CliError(`--vs must be one of ${vsChoices.join('|')}, not ${quote(flags.vs)}`);
  // Flags that contradict each other were dropped without a word (a newcomer's `--bot heuristic
  // --vs human` watched two bots). --vs human: a person on every side, so no side is left for --bot
  // or to pick with --side. (--bot X --vs bot|NAME and --bot X --side S are consistent.)
  if (flags.vs === 'human' && flags.bot !== undefined) {
    const other = mod.sides.find((s) => s !== (side ?? mod.sides[0]))!;
    throw new CliError(
      `--bot ${flags.bot} (a bot plays your side) contradicts --vs human (hot-seat: people play every side). ` +
        `For ${flags.bot} on every side: --bot ${flags.bot} --vs ${flags.bot}; to play ${other} against ${flags.bot}: --side ${other} --vs ${flags.bot}`,
    );
  }
  if (flags.vs === 'human' && side !== undefined)
    throw new CliError(`--side ${side} does nothing with --vs human (hot-seat: you play every side): leave out one of them`);
  const mine = mod.sides.length === 1 || flags.vs === 'human' ? mod.sides : [side ?? mod.sides[0]];
  const plan: Record<string, Player> = {};
  for (const s of mod.sides) {
    if (mine.includes(s)) plan[s] = flags.bot ? { kind: 'bot', name: checkBot(mod, flags.bot) } : { kind: 'person' };
    else plan[s] = { kind: 'bot', name: checkBot(mod, !flags.vs || flags.vs === 'bot' ? 'heuristic' : flags.vs) };
  }
  return plan;
}

/** The players of a resumed game: as recorded, unless --bot/--vs/--side say otherwise. */
function planFromRecord(mod: AnyGameModule, record: GameRecord, flags: PlayFlags): Record<string, Player> {
  if (flags.vs !== undefined || flags.side !== undefined) return planFromFlags(mod, flags);
  const plan: Record<string, Player> = {};
  for (const s of mod.sides) {
    const kind = record.players?.[s] ?? 'human';
    const person = !kind.startsWith('bot:');
    if (person && flags.bot) plan[s] = { kind: 'bot', name: checkBot(mod, flags.bot) };
    else if (person) plan[s] = { kind: 'person' };
    else plan[s] = { kind: 'bot', name: kind.slice(4) };
  }
  return plan;
}

/** "Parliament: you, Royalist: heuristic bot". */
function describePlayers(plan: Record<string, Player>): string {
  return Object.entries(plan)
    .map(([side, p]) => `${side}: ${p.kind === 'bot' ? `${p.name} bot` : 'you'}`)
    .join(', ');
}

/** Builds each side's decider: persons play at the terminal, or from the script when there is none. */
function makeDeciders(mod: AnyGameModule, plan: Record<string, Player>, flags: PlayFlags) {
  // A person plays at the terminal only when both stdin and stdout are one (ui/terminal.ts).
  const interactive = !flags.moves && isInteractive();
  const people = Object.values(plan).some((p) => p.kind === 'person');
  const human = interactive && people ? new HumanDecider() : undefined;
  if (people && !interactive && !flags.moves && process.stdin.isTTY) {
    // `play … > out.txt` at a terminal: the prompt would go into the file, so say here what happens.
    process.stderr.write(
      'muster: standard output is not a terminal, so this game is not interactive: type choice ids (or option numbers), ' +
        'one per line, and end with Ctrl-D; the decisions and their legal options go to standard output. ' +
        'Run without redirecting to play at the terminal, or give --moves FILE.\n',
    );
  }
  const script = !interactive && people ? readMoves(flags.moves ?? '-') : undefined;
  // No person plays, at a terminal: the bots' decisions are watched one by one (ui/watch.ts).
  const watch = interactive && !people ? new Watch() : undefined;
  const deciders: Record<string, Decider> = {};
  for (const [side, p] of Object.entries(plan)) {
    const bot = (name: string) => new BotDecider(mod.bots[name], name);
    deciders[side] = p.kind === 'bot' ? (watch ? new WatchedBot(bot(p.name), p.name, watch) : bot(p.name)) : (human ?? script!);
  }
  // Records say "human" for a person's decisions, typed or scripted.
  const players = Object.fromEntries(Object.entries(plan).map(([k, p]) => [k, p.kind === 'bot' ? `bot:${p.name}` : 'human']));
  return { deciders, human, watch, players, script };
}

/** Runs the game (or fails), then stops reading the script: its writer may keep the pipe open. */
async function withScript(script: ScriptDecider | undefined, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } finally {
    script?.close();
  }
}

/** A file-name-safe form of a seed or id: "muster/3" → "muster-3". */
export function fileSafe(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+/, '')
      .slice(0, 80) || 'game'
  );
}

export async function playCommand(game: string | undefined, flags: PlayFlags): Promise<number> {
  if (flags.from !== undefined && flags.position !== undefined)
    throw new CliError('give --from RECORD (fork a game) or --position FILE (start from a position), not both');
  if (flags.at !== undefined && flags.from === undefined)
    throw new CliError('--at N goes with --from RECORD: the decision of the record to fork at');
  if (flags.all && flags.from === undefined)
    throw new CliError('--all goes with --from RECORD: it forks an unfinished game of several sides, hidden information shown');
  if (flags.from !== undefined) return forkCommand(game, flags.from, flags);
  let position: { options: Record<string, string>; seed?: string; state: unknown } | undefined;
  if (flags.position !== undefined) {
    if (flags.option)
      throw new CliError(
        'a position carries its options (in its state, and "options" in the file, which must agree): edit them there, not with --option',
      );
    game = positionGame(flags.position, game);
  }
  if (game === undefined) throw new CliError(`play wants a game (see ${commandName()} list), --from RECORD or --position FILE`);
  const { mod, rules, rulesHash } = await loadGame(game, flags.rules);
  if (flags.position !== undefined) position = await readPosition(flags.position, mod, rules);
  if (flags.seed === '') throw new CliError('--seed wants a non-empty string');
  const seed = flags.seed ?? position?.seed ?? drawSeed();
  const dice = parseDiceFlag(flags.dice);
  if (flags.save === '') throw new CliError('--save wants a file name');
  const plan = planFromFlags(mod, flags);
  // With the seed anyone rebuilds the hidden hands and the deck: a drawn seed of a game with hidden
  // information stays off the screen and out of the save's name until the game is over
  // (architecture.md, "Secrets"); the record still keeps it.
  const secretSeed = !flags.seed && !position?.seed && mod.sides.length > 1 && Object.values(plan).some((x) => x.kind === 'person');
  const savePath = flags.save ?? `${mod.id}-${fileSafe(secretSeed ? drawSeed() : seed)}.muster.json`;
  // One process per save: a second `play --overwrite` or a `resume` of the same file is refused while this one plays.
  const lock = SaveLock.acquire(savePath);
  try {
    return await newGame(mod, rules, rulesHash, seed, dice, savePath, flags, plan, secretSeed, position);
  } finally {
    lock.release();
  }
}

async function newGame(
  mod: AnyGameModule,
  rules: unknown,
  rulesHash: string,
  seed: string,
  dice: ReturnType<typeof parseDiceFlag>,
  savePath: string,
  flags: PlayFlags,
  plan: Record<string, Player>,
  secretSeed: boolean,
  position?: { options: Record<string, string>; state: unknown },
): Promise<number> {
  const ctx = renderContext(useColor(flags.color));
  refuseExisting(savePath, flags);
  const { deciders, human, players, script } = makeDeciders(mod, plan, flags);
  return withScript(script, async () => {
    if (dice.mode === 'prompted' && !human)
      throw new CliError('--dice prompted needs a person at a terminal; give scripted rolls with --dice 3,5,1 or --dice @file');
    const session = new Session(mod, rules, {
      seed,
      options: position?.options ?? flags.option,
      dice: dice.mode,
      rolls: dice.rolls,
      rulesHash,
      players,
      start: position?.state,
      // Prompted set-up rolls show what led to them as they are asked; otherwise the play loop prints the log.
      onLog: dice.mode === 'prompted' ? (l) => out(renderLogged(l, ctx)) : undefined,
    });
    // The seed plays the game again only when it draws the dice (given or typed dice are in the record alone).
    const replayHint = dice.mode === 'seeded' ? `Seed: ${seed}  (play this game again with --seed ${seed})` : undefined;
    if (!flags.seed && !secretSeed && replayHint) say(replayHint);
    if (flags.position !== undefined) say(`Starting from the position in ${clip(flags.position)}.`);
    say(`${mod.title} - ${describePlayers(plan)}; saving to ${savePath} after every decision.`);
    const stopped = await startSession(session, human, ctx, savePath);
    if (stopped !== undefined) return stopped;
    writeRecord(savePath, session.toRecord()); // a save file that cannot be written fails now, not after a decision
    return runLoop({ session, deciders, ctx, savePath, epilogue: secretSeed ? replayHint : undefined });
  });
}

/** Refuses to write over an existing file unless --overwrite (and never over one that is not a record). */
function refuseExisting(savePath: string, flags: PlayFlags): void {
  if (!existsSync(savePath) || flags.overwrite) return;
  let record: ReturnType<typeof readRecord> | undefined;
  try {
    record = readRecord(savePath);
  } catch (e) {
    if (!(e instanceof RecordError)) throw e;
  }
  const other = 'give another --save FILE, or --overwrite to replace it';
  throw new CliError(
    !record
      ? `${clip(savePath)} already exists and is not a Muster record; give another --save FILE`
      : record.result?.finished
        ? `${clip(savePath)} already holds a finished game (look at it with: ${commandName()} replay ${clip(savePath)}); ${other}`
        : `${clip(savePath)} already holds a saved game. Continue it with: ${commandName()} resume ${clip(savePath)}; or ${other}`,
  );
}

/** The game of a position file (its "game" field), checked against the game named on the command line. Throws CliError/RecordError. */
function positionGame(path: string, given: string | undefined): string {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new RecordError(`cannot read position ${clip(path)}: ${code === 'ENOENT' ? 'no such file' : clip((e as Error).message, 200)}`);
  }
  const game = (raw as { game?: unknown } | null)?.game;
  if (typeof game !== 'string')
    throw new RecordError(
      `${clip(path)} is not a position: it needs "game" and "state" (write one with: ${commandName()} replay RECORD --at N --json --all)`,
    );
  if (given !== undefined && given !== game) throw new CliError(`${clip(path)} is a position of ${game}, not ${given}`);
  return game;
}

/** Where a fork is saved by default: beside the record, "<name>-from-<N>.muster.json" (numbered on when taken). */
function forkPath(path: string, at: number): string {
  const stem = basename(path).replace(/(\.muster)?\.json$/i, '');
  const base = join(dirname(path), `${stem}-from-${at}`);
  for (let i = 1; ; i++) {
    const candidate = `${base}${i === 1 ? '' : `-${i}`}.muster.json`;
    if (!existsSync(candidate)) return candidate;
  }
}

/** The same file (both paths resolved, links followed where the file exists). */
function samePath(a: string, b: string): boolean {
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : resolve(p));
  return real(a) === real(b);
}

/**
 * `play --from REC --at N`: a copy of the game at decision N, played on as a new game (the record is
 * never written), its players set as `play` sets them (--bot, --vs, --side). Its dice: as the record's, or with `--dice LIST` the given results from that point
 * on — a seeded game keeps its seed, the given results taking the place of its next draws
 * (EngineDice.seededAfter), so the seed's dice go on once they are used up; a scripted or prompted
 * game's rolls become the first N decisions' rolls and the given ones. Throws CliError/RecordError.
 */
async function forkCommand(game: string | undefined, path: string, flags: PlayFlags): Promise<number> {
  const record = readRecord(path);
  if (game !== undefined && game !== record.game) throw new CliError(`${clip(path)} is a game of ${record.game}, not ${game}`);
  if (flags.seed || flags.option)
    throw new CliError('a fork keeps the seed and options of its record; give new dice with --dice 6,2 (or @file)');
  if (flags.save === '') throw new CliError('--save wants a file name');
  const { mod, rules, rulesHash } = await loadGame(record.game, flags.rules);
  checkRecordFits(mod, rules, rulesHash, record, path);
  refuseOtherRules(path, record, rulesHash, flags);
  refuseHiddenFork(mod, rules, rulesHash, record, path, flags);
  const n = record.choices.length;
  let at = n;
  if (flags.at !== undefined) {
    at = atFlag(flags.at, n, (typed) => `--at ${typed}: ${clip(path)} has only ${n} decisions`);
  }
  const fork: GameRecord = { ...record, choices: record.choices.slice(0, at), rulesHash };
  delete fork.result;
  delete fork.stateHash;
  if (flags.dice !== undefined) {
    const given = parseDiceFlag(flags.dice);
    if (given.mode === 'seeded')
      throw new CliError("--dice seeded: a fork keeps its record's dice; give results to use from the fork on (--dice 6,2 or @file)");
    if (given.mode === 'prompted' && record.dice !== 'prompted') {
      throw new CliError(
        'a fork of a game without prompted dice takes its new dice as a list (--dice 6,2 or @file): its shuffles came from the dice, not typed',
      );
    }
    // The dice the first N decisions drew, then the given ones.
    const before = Session.fromRecord(mod, rules, fork, { keepLog: false, rulesHash }).drawnRolls();
    fork.rolls = [...before, ...(given.rolls ?? [])];
  }
  const savePath = flags.save ?? forkPath(path, at);
  if (samePath(savePath, path))
    throw new CliError(`a fork is a new game: give --save another file than ${clip(path)} (the record stays as it is)`);
  const lock = SaveLock.acquire(savePath);
  try {
    refuseExisting(savePath, flags);
    const heading = `forked from ${clip(path)} at decision ${at} of ${n} (${clip(path)} is not changed)`;
    return await playOn(mod, rules, rulesHash, fork, flags, savePath, heading, true);
  } finally {
    lock.release();
  }
}

/**
 * A fork of a game of several sides still being played shows what the rules hide (the other hand and
 * the deck, a hidden stack, the dice to come: the fork keeps the seed), and lets a player try answers against them before
 * answering in the real game: refused unless --all (for designers), as `odds` refuses such a game.
 * Whether the game is over comes from its choices, not from a "result" written in the file. Throws CliError.
 */
function refuseHiddenFork(mod: AnyGameModule, rules: unknown, rulesHash: string, record: GameRecord, path: string, flags: PlayFlags): void {
  if (mod.sides.length < 2 || flags.all) return;
  if (record.result && Session.fromRecord(mod, rules, record, { keepLog: false, rulesHash }).decision() === null) return;
  throw new CliError(
    `${clip(path)} is an unfinished game of ${mod.sides.join(' and ')}: a fork of it would show what its sides hide from each other and the dice to come. Give --all to fork it anyway (for designers)`,
  );
}

/** Refuses a record played with other rules data unless --force. Throws CliError. */
function refuseOtherRules(path: string, record: GameRecord, rulesHash: string, flags: PlayFlags): void {
  if (rulesHash === record.rulesHash || flags.force) return;
  const goOn =
    flags.rules === undefined
      ? 'Give the original data with --rules FILE, or --force to go on with the current data'
      : `Give --rules with the file it was played with, or --force to go on with ${clip(flags.rules)}`;
  throw new CliError(`${otherRulesNote(path, record, flags.rules)}: its choices may not replay the same. ${goOn}`);
}

export async function resumeCommand(path: string, flags: PlayFlags): Promise<number> {
  if (flags.save === '') throw new CliError('--save wants a file name');
  // The record is locked before it is read: a second resume of a game being played is refused.
  const locks = [SaveLock.acquire(path)];
  try {
    if (flags.save !== undefined && flags.save !== path) locks.push(SaveLock.acquire(flags.save));
    return await resumeLocked(path, flags);
  } finally {
    for (const l of locks) l.release();
  }
}

async function resumeLocked(path: string, flags: PlayFlags): Promise<number> {
  const record = readRecord(path);
  const { mod, rules, rulesHash } = await loadGame(record.game, flags.rules);
  checkRecordFits(mod, rules, rulesHash, record, path);
  if (flags.seed || flags.option) throw new CliError('resume takes the seed and options of the record; do not give --seed or --option');
  refuseOtherRules(path, record, rulesHash, flags);
  if (flags.dice) {
    // More dice for a scripted or prompted game (one whose dice ran out).
    if (record.dice === 'seeded') throw new CliError('this game uses seeded dice: its rolls come from the seed, --dice does not apply');
    const more = parseDiceFlag(flags.dice);
    if (more.mode === 'prompted') record.dice = 'prompted';
    else if (more.mode === 'scripted') record.rolls = [...(record.rolls ?? []), ...(more.rolls ?? [])];
  }
  return playOn(
    mod,
    rules,
    rulesHash,
    record,
    flags,
    flags.save ?? path,
    // The number of decisions only in a game played alone: in a game of sides it counts the others' too.
    mod.sides.length > 1 ? `resumed from ${clip(path)}` : `resumed from ${clip(path)} after ${decisions(record.choices.length)}`,
    false,
    path,
  );
}

/**
 * Plays on a record (resume) or a fork of one: each side as the record says unless --bot/--vs/--side
 * say otherwise; the latest public log first, so the player knows where the game stands. A record
 * that claims a result its choices do not reach is refused (`claimsOf`: its path).
 */
async function playOn(
  mod: AnyGameModule,
  rules: unknown,
  rulesHash: string,
  record: GameRecord,
  flags: PlayFlags,
  savePath: string,
  heading: string,
  fresh: boolean,
  claimsOf?: string,
): Promise<number> {
  const ctx = renderContext(useColor(flags.color));
  // A fork is a new game: its players as `play` sets them (you, unless --bot/--vs say otherwise).
  const plan = fresh ? planFromFlags(mod, flags) : planFromRecord(mod, record, flags);
  const { deciders, human, watch, players, script } = makeDeciders(mod, plan, flags);
  const screens = Boolean(human ?? watch);
  return withScript(script, async () => {
    if (record.dice === 'prompted' && !human)
      throw new CliError('this game uses prompted dice: play it at a terminal, or give more rolls with --dice 3,5,1');
    // A record saved during its set-up (dice run out, or stopped at a prompted roll) is set up here.
    const session = Session.fromRecord(mod, rules, { ...record, players }, { rulesHash, unstarted: true });
    // A set-up run here (not before the save) has its forced steps shown by the play loop.
    const setUpHere = !session.started;
    if (!session.started) {
      say(`${mod.title} - ${heading}: the set-up goes on.`);
      const stopped = await startSession(session, human, ctx, savePath);
      if (stopped !== undefined) return stopped;
      writeRecord(savePath, session.toRecord());
    }
    if (claimsOf !== undefined) {
      // A record that claims a result its choices do not reach (edited, or damaged) is not played on.
      refuseFalseClaims(record, session, claimsOf, 'play on');
      // A finished game has nothing to resume: say so, and how to look at it, and leave the file alone
      // (it was replayed, printed "Game over" and saved again). Whether it is over comes from the replay.
      if (session.decision() === null)
        throw new CliError(
          `${clip(claimsOf)} holds a finished game: ${session.result().summary.replace(/\.$/, '')}. There is nothing to resume. ` +
            `Look at it with: ${commandName()} replay ${clip(claimsOf)} (--step: decision by decision)`,
        );
    }
    const head = `${mod.title} - ${heading}; ${describePlayers(plan)}.`;
    out(fresh ? wrapWords(head, ctx.width ?? 100).join('\n') : head);
    if (fresh) {
      out(`Saving to ${savePath} after every decision.`);
      writeRecord(savePath, session.toRecord()); // a save file that cannot be written fails now
    }
    // A transcript prints the latest public log, from the heading of the phase in progress, so the
    // player knows where the game stands; at the terminal each person's screens show what happened
    // since their own last decision, as if the game had not stopped (runLoop).
    if (!screens) for (const l of session.log.slice(resumeFrom(session))) out(renderLogged(l, ctx));
    return runLoop({
      session,
      deciders,
      ctx,
      savePath,
      shown: session.log.length,
      resumed: screens,
      forcedShown: setUpHere ? 0 : session.forced.length,
    });
  });
}

/** Where a resumed game's log is shown from: the latest phase heading, or the last 12 entries when it lies further back. */
export function resumeFrom(s: Session): number {
  const n = s.log.length;
  for (let i = n - 1; i >= Math.max(0, n - 40); i--) {
    const e = s.log[i].entry;
    if (e.kind === 'text' && e.tone === 'phase') return i;
  }
  return Math.max(0, n - 12);
}
