/**
 * `muster odds <record> [--at N] [--option ID] [--json]`: the exact probabilities of what each option
 * of the pending decision leads to, from the module's own `apply` over every outcome of the dice up to
 * the next decision (src/engine/odds.ts); sampled, with intervals, where the tree is too big.
 */
import { optionOdds, type OddsProgress, type OptionOdds } from '../engine/odds.js';
import { readFileSync } from 'node:fs';
import type { AnyGameModule } from '../engine/module.js';
import { readPosition } from '../engine/position.js';
import { RECORD_FORMAT, readRecord, type GameRecord } from '../engine/record.js';
import { checkRecordFits, otherRulesWarning } from './record-fit.js';
import { Session } from '../engine/runner.js';
import { refuseFalseClaims } from './claims.js';
import { progressBar } from '../ui/progress.js';
import { fitTable, wrapWords } from '../ui/table.js';
import { atFlag, boundedFlags } from './number-flag.js';
import { CliError, endIfOutputClosed, errOut, loadGame, out, renderContext, useColor } from './common.js';

export interface OddsFlags {
  at?: string;
  option?: string[];
  json?: boolean;
  all?: boolean;
  samples?: string;
  to?: string;
  rolls?: string;
  maxOutcomes?: string;
  exactCost?: string;
  color?: boolean;
  rules?: string;
}

/** A probability as the simplest fraction within 1e-14 whose denominator is at most 10^6 ("5/6"), or null. */
export function fraction(p: number): string | null {
  if (p === 0 || p === 1) return String(p);
  // Continued fractions: the convergents of p.
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = p;
  for (let i = 0; i < 40; i++) {
    const a = Math.floor(x);
    [h0, h1] = [h1, a * h1 + h0];
    [k0, k1] = [k1, a * k1 + k0];
    if (k1 > 1_000_000) return null;
    if (Math.abs(h1 / k1 - p) < 1e-14) return `${h1}/${k1}`;
    const frac = x - a;
    if (frac < 1e-12) break;
    x = 1 / frac;
  }
  return null;
}

/**
 * The upper bound of each number flag, named in its message and in --help (cli.ts), as check, simulate
 * and compare name theirs: a newcomer's `--samples 99999999999` ran on until killed.
 */
export const ODDS_LIMITS = {
  /** As simulate's --games. */
  '--samples': 10_000_000,
  '--rolls': 1_000,
  '--max-outcomes': 10_000_000,
  '--exact-cost': 1_000,
} as const;

const whole = boundedFlags(ODDS_LIMITS);

function toFlag(flag: string | undefined): 'decision' | 'phase' {
  if (flag === undefined || flag === 'decision' || flag === 'phase') return flag ?? 'decision';
  throw new CliError(`--to wants decision or phase, not "${flag}"`);
}

/** Whether a file is a position (a `state` and no record format tag) rather than a record. */
function isPosition(path: string): boolean {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
    return raw?.format === undefined && typeof raw?.state === 'object';
  } catch {
    return false;
  }
}

export async function oddsCommand(path: string, flags: OddsFlags): Promise<number> {
  if (isPosition(path)) {
    const game = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')).game;
    const { mod, rules, rulesHash } = await loadGame(String(game), flags.rules);
    const pos = await readPosition(path, mod, rules);
    if (flags.at !== undefined) throw new CliError('--at is for records; a position is one decision already');
    const record: GameRecord = {
      format: RECORD_FORMAT,
      game: mod.id,
      rulesHash,
      seed: pos.seed ?? 'position',
      options: pos.options,
      dice: 'seeded',
      start: pos.state,
      choices: [],
    };
    return report(mod, rules, Session.fromRecord(mod, rules, record, { keepLog: false, rulesHash }), record.seed, flags);
  }
  const record = readRecord(path);
  const { mod, rules, rulesHash } = await loadGame(record.game, flags.rules);
  // As replay warns: the odds are those of the data given, which may not be the game's.
  if (rulesHash !== record.rulesHash)
    errOut(otherRulesWarning(path, record, rulesHash, flags.rules, "the odds are those of this data, which may differ from the game's"));
  checkRecordFits(mod, rules, rulesHash, record, path);
  const at = flags.at === undefined ? undefined : atFlag(flags.at, record.choices.length);
  // The odds come from the whole state (the other hand, the deck): not for a game still being played.
  if (mod.sides.length > 1 && !record.result && !flags.all) {
    throw new CliError(
      `${path} is an unfinished game of ${mod.sides.join(' and ')}: its odds depend on hidden information. Give --all to compute them anyway`,
    );
  }
  // A record whose choices do not reach the result it claims (edited, or damaged) is refused, as resume refuses it.
  if (record.result || record.stateHash !== undefined) {
    const whole = at === undefined || at === record.choices.length;
    const s = Session.fromRecord(mod, rules, record, { keepLog: false, rulesHash });
    refuseFalseClaims(record, s, path, 'compute odds');
    if (whole) return report(mod, rules, s, record.seed, flags);
  }
  return report(mod, rules, Session.fromRecord(mod, rules, record, { upTo: at, keepLog: false, rulesHash }), record.seed, flags);
}

