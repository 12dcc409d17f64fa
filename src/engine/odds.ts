/**
 * Exact odds from the code that plays (architecture.md, "Odds"; after OpenSpiel's explicit chance
 * nodes): a choice is applied with dice that branch on every roll, through the module's own `apply`
 * and the forced decisions after it, up to the next real decision. Every outcome is weighted by the
 * product of 1/sides of its rolls. When the tree is too big for the limits, outcomes are sampled
 * instead, with 95 % Wilson intervals, and labelled as sampled.
 */
import { EngineDice, NeedRoll } from './dice.js';
import { makeEnv } from './env.js';
import { applyForced } from './forced.js';
import type { GameModule, LogEntry } from './module.js';
import { wilson, type Interval } from './stats.js';

/** One way the dice can fall: its probability, the rolls, what was logged and the state after. */
export interface Leaf<S> {
  probability: number;
  rolls: number[];
  log: LogEntry[];
  state: S;
  /**
   * Where in `log` the first shuffle of counters drawn blind came (dice.shuffle(..., 'counters'), logged
   * without its result), if one did: the order of the lines after it may be the shuffle's alone.
   */
  blindAt?: number;
  /**
   * Why the outcome ends: a phase heading (`to: "phase"`), the roll past `rolls`, or the rules stopped
   * by themselves (the next decision, or the end of the game).
   */
  end: 'phase' | 'roll' | 'rules';
}

export interface OddsLimits {
  /** At most this many outcomes are enumerated (default 20,000). */
  maxLeaves?: number;
  /**
   * How much an exact answer may cost, as a multiple of the sampling it would replace (default 2).
   * Both are counted in work, not time: a run of the rules counts its dice drawn and its log entries
   * (plus RUN_WORK), and the sampling's work is estimated from its first PILOT runs (which are kept
   * for it). So whether an option is exact or sampled is the same on every machine, however busy.
   */
  exactCost?: number;
  /** Work an enumeration may always do, before the sampling's work is estimated (default FREE_WORK). */
  freeWork?: number;
  /** Games sampled when the tree is too big (default 4,000). */
  samples?: number;
  /** Seed of the sampling (default "odds"). */
  seed?: string;
  /**
   * How far an outcome reaches: to the next real decision (default), or only to the next phase heading
   * the game logs (a log entry of tone "phase"), for "what happens in this phase".
   */
  to?: 'decision' | 'phase';
  /**
   * Only the first `rolls` dice: an outcome is what happened before the next roll would be needed
   * (e.g. 1: the combat die alone, whatever its result leads to afterwards).
   */
  rolls?: number;
}

/** What one option leads to: each distinct outcome (by `describe`) with its probability. */
export interface OptionOdds {
  option: string;
  label: string;
  /** "exact": every outcome enumerated; "sampled": estimated from `samples` random runs. */
  method: 'exact' | 'sampled';
  /** Outcomes enumerated (exact) or runs sampled. */
  runs: number;
  /** Each distinct outcome, most likely first; `interval` only when sampled. */
  outcomes: Chance[];
  /** The chance of each fact the module names (outcomeFacts), when it names any. */
  facts: Chance[];
  /** Why the exact count gave way to sampling. */
  note?: string;
  /**
   * With `to: "phase"`: the outcomes that ended before any phase heading, at the next decision (or the
   * end of the game), and where they stopped ("Irish, [War of Independence: Irish move/recruit phase]
   * Turn 1: action 2 of 2 - recruit or move."): a phase is not gone through past a decision.
   */
  beforePhaseEnd?: { probability: number; at: string[] };
}

/** A probability, with its 95 % interval when sampled. */
export interface Chance {
  outcome: string;
  probability: number;
  interval?: Interval;
}

/** The enumeration passed a limit: `why` says which (for the sampled option's note). */
class TooBig extends Error {
  constructor(readonly why: 'outcomes' | 'work') {
    super(why);
  }
}

/** Work done by runs of the rules (OddsLimits.exactCost). */
interface Work {
  done: number;
}
/** The work of a run besides its dice and log entries (copying the state, setting up). */
const RUN_WORK = 5;
/** Sampled runs that estimate the sampling's work, reused as its first samples. */
const PILOT = 40;
/** Work an enumeration may always do, before the sampling's work is estimated (small trees pay nothing for it). */
const FREE_WORK = 2_000;

/** "1 outcome", "20000 outcomes". */
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** The next phase began (limits.to = "phase"): the outcome ends here. */
class PhaseEnd extends Error {}

/**
 * Applies `choice` to a copy of `state` with the rolls `prefix` given and nothing more; returns the
 * leaf, or the number of sides of the first roll not given.
 */
