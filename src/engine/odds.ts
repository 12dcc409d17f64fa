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
}

export interface OddsLimits {
  /** At most this many outcomes are enumerated (default 20,000). */
  maxLeaves?: number;
  /** At most this many milliseconds (default 2,000; measured with performance.now, not a rule input). */
  millis?: number;
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
}

/** A probability, with its 95 % interval when sampled. */
export interface Chance {
  outcome: string;
  probability: number;
  interval?: Interval;
}

class TooBig extends Error {}

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
): Leaf<S> | number {
  const copy = structuredClone(state);
  const log: LogEntry[] = [];
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
    // cut: the outcome ends where the next roll would be needed (OddsLimits.rolls).
    if (e instanceof NeedRoll && !cut) return e.sides;
    if (!(e instanceof PhaseEnd) && !(e instanceof NeedRoll)) throw e;
  }
  return { probability: 0, rolls: dice.history.slice(), log, state: copy };
}

/**
 * Every outcome of applying `choice` to `state`, with its probability. Throws TooBig (internal) past
 * the limits; `enumerateOutcomes` turns that into sampling.
 */
export function enumerateLeaves<S>(
  mod: GameModule<S, unknown, unknown>,
  rules: unknown,
  state: S,
  choice: string,
  limits: OddsLimits = {},
): Leaf<S>[] {
  const maxLeaves = limits.maxLeaves ?? 20_000;
  const deadline = performance.now() + (limits.millis ?? 2_000);
  const leaves: Leaf<S>[] = [];
  const stack: { prefix: number[]; p: number }[] = [{ prefix: [], p: 1 }];
  while (stack.length) {
    const { prefix, p } = stack.pop()!;
    let r = run(mod, rules, state, choice, EngineDice.scripted(prefix), limits.to);
    if (typeof r === 'number' && limits.rolls !== undefined && prefix.length >= limits.rolls) {
      r = run(mod, rules, state, choice, EngineDice.scripted(prefix), limits.to, true) as Leaf<S>;
    }
    if (typeof r === 'number') {
      for (let v = r; v >= 1; v--) stack.push({ prefix: [...prefix, v], p: p / r });
      if (stack.length + leaves.length > maxLeaves * 4 || performance.now() > deadline) throw new TooBig();
      continue;
    }
    r.probability = p;
    leaves.push(r);
    if (leaves.length > maxLeaves || performance.now() > deadline) throw new TooBig();
  }
  return leaves;
}

/**
 * The words of an outcome: what the module logged, die rolls left out (they are the branches); of a
 * log table, its title and its "Result" row (a combat table's verdict).
 */
export function narrative(log: LogEntry[]): string {
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
  return words.join(' / ');
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
  describe: (leaf: Leaf<S>) => string = (l) => narrative(l.log) || '(nothing logged)',
  only?: string[],
  progress: OddsProgress = {},
): OptionOdds[] {
  const d = mod.decision(state, rules);
  if (!d) return [];
  const out: OptionOdds[] = [];
  const facts = (l: Leaf<S>) => mod.outcomeFacts?.(state, l.state, rules) ?? [];
  const asked = d.options.filter((o) => !only || only.includes(o.id));
  for (const o of asked) {
    try {
      const leaves = enumerateLeaves(mod, rules, state, o.id, limits);
      const sums = new Map<string, number>();
      const factSums = new Map<string, number>();
      for (const l of leaves) {
        const k = describe(l);
        sums.set(k, (sums.get(k) ?? 0) + l.probability);
        for (const f of new Set(facts(l))) factSums.set(f, (factSums.get(f) ?? 0) + l.probability);
      }
      out.push({
        option: o.id,
        label: o.label,
        method: 'exact',
        runs: leaves.length,
        outcomes: chances(sums, 1),
        facts: chances(factSums, 1),
      });
    } catch (e) {
      if (!(e instanceof TooBig)) throw e;
      out.push(sampleOption(mod, rules, state, o.id, o.label, limits, describe, facts, progress.onSample));
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

function sampleOption<S>(
  mod: GameModule<S, unknown, unknown>,
  rules: unknown,
  state: S,
  choice: string,
  label: string,
  limits: OddsLimits,
  describe: (leaf: Leaf<S>) => string,
  facts: (leaf: Leaf<S>) => string[],
  onSample?: OddsProgress['onSample'],
): OptionOdds {
  const n = limits.samples ?? 4_000;
  const counts = new Map<string, number>();
  const factCounts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const leaf = run(mod, rules, state, choice, EngineDice.seeded(`${limits.seed ?? 'odds'}/${choice}/${i}`), limits.to) as Leaf<S>;
    leaf.probability = 1 / n;
    const k = describe(leaf);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const f of new Set(facts(leaf))) factCounts.set(f, (factCounts.get(f) ?? 0) + 1);
    onSample?.(choice, i + 1, n);
  }
  return {
    option: choice,
    label,
    method: 'sampled',
    runs: n,
    // Per option: each option's enumeration has its own time budget, then its own samples.
    note: `this option's outcomes did not fit ${plural(limits.maxLeaves ?? 20_000, 'outcome')} or ${limits.millis ?? 2_000} ms of enumeration: sampled ${plural(n, 'run')} instead`,
    outcomes: chances(counts, n),
    facts: chances(factCounts, n),
  };
}