/** The odds of the decision pending in a session, printed or as JSON. */
function report(mod: AnyGameModule, rules: unknown, s: Session, seed: string, flags: OddsFlags): number {
  const d = s.decision();
  if (!d) throw new CliError(`at decision ${s.choices.length} the game is over: there is nothing to choose`);
  const unknown = (flags.option ?? []).filter((o) => !d.options.some((x) => x.id === o));
  if (unknown.length) throw new CliError(`no option "${unknown[0]}" here; options: ${d.options.map((o) => o.id).join(' | ')}`);
  const limits = {
    samples: whole(flags.samples, '--samples', 4_000),
    to: toFlag(flags.to),
    ...(flags.rolls !== undefined ? { rolls: whole(flags.rolls, '--rolls', 1) } : {}),
    maxLeaves: whole(flags.maxOutcomes, '--max-outcomes', 20_000),
    exactCost: whole(flags.exactCost, '--exact-cost', 2),
    seed: `${seed}/odds`,
  };
  const ctx = renderContext(useColor(flags.color));
  // In text, each option is printed as soon as its odds are known (a large fight can take minutes);
  // the bar on stderr says which option is being worked out. JSON is printed whole at the end.
  const asked = flags.option?.length ? d.options.filter((o) => flags.option!.includes(o.id)).length : d.options.length;
  const bar = progressBar({
    total: asked,
    format: 'odds [{bar}] {value}/{total} options done{doing}',
    fixed: `odds [] ${asked}/${asked} options done; sampling ${limits.samples}/${limits.samples} games`.length,
    // Without a terminal (a script, CI), a line every few seconds says the command is still at work.
    plainEveryMs: 5_000,
  });
  let done = 0;
  if (!flags.json) out(wrapWords(`${mod.title}, decision ${s.choices.length + 1}: [${d.phase}] ${d.prompt}`, ctx.width ?? 100).join('\n'));
  const progress: OddsProgress = {
    onOption: (o) => {
      done++;
      if (!flags.json) {
        bar.stop();
        out(renderOption(o, ctx));
        endIfOutputClosed();
      }
      bar.update(done, { doing: '' });
    },
    onSample: (_option, i, n) => {
      endIfOutputClosed(() => bar.stop());
      bar.update(done, { doing: `; sampling ${i}/${n} games` });
    },
  };
  let odds: OptionOdds[];
  try {
    odds = optionOdds(mod, rules, s.state, limits, undefined, flags.option?.length ? flags.option : undefined, progress);
  } finally {
    bar.stop();
  }
  if (flags.json) {
    out(
      JSON.stringify({ game: mod.id, at: s.choices.length, decision: { side: d.side, phase: d.phase, prompt: d.prompt }, odds }, null, 2),
    );
  }
  return 0;
}

/** Rows of a table of chances printed as text at most; the less likely ones are summed in the last. */
const MAX_ROWS = 40;

/**
 * A table of chances: the outcome or fact, its percentage, and its exact fraction or sampled interval,
 * within the width (long outcomes wrapped, never cut: outcomes often differ only at their end).
 */