function run<S>(
  mod: GameModule<S, unknown, unknown>,
  rules: unknown,
  state: S,
  choice: string,
  dice: EngineDice,
  to: OddsLimits['to'],
  cut = false,
  work?: Work,
): Leaf<S> | number {
  const copy = structuredClone(state);
  const log: LogEntry[] = [];
  let blindAt: number | undefined;
  dice.onShuffle = (_reason, _items, _draws, what) => {
    if (what === 'counters' && blindAt === undefined) blindAt = log.length;
  };
  const env = makeEnv(
    dice,
    (e) => {
      if (to === 'phase' && e.kind === 'text' && e.tone === 'phase' && log.length > 0) throw new PhaseEnd();
      log.push(e);
    },
    true,
    rules,
  );
  try {
    applyForced(mod, copy, env, undefined, mod.apply(copy, choice, env));
  } catch (e) {
    if (work) work.done += RUN_WORK + dice.count + log.length;
    // cut: the outcome ends where the next roll would be needed (OddsLimits.rolls).
    if (e instanceof NeedRoll && !cut) return e.sides;
    if (!(e instanceof PhaseEnd) && !(e instanceof NeedRoll)) throw e;
    return { probability: 0, rolls: dice.history.slice(), log, state: copy, blindAt, end: e instanceof PhaseEnd ? 'phase' : 'roll' };
  }
  if (work) work.done += RUN_WORK + dice.count + log.length;
  return { probability: 0, rolls: dice.history.slice(), log, state: copy, blindAt, end: 'rules' };
}

/**
 * Every outcome of applying `choice` to `state`, with its probability. Throws TooBig (internal) past
 * the limits; `optionOdds` turns that into sampling.
 */
export function enumerateLeaves<S>(
  mod: GameModule<S, unknown, unknown>,
  rules: unknown,
  state: S,
  choice: string,
  limits: OddsLimits = {},
): Leaf<S>[] {
  const leaves: Leaf<S>[] = [];
  forEachLeaf(mod, rules, state, choice, limits, (l) => void leaves.push(l));
  return leaves;
}

/** The default of OddsLimits.samples. */
const SAMPLES = 4_000;

/**
 * Hands `visit` every outcome of applying `choice` to `state` as it is found (none is kept, so memory
 * stays flat however many there are). Throws TooBig (internal) past `maxLeaves` outcomes, or as soon
 * as `over(work)` says the work done is too much.
 */
function forEachLeaf<S>(
  mod: GameModule<S, unknown, unknown>,
  rules: unknown,
  state: S,
  choice: string,
  limits: OddsLimits,
  visit: (leaf: Leaf<S>) => void,
  over: (work: number) => boolean = () => false,
): void {
  const maxLeaves = limits.maxLeaves ?? 20_000;
  const work: Work = { done: 0 };
  let leaves = 0;
  // Depth first, one branch at a time: `path` holds the rolls of the branch being run, `frames` each
  // roll's number of sides and the probability of reaching it (memory grows with the depth only).
  const path: number[] = [];
  const frames: { sides: number; p: number }[] = [];
  let p = 1;
  // Faces not yet tried: each leads to one outcome at least, so once the outcomes found and these
  // pass maxLeaves, the option has too many whatever comes next.
  let pending = 0;
  for (;;) {
    let r = run(mod, rules, state, choice, EngineDice.scripted(path), limits.to, false, work);
    if (typeof r === 'number' && limits.rolls !== undefined && path.length >= limits.rolls) {
      r = run(mod, rules, state, choice, EngineDice.scripted(path), limits.to, true, work) as Leaf<S>;
    }
    if (over(work.done)) throw new TooBig('work');
    if (typeof r === 'number') {
      // A roll not given: its first face, then (as the branches end) the others.
      frames.push({ sides: r, p });
      path.push(1);
      p /= r;
      pending += r - 1;
      if (leaves + pending > maxLeaves) throw new TooBig('outcomes');
      continue;
    }
    r.probability = p;
    if (++leaves > maxLeaves) throw new TooBig('outcomes');
    visit(r);
    // The next face of the deepest roll with faces left.
    while (frames.length && path[path.length - 1] === frames[frames.length - 1].sides) {
      frames.pop();
      path.pop();
    }
    if (!frames.length) return;
    path[path.length - 1]++;
    pending--;
    const f = frames[frames.length - 1];
    p = f.p / f.sides;
  }
}

/**
 * The words of an outcome: what the module logged, die rolls left out (they are the branches); of a
 * log table, its title and its "Result" row (a combat table's verdict).
 */
export function narrative(log: LogEntry[]): string {
  return narrativeParts(log).join(' / ');
}

