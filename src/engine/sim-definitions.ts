/**
 * The one-line definitions of `simulate`'s figures (style.md, after Ludii's metrics): printed by
 * `muster simulate --help` and in its JSON. Kept free of imports so the CLI's help loads nothing else.
 */
export const SIMULATE_DEFINITIONS: Record<string, string> = {
  games: 'number of games played; game k uses the seed S/k',
  balance: "each side's share of the games it won, with its 95% Wilson interval (a game played alone: the player's wins)",
  firstMover:
    'where the rules have one side act first (the game says what "first" means): the share of games that side won, with its Wilson interval; none where the sides act at once or alone',
  completion: "share of games that ended by the rules (not stopped unfinished at the game's step limit), with its Wilson interval",
  draws: 'share of the finished games that ended without a winner, with its Wilson interval (games of two or more sides)',
  duration:
    'turns (the turn track) and decisions (choices made; forced steps not counted) of each game: min, median, mean, max and a histogram',
  decisiveness:
    "how early the winner was clear: in each game won by a side, the share of its decisions after which that side led to the end by the game's running score (0: it led before the first decision; 1: it took the lead with the last); the mean and median over those games",
  levels:
    "victory level of each game (count and share), best for the players first; in the rulebook's order where the game lists its levels, each with the part of the game it ends (group: Irish Freedom's war)",
  winners: "who won each game: a side; in a game played alone a loss is the game system's win, named by its victory level; or a draw",
  averageTurns: 'mean of the turns each game lasted (turn-track turns, summed over both wars where there are two)',
  averagePoints: 'mean victory points, over games that score points',
  details: 'for each game-specific figure (e.g. the Treaty turn): count and share of games per value',
  detailMeans: 'for each numeric game-specific figure: its mean over the games that report it',
  detailSpreads: 'for each numeric game-specific figure: its minimum, median and maximum over the games that report it',
  turnSpread: 'minimum, median and maximum of the turns each game lasted',
  rules: 'the rules data file the games were played with, and its hash',
  bots: 'the bot that played each side',
  longestGame: 'the game with the most decisions (the first such seed), and its seed',
  shortestGame: 'the game with the fewest decisions (the first such seed), and its seed',
  runawayGames: "games stopped unfinished at the game's step limit, and the first of them with the reason",
  invariantsChecked: "whether the game's invariants were checked after every decision (off with --no-check)",
  savedGames: 'records written by --save-games: the shortest game, the longest, and the first game of each outcome',
};

/** The figures of the designer's report, in the order `--help` lists them. */
export const REPORT_FIGURES = ['balance', 'firstMover', 'completion', 'draws', 'duration', 'decisiveness'] as const;
