/**
 * The `muster` command line (commander). The CLI knows no rule: it parses flags, loads a module,
 * and hands over to the commands. Exit codes: 0 ok, 1 runtime error, 2 bad usage or bad input.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { collectOption, describeError } from './commands/errors.js';
import { listCommand } from './commands/list.js';
import { REPORT_FIGURES, SIMULATE_DEFINITIONS } from './engine/sim-definitions.js';
import { GAMES } from './games/index.js';
import { wrapWords } from './ui/text.js';

// A closed pipe (`muster simulate … | head`) ends the command quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command();
program
  .name('muster')
  .description('A terminal runner for historical wargames: play, replay and check them.')
  .version('0.1.0')
  .exitOverride()
  // One error prefix: commander's "error: " becomes "muster: ", as for every other error.
  .configureOutput({ outputError: (str, write) => write(str.replace(/^error: /, 'muster: ')) })
  .showHelpAfterError('(run muster --help for usage)');

/**
 * A flag taken once: given again with another value it is a usage error (the last one used to win
 * without a word: `--side royalist --side parliament` played Parliament).
 */
export function once(value: string, previous: string | undefined): string {
  if (previous !== undefined && previous !== value)
    throw new InvalidArgumentError(`It was given twice (${previous}, then ${value}): give it once.`);
  return value;
}

/**
 * The --seed flag's parser: an empty seed is refused (simulate, check and compare took it and played
 * seeds "/1", "/2"...; play refused it alone), in every command that takes one.
 */
export function seedArg(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('A seed cannot be empty: give one or more characters (e.g. --seed 7).');
  return value;
}

const noColor = () => new Option('--no-color', 'plain text (NO_COLOR is honoured too)');
const rulesOpt = (what = 'play with a modified copy of the rules data') => new Option('--rules <file>', what);
const optionOpt = () =>
  new Option('-o, --option <key=value>', 'a game option (repeatable; see muster list)').argParser(collectOption).default(undefined);

program
  .command('list')
  .description('the games, their sides and options')
  .option('--json', 'machine-readable output')
  .action((opts) => finish(listCommand(opts)));

program
  .command('play')
  .description(
    'play a game: interactive at a terminal, else choice ids from stdin or --moves; fork one (--from) or start from a position (--position)',
  )
  .argument('[game]', 'game id (see muster list); not needed with --from or --position')
  .option('--seed <seed>', 'seed string for the dice (drawn and printed when absent)', seedArg)
  .addOption(optionOpt())
  .option('--moves <file>', 'read choice ids from FILE, one per line (- for stdin)')
  .option('--dice <mode>', 'seeded (default), prompted (you type each roll), a list 3,5,1 or @file')
  .option('--bot <name>', 'a bot makes your decisions: random or heuristic')
  .option(
    '--vs <who>',
    'two-player games: who plays the other side: bot, random, heuristic or human (hot-seat: not with --bot or --side)',
    once,
  )
  .option('--side <side>', "two-player games: your side (with --bot: the bot's side)", once)
  .option('--save <file>', 'the record file, written after every decision (default <game>-<seed>.muster.json)')
  .option('--overwrite', 'replace an existing record file instead of refusing')
  .option('--from <record>', 'what-if: fork a copy of this game (a new save; the record is not changed) and play on with new choices')
  .option('--at <n>', 'with --from: fork after the first N decisions (default: all); --dice then gives the dice from there on')
  .option(
    '--position <file>',
    'start from a position: replay REC --at N --json --all, edited (checked against the state type and the rules)',
  )
  .option('--force', 'with --from: go on although the rules data differs from the recorded one')
  .option('--all', 'with --from: fork an unfinished game of several sides (the fork shows its hidden information)')
  .addOption(rulesOpt())
  .addOption(noColor())
  .action(async (game, opts) => {
    const { playCommand } = await import('./commands/play.js');
    finish(await playCommand(game, opts));
  });

program
  .command('resume')
  .description('continue a saved game')
  .argument('<record>', 'a record file written by muster play')
  .option('--moves <file>', 'read further choice ids from FILE (- for stdin)')
  .option('--bot <name>', 'a bot makes your decisions from here on')
  .option('--vs <who>', 'two-player games: who plays the other side', once)
  .option('--side <side>', 'two-player games: your side', once)
  .option('--save <file>', 'save to another file (default: the record itself)')
  .option('--dice <more>', 'scripted/prompted games: more rolls (3,5,1 or @file), or prompted to type them')
  .option('--force', 'go on although the rules data differs from the recorded one')
  .addOption(rulesOpt())
  .addOption(noColor())
  .action(async (record, opts) => {
    const { resumeCommand } = await import('./commands/play.js');
    finish(await resumeCommand(record, opts));
  });