/** The parts of `narrative`, one for each log entry it keeps. */
function narrativeParts(log: LogEntry[]): string[] {
  const words: string[] = [];
  for (const e of log) {
    if (e.kind === 'text' && e.tone !== 'roll') words.push(e.text);
    if (e.kind === 'table') {
      const result = e.rows.find((r) => r[0]?.trim() === 'Result');
      if (result)
        words.push(
          `${e.title}: ${result
            .slice(1)
            .filter((c) => c.trim())
            .join(' ')}`,
        );
    }
  }
  return words;
}

/** The default description of an outcome: the module's own log of it, without rolls. */
const logged = <S>(l: Leaf<S>) => narrative(l.log) || '(nothing logged)';

/**
 * What outcomes are told apart by: their description (`described`), except that after counters drawn
 * blind (Irlande 1798's hidden stack: the order of its units' morale dice), the order of the lines
 * logged can be the shuffle's alone ("a unit of the stack holds / a unit routs" or "a unit routs / a
 * unit holds": one result), so when the description is the log's, the lines from that shuffle on count
 * as a set. A row shows the description of the first of its outcomes found.
 */
function outcomeKey<S>(leaf: Leaf<S>, described: string, byLog: boolean): string {
  if (leaf.blindAt === undefined || !byLog) return described;
  const after = narrativeParts(leaf.log.slice(leaf.blindAt)).sort();
  return JSON.stringify([narrativeParts(leaf.log.slice(0, leaf.blindAt)), after]);
}

/**
 * Weights (or counts) of outcomes summed by outcomeKey; outcomes described alike are one row too (a
 * row is never printed twice). A row is shown by the first in code-unit order of its outcomes'
 * descriptions, so exact and sampled odds word it alike whichever outcome was found first.
 */
class Tally<S> {
  private readonly byKey = new Map<string, { outcome: string; w: number }>();
  private readonly byText = new Map<string, { outcome: string; w: number }>();
  constructor(private readonly byLog: boolean) {}
  add(leaf: Leaf<S>, described: string, w: number): void {
    const k = outcomeKey(leaf, described, this.byLog);
    let row = this.byKey.get(k) ?? this.byText.get(described);
    if (!row) row = { outcome: described, w: 0 };
    this.byKey.set(k, row);
    this.byText.set(described, row);
    if (described < row.outcome) row.outcome = described;
    row.w += w;
  }
  /** Each row's description and summed weight. */
  rows(): Map<string, number> {
    return new Map([...new Set(this.byText.values())].map((r) => [r.outcome, r.w]));
  }
}

/** Progress of `optionOdds`, for a command that shows it (each option's odds as soon as known). */
export interface OddsProgress {
  /** An option's odds are known: `index` of `count` options asked for (0-based). */
  onOption?(odds: OptionOdds, index: number, count: number): void;
  /** A sampled option has run `done` of its `samples` games (after each one). */
  onSample?(option: string, done: number, samples: number): void;
}

/**
 * The odds of each option of the decision pending in `state`: exact where the tree fits the limits,
 * sampled otherwise. `describe` names an outcome (default: the module's own log of it, without rolls).
 * `only` keeps the options with those ids; `progress` hears of each option as it is done.
 */
export function optionOdds<S>(
  mod: GameModule<S, unknown, unknown>,
  rules: unknown,
  state: S,
  limits: OddsLimits = {},
  describe: (leaf: Leaf<S>) => string = logged,
  only?: string[],
  progress: OddsProgress = {},
): OptionOdds[] {
  const d = mod.decision(state, rules);
  if (!d) return [];
  const out: OptionOdds[] = [];
  const facts = (l: Leaf<S>) => mod.outcomeFacts?.(state, l.state, rules) ?? [];
  const asked = d.options.filter((o) => !only || only.includes(o.id));
  for (const o of asked) {
    const sampler = new Sampler(mod, rules, state, o.id, limits);
    const exactCost = limits.exactCost ?? 2;
    // --to phase: where the outcomes that met no phase heading stopped (weights by place).
    const stops = new Map<string, number>();
    const stopped = (l: Leaf<S>, w: number) => {
      if (limits.to !== 'phase' || l.end !== 'rules') return;
      const next = mod.decision(l.state, rules);
      const at = next ? `${next.side}, [${next.phase}] ${next.prompt}` : 'the end of the game';
      stops.set(at, (stops.get(at) ?? 0) + w);
    };
    const beforePhaseEnd = (n: number): Pick<OptionOdds, 'beforePhaseEnd'> =>
      stops.size ? { beforePhaseEnd: { probability: [...stops.values()].reduce((a, w) => a + w, 0) / n, at: [...stops.keys()] } } : {};
    try {
      // Each outcome is summed as it is found (its state and log are not kept).
      const sums = new Tally<S>(describe === logged);
      const factSums = new Map<string, number>();
      let leaves = 0;
      const visit = (l: Leaf<S>) => {
        leaves++;
        sums.add(l, describe(l), l.probability);
        for (const f of new Set(facts(l))) factSums.set(f, (factSums.get(f) ?? 0) + l.probability);
        stopped(l, l.probability);
      };
      forEachLeaf(
        mod,
        rules,
        state,
        o.id,
        limits,
        visit,
        (w) => w > (limits.freeWork ?? FREE_WORK) && w > exactCost * sampler.estimatedWork(),
      );
      out.push({
        option: o.id,
        label: o.label,
        method: 'exact',
        runs: leaves,
        outcomes: chances(sums.rows(), 1),
        facts: chances(factSums, 1),
        ...beforePhaseEnd(1),
      });
    } catch (e) {
      if (!(e instanceof TooBig)) throw e;
      // The enumeration's stops so far are dropped: the samples count their own.
      stops.clear();
      const sampled = sampler.sample(o.label, e.why, describe, facts, progress.onSample, (l) => stopped(l, 1));
      out.push({ ...sampled, ...beforePhaseEnd(sampled.runs) });
    }
    progress.onOption?.(out[out.length - 1], out.length - 1, asked.length);
  }
  return out;
}

