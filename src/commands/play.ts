/**
 * `muster play <game>` and `muster resume <record>`.
 *
 * Who decides: with a terminal on stdin and no --moves, a person (inquirer); otherwise choice ids
 * are read from --moves FILE (or `-`/stdin). `--bot NAME` lets a bot make the player's decisions.
 * In games with more than one side, `--side` is the player's side and `--vs` says who plays the
 * others. `resume` plays each side as the record says unless these flags say otherwise.
 */
import { existsSync } from 'node:fs';
import { BotDecider } from '../engine/deciders/bot.js';
import { ScriptDecider } from '../engine/deciders/script.js';
import type { Decider } from '../engine/deciders/types.js';
import { SaveLock } from '../engine/lock.js';
import type { GameModule, RenderContext } from '../engine/module.js';
import { clip, quote } from '../engine/quote.js';
import { readRecord, RecordError, writeRecord, type GameRecord } from '../engine/record.js';
import { Session } from '../engine/runner.js';
import { fileLines, stdinLines } from '../engine/stdin-lines.js';
import { verifyRecord } from '../engine/verify.js';
import {
  CliError, commandName, drawSeed, loadGame, out, parseDiceFlag, renderContext, renderLogged, say, useColor,
} from './common.js';
import { decisions, runLoop, startSession } from './game-loop.js';
import { HumanDecider } from '../ui/human.js';
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
}

/** Who plays a side: a person (at the terminal, or through a script) or a named bot. */
type Player = { kind: 'person' } | { kind: 'bot'; name: string };

/** The script of a person's moves: standard input (`-`) or a file, read line by line as the lines arrive. Throws InputError. */
function readMoves(path: string): ScriptDecider {
  return path === '-' ? new ScriptDecider(stdinLines(), 'stdin') : new ScriptDecider(fileLines(path), path);
}

/** Resolves `--side` (any case) to the module's side name. Throws CliError. */
function sideFlag(mod: GameModule<any, any, any>, flag: string | undefined): string | undefined {
  if (flag === undefined) return undefined;
  const side = mod.sides.find((x) => x.toLowerCase() === flag.toLowerCase());
  if (!side) throw new CliError(`${mod.id} has no side ${quote(flag)}; sides: ${mod.sides.join(', ')}`);
  return side;
}

function checkBot(mod: GameModule<any, any, any>, name: string): string {
  if (!Object.hasOwn(mod.bots, name)) throw new CliError(`${mod.id} has no bot ${quote(name)}; bots: ${Object.keys(mod.bots).join(', ')}`);
  return name;
}

/** The players of a new game, from --side, --vs and --bot. */
function planFromFlags(mod: GameModule<any, any, any>, flags: PlayFlags): Record<string, Player> {
  const side = sideFlag(mod, flags.side);
  const vsChoices = ['bot', 'human', ...Object.keys(mod.bots)];
  if (mod.sides.length === 1 && (flags.vs !== undefined || flags.side !== undefined)) {
    throw new CliError(`${mod.id} is played alone: --vs and --side are for games of two sides (use --bot to let a bot play for you)`);
  }
  if (flags.vs !== undefined && !vsChoices.includes(flags.vs)) throw new CliError(`--vs must be one of ${vsChoices.join('|')}, not ${quote(flags.vs)}`);
  const mine = mod.sides.length === 1 || flags.vs === 'human' ? mod.sides : [side ?? mod.sides[0]];
  const plan: Record<string, Player> = {};
  for (const s of mod.sides) {
    if (mine.includes(s)) plan[s] = flags.bot ? { kind: 'bot', name: checkBot(mod, flags.bot) } : { kind: 'person' };
    else plan[s] = { kind: 'bot', name: checkBot(mod, !flags.vs || flags.vs === 'bot' ? 'heuristic' : flags.vs) };
  }
  return plan;
}

/** Checks the record's "players" against the game: its sides and bots. Throws RecordError naming the field. */
function checkPlayers(mod: GameModule<any, any, any>, record: GameRecord, path: string): void {
  for (const [side, kind] of Object.entries(record.players ?? {})) {
    if (!mod.sides.includes(side)) throw new RecordError(`${clip(path)}: "players" names side ${quote(side)}, which ${mod.id} does not have (sides: ${mod.sides.join(', ')})`);
    if (kind.startsWith('bot:') && !Object.hasOwn(mod.bots, kind.slice(4)))
      throw new RecordError(`${clip(path)}: "players".${quote(side)} is ${quote(kind)}, but ${mod.id} has no such bot (bots: ${Object.keys(mod.bots).join(', ')})`);
  }
}