function chanceTable(
  title: string,
  head: string,
  rows: OptionOdds['outcomes'],
  exact: boolean,
  ctx: ReturnType<typeof renderContext>,
): string {
  // Sampling a long stretch of play (the enemy's whole turn) can give thousands of distinct outcomes,
  // each seen once: the likeliest are listed, the rest summed in one row (--json lists them all).
  const shown = rows.length > MAX_ROWS ? rows.slice(0, MAX_ROWS - 1) : rows;
  const rest = rows.slice(shown.length);
  const body = shown.map((x) => [
    x.outcome,
    `${(100 * x.probability).toFixed(2)}%`,
    exact ? (fraction(x.probability) ?? '') : `${(100 * x.interval!.low).toFixed(1)}-${(100 * x.interval!.high).toFixed(1)}%`,
  ]);
  if (rest.length) {
    const p = rest.reduce((a, x) => a + x.probability, 0);
    body.push([`(${rest.length} other ${head}s, none likelier than those above; --json lists them)`, `${(100 * p).toFixed(2)}%`, '']);
  }
  return fitTable([head, 'chance', exact ? 'exactly' : '95% interval'], body, ctx, title || undefined);
}

function renderOption(o: OptionOdds, ctx: ReturnType<typeof renderContext>): string {
  const exact = o.method === 'exact';
  const how = exact ? `exact, ${o.runs} outcome${o.runs === 1 ? '' : 's'} of the dice` : `SAMPLED (${o.note}); 95% intervals`;
  const parts = ['\n' + wrapWords(`${o.option} - ${o.label}  (${how})`, ctx.width ?? 100).join('\n')];
  if (o.beforePhaseEnd) parts.push(wrapWords(phaseStop(o.beforePhaseEnd, exact), ctx.width ?? 100).join('\n'));
  if (o.facts.length) parts.push(chanceTable('What happens to the counters:', 'fact', o.facts, exact, ctx));
  // The lines every outcome starts with are said once, above the table (an Irlande fight's rows each
  // began with the same two sentences).
  const { common, outcomes } = commonStart(o.outcomes);
  const title = o.facts.length ? 'Each outcome, as the game logs it' : '';
  const heading = common ? `${title || 'Each outcome'} (every one begins: ${common}):` : title && `${title}:`;
  parts.push(chanceTable(heading, 'outcome', outcomes, exact, ctx));
  return parts.join('\n');
}

/**
 * --to phase, when outcomes met no phase heading: where they stopped and why. `--to phase` ends an
 * outcome at the next phase heading or at the next decision, whichever comes first (a decision is not
 * taken for the player to go on), so an early stop is said, never silent (a newcomer saw the same
 * table as --to decision without a word).
 */
function phaseStop(stop: NonNullable<OptionOdds['beforePhaseEnd']>, exact: boolean): string {
  const all = exact ? stop.probability > 1 - 1e-9 : stop.probability === 1;
  const share = all ? 'stopped' : `${(100 * stop.probability).toFixed(2)}% of the ${exact ? '' : 'sampled '}outcomes stopped`;
  const decisions = stop.at.filter((at) => at !== 'the end of the game');
  const named = decisions.slice(0, 3);
  if (decisions.length > 3) named.push(`${decisions.length - 3} other decisions`);
  const where = [
    ...(named.length ? [`at the next decision, before the phase ended: ${named.join('; or ')}`] : []),
    ...(decisions.length < stop.at.length ? ['at the end of the game'] : []),
  ].join('; or ');
  return `--to phase: ${share} ${where}${/[.?!]$/.test(where) ? '' : '.'} ${
    all ? 'The odds never decide for you: this is what --to decision shows.' : 'The others end at the next phase heading.'
  }`;
}

/**
 * The log lines (" / " between them) that begin every outcome, when there are two outcomes or more, and the
 * outcomes without them ("(nothing more)" for one that has no other line). Text output only: --json keeps
 * each outcome whole.
 */
export function commonStart(rows: OptionOdds['outcomes']): { common: string; outcomes: OptionOdds['outcomes'] } {
  if (rows.length < 2) return { common: '', outcomes: rows };
  const split = rows.map((r) => r.outcome.split(' / '));
  let n = 0;
  while (split.every((x) => x.length > n && x[n] === split[0][n])) n++;
  if (n === 0) return { common: '', outcomes: rows };
  return {
    common: split[0].slice(0, n).join(' / '),
    outcomes: rows.map((r, i) => ({ ...r, outcome: split[i].slice(n).join(' / ') || '(nothing more)' })),
  };
}
