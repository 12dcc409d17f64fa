/**
 * `muster play <game>` and `muster resume <record>`.
 *
 * Who decides: with a terminal on stdin and no --moves, a person (inquirer); otherwise choice ids
 * are read from --moves FILE (or `-`/stdin). `--bot NAME` lets a bot make the player's decisions.
 * In games with more than one side, `--side` is the player's side and `--vs` says who plays the others.
 */
import { readFileSync } from 'node:fs';
import { BotDecider } from '../engine/deciders/bot.js';
import { HumanDecider } from '../engine/deciders/human.js';
import { parseScript, ScriptDecider } from '../engine/deciders/script.js';
import type { Decider } from '../engine/deciders/types.js';
import type { GameModule, RenderContext } from '../engine/module.js';
import { readRecord } from '../engine/record.js';
import { Session, UsageError } from '../engine/runner.js';
import {
  CliError, drawSeed, loadGame, out, parseDiceFlag, renderContext, renderLogged, useColor,
} from './common.js';
import { runLoop, startSession } from './game-loop.js';

export interface PlayFlags {
  seed?: string;
  option?: Record<string, string>;
  moves?: string;
  dice?: string;
  bot?: string;
  vs?: string;
  side?: string;
  save?: string;
  color?: boolean;
  rules?: string;
}

function readMoves(path: string): ScriptDecider {
  if (path === '-') return new ScriptDecider(parseScript(readFileSync(0, 'utf8')), 'stdin');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read moves file ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  return new ScriptDecider(parseScript(text), path);
}

function botDecider(mod: GameModule<any, any, any>, name: string, seed: string, side: string): BotDecider {
  const bot = mod.bots[name];
  if (!bot) throw new CliError(`${mod.id} has no bot "${name}"; bots: ${Object.keys(mod.bots).join(', ')}`);
  return new BotDecider(bot, name, seed, side);
}

/** Builds each side's decider from the flags. */
function makeDeciders(mod: GameModule<any, any, any>, flags: PlayFlags, seed: string, ctx: RenderContext, session: () => Session) {
  const interactive = !flags.moves && Boolean(process.stdin.isTTY);
  // Sides are matched without regard to case: --side parliament is Parliament.
  const side = flags.side === undefined ? undefined : mod.sides.find((x) => x.toLowerCase() === flags.side!.toLowerCase());
  if (flags.side !== undefined && !side) {
    throw new CliError(`${mod.id} has no side "${flags.side}"; sides: ${mod.sides.join(', ')}`);
  }
  const mine = mod.sides.length === 1 ? mod.sides : [side ?? mod.sides[0]];
  const vsChoices = ['bot', 'human', ...Object.keys(mod.bots)];
  if (flags.vs !== undefined && !vsChoices.includes(flags.vs)) {
    throw new CliError(`--vs must be one of ${vsChoices.join('|')}, not "${flags.vs}"`);
  }
  const vs = flags.vs ?? 'bot';
  const hotSeat = vs === 'human';
  const humanIO = {
    ctx,
    print: (t: string) => out(t),
    showMap: () => {
      const s = session();
      const d = s.decision();
      out('\n' + s.render(d?.side ?? 'all', ctx));
    },
    showLog: () => {
      for (const l of session().log) out(renderLogged(l, ctx));
    },
  };
  const human = interactive && !flags.bot ? new HumanDecider(humanIO) : undefined;
  const script = !interactive && !flags.bot ? readMoves(flags.moves ?? '-') : undefined;
  const deciders: Record<string, Decider> = {};
  for (const side of mod.sides) {
    const isMine = mine.includes(side) || hotSeat;
    if (isMine) {
      if (flags.bot) deciders[side] = botDecider(mod, flags.bot, seed, side);
      else deciders[side] = human ?? script!;
    } else {
      const name = vs === 'bot' ? 'heuristic' : vs;
      deciders[side] = botDecider(mod, name, seed, side);
    }
  }
  return { deciders, human };
}

export async function playCommand(game: string, flags: PlayFlags): Promise<number> {
  const { mod, rules, rulesHash } = await loadGame(game, flags.rules);
  const seed = flags.seed ?? drawSeed();
  if (!flags.seed) out(`Seed: ${seed}  (play this game again with --seed ${seed})`);
  const dice = parseDiceFlag(flags.dice);
  const ctx = renderContext(useColor(flags.color));
  const savePath = flags.save ?? `${mod.id}-${seed}.muster.json`;
  let session!: Session;
  const { deciders, human } = makeDeciders(mod, flags, seed, ctx, () => session);
  if (dice.mode === 'prompted' && !human) throw new CliError('--dice prompted needs a person at a terminal; give scripted rolls with --dice 3,5,1 or --dice @file');
  const players = Object.fromEntries(Object.entries(deciders).map(([k, d]) => [k, d.kind]));
  session = new Session(mod, rules, {
    seed, options: flags.option, dice: dice.mode, rolls: dice.rolls, rulesHash, players,
    onLog: (l) => out(renderLogged(l, ctx)),
  });
  out(`${mod.title} — saving to ${savePath} after every decision.`);
  await startSession(session, human);
  return runLoop({ session, deciders, ctx, savePath });
}

export async function resumeCommand(path: string, flags: PlayFlags): Promise<number> {
  const record = readRecord(path);
  const { mod, rules, rulesHash } = await loadGame(record.game, flags.rules);
  if (flags.seed || flags.option || flags.dice) throw new UsageError('resume takes the seed, options and dice of the record; do not give --seed, --option or --dice');
  if (rulesHash !== record.rulesHash) out(`Warning: the rules data differs from the data this game was recorded with (${record.rulesHash.slice(0, 19)}…).`);
  const ctx = renderContext(useColor(flags.color));
  let session!: Session;
  const { deciders, human } = makeDeciders(mod, flags, record.seed, ctx, () => session);
  if (record.dice === 'prompted' && !human) throw new CliError('this game uses prompted dice: resume it at a terminal');
  session = Session.fromRecord(mod, rules, record, { rulesHash });
  out(`${mod.title} — resumed from ${path} after ${session.choices.length} decisions.`);
  const recent = session.log.slice(-12);
  for (const l of recent) out(renderLogged(l, ctx));
  return runLoop({ session, deciders, ctx, savePath: flags.save ?? path });
}