program
  .command('replay')
  .description('re-run a record and verify it reproduces its result; step through it; show step N')
  .argument('<record>', 'a record file')
  .option(
    '--step',
    "go decision by decision: Enter, b back, g N decision N, t N turn N as the game numbers it (in Irish Freedom's campaign t N is the first war with a turn N; t woi N, t cw N pick the war), m map, q quit",
  )
  .option('--at <n>', 'show the state after the first N decisions')
  .option('--json', 'one JSON object: game, seed, choices, result, state')
  .option('--side <side>', 'show the map and state as this side sees them')
  .option('--all', 'show everything, hidden information included, even for an unfinished game')
  .addOption(rulesOpt('replay with a modified copy of the rules data (the one the record was played with)'))
  .addOption(noColor())
  .action(async (record, opts) => {
    const { replayCommand } = await import('./commands/replay.js');
    finish(await replayCommand(record, opts));
  });

program
  .command('rules')
  .description("reference tables from the rules data (run without a topic to list the game's topics)")
  .argument('<game>', 'game id')
  .argument('[topic]', 'a topic; none lists them')
  .addOption(rulesOpt('show the tables of a modified copy of the rules data (checked as play checks it)'))
  .addOption(noColor())
  .action(async (game, topic, opts) => {
    const { rulesCommand } = await import('./commands/rules.js');
    finish(await rulesCommand(game, topic, opts));
  });

const collectList = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];

/** Words of `text` in lines of at most `width` columns, each indented by `indent`. */
function wrapHelp(text: string, indent: string, width = 78): string {
  return wrapWords(text, width - indent.length)
    .map((l) => indent + l)
    .join('\n');
}

program
  .command('simulate')
  .description("bot playouts and a designer's report, on every core (game k uses the seed S/k)")
  .argument('<game>', 'game id')
  .option('--games <n>', 'how many games (1 to 10,000,000)', '100')
  .option('--seed <seed>', 'base seed', seedArg, 'muster')
  .option('--bot <spec>', 'the bots: a name (random, heuristic) for every side, or Side=name (repeatable); default random', collectList)
  .addOption(optionOpt())
  .option('--threads <n>', 'worker threads, 1 to 256 (default: the cores); the report is the same for any number')
  .option(
    '--save-games <dir>',
    'write sample records there (the folder made if missing): the shortest game, the longest, the first of each outcome',
  )
  .option('--json', "machine-readable summary (with every figure's definition)")
  .option('--no-check', 'skip the invariant check after every decision (faster)')
  .addOption(rulesOpt())
  .addOption(noColor())
  .addHelpText(
    'after',
    () =>
      '\nThe report (a progress bar on stderr at a terminal for long runs):\n' +
      REPORT_FIGURES.map((f) => `  ${f}:\n${wrapHelp(SIMULATE_DEFINITIONS[f], '    ')}`).join('\n') +
      '\n' +
      wrapHelp("Also: victory levels, winners, turns, points and the game's own figures (--json defines each).", '  ') +
      '\n' +
      '\nWhat "first" means, game by game:\n' +
      GAMES.map((g) =>
        wrapHelp(
          `${g.meta.id}: ${g.meta.firstMover ?? (g.meta.sides.length === 1 ? 'none (played alone)' : 'none (no side acts first by the rules)')}`,
          '  ',
        ),
      ).join('\n'),
  )
  .action(async (game, opts) => {
    const { simulateCommand } = await import('./commands/simulate.js');
    finish(await simulateCommand(game, opts));
  });