/** Chances from summed weights (exact: `n` = 1) or counts of `n` samples (with Wilson intervals), likeliest first. */
function chances(sums: Map<string, number>, n: number): Chance[] {
  return [...sums]
    .map(([outcome, w]) => (n === 1 ? { outcome, probability: w } : { outcome, probability: w / n, interval: wilson(w, n) }))
    .sort((a, b) => b.probability - a.probability || a.outcome.localeCompare(b.outcome));
}

/**
 * The sampling of one option: `samples` runs with seeded dice (seed/choice/i). Its first PILOT runs
 * are made on demand to estimate the work of the whole sampling, and kept as its first samples.
 */
class Sampler<S> {
  private readonly pilot: Leaf<S>[] = [];
  private pilotWork = 0;
  private readonly n: number;

  constructor(
    private readonly mod: GameModule<S, unknown, unknown>,
    private readonly rules: unknown,
    private readonly state: S,
    private readonly choice: string,
    private readonly limits: OddsLimits,
  ) {
    this.n = limits.samples ?? SAMPLES;
  }

  private runOne(i: number, work?: Work): Leaf<S> {
    const dice = EngineDice.seeded(`${this.limits.seed ?? 'odds'}/${this.choice}/${i}`);
    return run(this.mod, this.rules, this.state, this.choice, dice, this.limits.to, false, work) as Leaf<S>;
  }

  /** The work of the whole sampling, estimated from its first runs (made now if not yet). */
  estimatedWork(): number {
    if (!this.pilot.length) {
      const work: Work = { done: 0 };
      const k = Math.min(PILOT, this.n);
      for (let i = 0; i < k; i++) this.pilot.push(this.runOne(i, work));
      this.pilotWork = work.done;
    }
    return (this.pilotWork * this.n) / this.pilot.length;
  }

  /** The option's odds from `samples` runs (the pilot's among them), with 95 % intervals. */
  sample(
    label: string,
    why: TooBig['why'],
    describe: (leaf: Leaf<S>) => string,
    facts: (leaf: Leaf<S>) => string[],
    onSample?: OddsProgress['onSample'],
    visit?: (leaf: Leaf<S>) => void,
  ): OptionOdds {
    const n = this.n;
    const counts = new Tally<S>(describe === logged);
    const factCounts = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const leaf = i < this.pilot.length ? this.pilot[i] : this.runOne(i);
      leaf.probability = 1 / n;
      counts.add(leaf, describe(leaf), 1);
      for (const f of new Set(facts(leaf))) factCounts.set(f, (factCounts.get(f) ?? 0) + 1);
      visit?.(leaf);
      onSample?.(this.choice, i + 1, n);
    }
    this.pilot.length = 0;
    const cost = this.limits.exactCost ?? 2;
    return {
      option: this.choice,
      label,
      method: 'sampled',
      runs: n,
      // Per option: each option's enumeration has its own budget, then its own samples.
      note:
        why === 'outcomes'
          ? `this option has more than ${plural(this.limits.maxLeaves ?? 20_000, 'outcome')} of the dice: sampled ${plural(n, 'run')} instead`
          : `enumerating this option's outcomes would cost more than ${cost} times the work of sampling them: sampled ${plural(n, 'run')} instead`,
      // Counts summed over the outcomes of a row, its interval from the sum.
      outcomes: chances(counts.rows(), n),
      facts: chances(factCounts, n),
    };
  }
}