/** The players of a resumed game: as recorded, unless --bot/--vs/--side say otherwise. */
function planFromRecord(mod: GameModule<any, any, any>, record: GameRecord, flags: PlayFlags): Record<string, Player> {
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
function makeDeciders(mod: GameModule<any, any, any>, plan: Record<string, Player>, flags: PlayFlags) {
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
  const deciders: Record<string, Decider> = {};
  for (const [side, p] of Object.entries(plan)) {
    deciders[side] = p.kind === 'bot' ? new BotDecider(mod.bots[p.name], p.name) : (human ?? script!);
  }
  // Records say "human" for a person's decisions, typed or scripted.
  const players = Object.fromEntries(Object.entries(plan).map(([k, p]) => [k, p.kind === 'bot' ? `bot:${p.name}` : 'human']));
  return { deciders, human, players, script };
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
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(0, 80) || 'game';
}

export async function playCommand(game: string, flags: PlayFlags): Promise<number> {
  const { mod, rules, rulesHash } = await loadGame(game, flags.rules);
  if (flags.seed === '') throw new CliError('--seed wants a non-empty string');
  const seed = flags.seed ?? drawSeed();
  const dice = parseDiceFlag(flags.dice);
  const ctx = renderContext(useColor(flags.color));
  if (flags.save === '') throw new CliError('--save wants a file name');
  const plan = planFromFlags(mod, flags);
  // With the seed anyone rebuilds the hidden hands and the deck: a drawn seed of a game with hidden
  // information stays off the screen and out of the save's name until the game is over
  // (architecture.md, "Secrets"); the record still keeps it.
  const secretSeed = !flags.seed && mod.sides.length > 1 && Object.values(plan).some((x) => x.kind === 'person');
  const savePath = flags.save ?? `${mod.id}-${fileSafe(secretSeed ? drawSeed() : seed)}.muster.json`;
  // One process per save: a second `play --overwrite` or a `resume` of the same file is refused while this one plays.
  const lock = SaveLock.acquire(savePath);
  try {
    return await newGame(mod, rules, rulesHash, seed, dice, savePath, flags, plan, secretSeed);
  } finally {
    lock.release();
  }
}

async function newGame(
  mod: GameModule<any, any, any>, rules: unknown, rulesHash: string, seed: string, dice: ReturnType<typeof parseDiceFlag>,
  savePath: string, flags: PlayFlags, plan: Record<string, Player>, secretSeed: boolean,
): Promise<number> {
  const ctx = renderContext(useColor(flags.color));
  if (existsSync(savePath) && !flags.overwrite) {
    let isRecord = false;
    try {
      isRecord = Boolean(readRecord(savePath));
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      isRecord = false;
    }
    throw new CliError(
      isRecord
        ? `${clip(savePath)} already holds a saved game. Continue it with: ${commandName()} resume ${clip(savePath)}; or give another --save FILE, or --overwrite to replace it`
        : `${clip(savePath)} already exists and is not a Muster record; give another --save FILE`,
    );
  }
  const { deciders, human, players, script } = makeDeciders(mod, plan, flags);
  return withScript(script, async () => {
    if (dice.mode === 'prompted' && !human) throw new CliError('--dice prompted needs a person at a terminal; give scripted rolls with --dice 3,5,1 or --dice @file');
    const session = new Session(mod, rules, {
      seed, options: flags.option, dice: dice.mode, rolls: dice.rolls, rulesHash, players,
      // Prompted set-up rolls show what led to them as they are asked; otherwise the play loop prints the log.
      onLog: dice.mode === 'prompted' ? (l) => out(renderLogged(l, ctx)) : undefined,
    });
    const replayHint = `Seed: ${seed}  (play this game again with --seed ${seed})`;
    if (!flags.seed && !secretSeed) say(replayHint);
    say(`${mod.title} — ${describePlayers(plan)}; saving to ${savePath} after every decision.`);
    if (!(await startSession(session, human, ctx))) {
      say('Stopped before the game was set up; nothing to save.');
      return 130;
    }
    writeRecord(savePath, session.toRecord()); // a save file that cannot be written fails now, not after a decision
    return runLoop({ session, deciders, ctx, savePath, epilogue: secretSeed ? replayHint : undefined });
  });
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
  checkPlayers(mod, record, path);
  if (flags.seed || flags.option) throw new CliError('resume takes the seed and options of the record; do not give --seed or --option');
  if (rulesHash !== record.rulesHash && !flags.force) {
    throw new CliError(
      `the rules data differs from the data ${clip(path)} was played with (${record.rulesHash.slice(0, 19)}…): ` +
        'its choices may not replay the same. Give the original data with --rules FILE, or --force to go on with the current data',
    );
  }
  if (flags.dice) {
    // More dice for a scripted or prompted game (one whose dice ran out).
    if (record.dice === 'seeded') throw new CliError('this game uses seeded dice: its rolls come from the seed, --dice does not apply');
    const more = parseDiceFlag(flags.dice);
    if (more.mode === 'prompted') record.dice = 'prompted';
    else if (more.mode === 'scripted') record.rolls = [...(record.rolls ?? []), ...(more.rolls ?? [])];
  }
  const ctx = renderContext(useColor(flags.color));
  const plan = planFromRecord(mod, record, flags);
  const { deciders, human, players, script } = makeDeciders(mod, plan, flags);
  return withScript(script, async () => {
    if (record.dice === 'prompted' && !human) throw new CliError('this game uses prompted dice: resume it at a terminal, or give more rolls with --dice 3,5,1');
    const session = Session.fromRecord(mod, rules, { ...record, players }, { rulesHash });
    // A record that claims a result its choices do not reach (edited, or damaged) is not played on.
    const check = verifyRecord(record, {
      decision: session.decision(), result: session.result(), state: session.state, decisions: session.choices.length,
    });
    if (!check.ok) {
      throw new RecordError(
        `${clip(path)} does not replay to what it claims: ${check.differences.join('; ')}. ` +
          `Check it with: ${commandName()} replay ${clip(path)}; to play on from its choices, remove its "result" and "stateHash"`,
      );
    }
    say(`${mod.title} — resumed from ${clip(path)} after ${decisions(session.choices.length)}; ${describePlayers(plan)}.`);
    // The latest public log, from the heading of the phase in progress, so the player knows where the game stands.
    const from = resumeFrom(session);
    if (!human) for (const l of session.log.slice(from)) out(renderLogged(l, ctx));
    return runLoop({ session, deciders, ctx, savePath: flags.save ?? path, shown: human ? from : session.log.length });
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