program
  .command('odds')
  .description("exact odds of what each option of a decision leads to (every outcome of the dice, through the game's own rules)")
  .argument('<file>', 'a record (its pending decision, or the one at --at N) or a position (replay --at N --json --all, edited)')
  .option('--at <n>', 'the decision after the first N choices')
  .option('--option <id>', 'only this option (repeatable)', (v: string, prev: string[] | undefined) => [...(prev ?? []), v])
  .option(
    '--to <when>',
    'how far an outcome reaches: the next decision, or the next phase heading ("phase"; a decision before it still ends the outcome, and is named)',
    'decision',
  )
  .option('--rolls <n>', 'only the first N dice (1 to 1,000): an outcome is what happened before the next roll')
  .option('--samples <n>', 'runs to sample when the outcomes are too many to enumerate (1 to 10,000,000)', '4000')
  .option('--max-outcomes <n>', 'enumerate at most this many outcomes, else sample (1 to 10,000,000)', '20000')
  .option(
    '--exact-cost <k>',
    'enumerate while that costs at most K times the sampling it would replace (work counted, not time; 1 to 1,000)',
    '2',
  )
  .option('--all', 'allow an unfinished game of several sides (the odds use its hidden information)')
  .option('--json', 'machine-readable output (its outcomes are the rows of the text, merged alike)')
  .addOption(rulesOpt())
  .addOption(noColor())
  .action(async (record, opts) => {
    const { oddsCommand } = await import('./commands/odds.js');
    finish(await oddsCommand(record, opts));
  });

program
  .command('check')
  .description(
    'fuzz a game (after editing its rules): random playouts checking invariants, dead ends, runaway games, undo, record round trips and secrets; exit 1 when anything is found',
  )
  .argument('<game>', 'game id')
  .option('--games <n>', 'how many games, 1 to 10,000,000 (default 200, or as many as --seconds allows)')
  .option('--seconds <s>', 'stop starting games after S seconds (1 to 86,400: a day)')
  .option('--seed <seed>', 'base seed (game k uses S/k)', seedArg, 'check')
  .addOption(optionOpt())
  .option('--max-steps <n>', 'a game longer than this many decisions is a runaway (1 to 1,000,000)', '20000')
  .option('--every <n>', 'check undo and secrets at about one step in N (1 to 10,000)', '25')
  .option(
    '--out <file>',
    'where to write the record of the first fault (default check-<game>-failure.muster.json; a folder: that name in it); missing folders are made',
  )
  .option('--json', 'machine-readable summary')
  .addOption(rulesOpt())
  .action(async (game, opts) => {
    const { checkCommand } = await import('./commands/check.js');
    finish(await checkCommand(game, opts));
  });

program
  .command('compare')
  .description(
    'A/B: two arms (options, rules files, bots) on the same seeds, every figure with its difference and 95% interval, on every core',
  )
  .argument('<game>', 'game id')
  .option('--games <n>', 'games per arm (2 to 1,000,000)', '200')
  .option('--seed <seed>', 'base seed (game k uses S/k in both arms)', seedArg, 'compare')
  .option('--bot <spec>', 'bots of both arms: a name, or Side=name (repeatable)', collectList)
  .addOption(optionOpt())
  .addOption(rulesOpt())
  .addOption(new Option('--a-option <key=value>', 'an option of arm A only (repeatable)').argParser(collectOption))
  .addOption(new Option('--b-option <key=value>', 'an option of arm B only (repeatable)').argParser(collectOption))
  .option('--a-rules <file>', 'the rules file of arm A')
  .option('--b-rules <file>', 'the rules file of arm B')
  .option('--a-bot <spec>', 'bots of arm A (as --bot)', collectList)
  .option('--b-bot <spec>', 'bots of arm B (as --bot)', collectList)
  .option('--threads <n>', 'worker threads, 1 to 256 (default: the cores); the output is the same for any number')
  .option('--json', 'machine-readable output')
  .addOption(noColor())
  .action(async (game, opts) => {
    const { compareCommand } = await import('./commands/compare.js');
    finish(await compareCommand(game, opts));
  });

function finish(code: number): void {
  process.exitCode = code;
}

// No top-level await: the start-up bundle (src/tools/bundle-cli.ts) is CommonJS.
program.parseAsync(process.argv).catch((e: unknown) => {
  if (e instanceof CommanderError) {
    // commander has printed its message (or help/version, which exit 0).
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else {
    const { code, message } = describeError(e);
    // At a terminal, long lines are wrapped at words (the terminal would cut them anywhere); piped,
    // each line is kept whole for scripts that read it.
    const text = `muster: ${message}`;
    const width = process.stderr.isTTY ? process.stderr.columns || 80 : 0;
    process.stderr.write((width ? text.split('\n').flatMap((l) => wrapWords(l, width)) : [text]).join('\n') + '\n');
    process.exitCode = code;
  }
});
