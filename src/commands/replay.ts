/**
 * `muster replay <record> [--step] [--at N] [--json]`: re-runs a record, verifies that it reproduces
 * the recorded result and final state, steps through it, or shows the state at step N.
 */
import { IllegalChoice, type TurnMark } from '../engine/module.js';
import { locateTurn, parseTurnCommand, turnMarkOf } from '../engine/turns.js';
import { readRecord, RecordError } from '../engine/record.js';
import { checkRecordFits, otherRulesWarning } from './record-fit.js';
import { illegalInRecord, Session } from '../engine/runner.js';
import { verifyRecord, type Verification } from '../engine/verify.js';
import { painter } from '../ui/colour.js';
import { visibleWidth } from '../ui/terminal.js';
import { dropEnter, putBack, withKeyboard } from '../ui/keyboard.js';
import { lineInput, pressKey, printable } from '../ui/prompts.js';
import { isPromptExit } from '../ui/screen.js';
import { atFlag } from './number-flag.js';
import { CliError, errOut, loadGame, out, renderContext, renderLogged, say, useColor } from './common.js';
import { stdinLines } from '../engine/stdin-lines.js';
import { decisions, describeDecision } from './game-loop.js';
import { clip, quote } from '../engine/quote.js';

export interface ReplayFlags {
  step?: boolean;
  side?: string;
  all?: boolean;
  at?: string;
  json?: boolean;
  color?: boolean;
  rules?: string;
}

export async function replayCommand(path: string, flags: ReplayFlags): Promise<number> {
  const record = readRecord(path);
  const { mod, rules, rulesHash } = await loadGame(record.game, flags.rules);
  const rulesNote =
    rulesHash === record.rulesHash
      ? ''
      : flags.rules === undefined
        ? 'the rules data differs from the recorded one'
        : `the rules file ${clip(flags.rules)} differs from the recorded data`;
  // First, before anything that replays the record can fail (a choice the other data does not offer),
  // and on stderr, so it is seen whatever the replay prints (and a script sees it apart from the replay).
  if (rulesNote) errOut(otherRulesWarning(path, record, rulesHash, flags.rules, 'the replay may differ from the game'));
  // Every field is checked on reading, as resume checks it (a newcomer's record named a side the game lacks).
  checkRecordFits(mod, rules, rulesHash, record, path);
  const ctx = renderContext(useColor(flags.color) && !flags.json);
  const p = painter(ctx);
  // Whether the game is over: never taken from the record's claim (an edited "result" must not open
  // the hidden information of an unfinished game), but from a replay.
  function finishedGame(): boolean {
    return Boolean(record.result) && Session.fromRecord(mod, rules, record, { keepLog: false, rulesHash }).decision() === null;
  }
  if (flags.step && flags.json)
    throw new CliError('--step and --json do not go together: --json prints one object (use --at N for a step)');
  // Hidden information: an unfinished game of several sides is shown as one side sees it,
  // unless --all is given (so an autosave cannot be used to peek at the other hand).
  let viewSide = 'all';
  if (flags.side !== undefined) {
    const side = mod.sides.find((x) => x.toLowerCase() === flags.side!.toLowerCase());
    if (!side) throw new CliError(`${mod.id} has no side ${quote(flags.side)}; sides: ${mod.sides.join(', ')}`);
    viewSide = side;
  } else if (!flags.all && mod.sides.length > 1 && !finishedGame()) {
    const shows = flags.at !== undefined || flags.json || flags.step;
    if (shows) {
      throw new CliError(
        `${path} is an unfinished game of ${mod.sides.join(' and ')}: showing its state would reveal hidden information. ` +
          'Give --side SIDE to see it as one player does, or --all to see everything',
      );
    }
    viewSide = '';
  }
  if (flags.all && flags.side !== undefined) throw new CliError("--side and --all do not go together: one side's view, or everything");

  /**
   * Who decides each decision of the record (`sides[k]`: decision k + 1), from one replay; it stops at
   * a choice the record gets wrong (the replay that reaches it reports it, to whoever may see it).
   */
  const decidersOf = (): string[] => {
    const t = Session.fromRecord(mod, rules, record, { upTo: 0, keepLog: false, rulesHash, viewer: viewSide });
    const sides: string[] = [];
    for (const c of record.choices) {
      sides.push(t.decision()?.side ?? '');
      try {
        t.choose(c);
      } catch (e) {
        if (e instanceof IllegalChoice) break;
        throw e;
      }
    }
    return sides;
  };
  // One side's view of an unfinished game: what it is shown counts its own decisions only (how many
  // the others made can tell how many cards they laid face down: rules/english-civil-war.md, 7 and 9).
  // `own`: the record's indexes of that side's decisions.
  const own = viewSide !== 'all' && viewSide !== '' && !finishedGame() ? ownSteps(decidersOf(), viewSide) : null;
  /** "3 decisions", or one side's "3 of Parliament's decisions". */
  const made = (n: number) => (own ? `${n} of ${viewSide}'s decisions` : decisions(n));
  // --at N: after the first N decisions of the record, or of the side seen (right after its N-th).
  let at: number | undefined;
  let atGiven: number | undefined;
  if (flags.at !== undefined) {
    const most = own ? own.length : record.choices.length;
    atGiven = atFlag(flags.at, most, (typed) =>
      own
        ? `--at ${typed}: ${viewSide} has made only ${decisions(most)} in this record`
        : `--at ${typed}: the record has only ${decisions(most)}`,
    );
    at = own ? (atGiven === 0 ? 0 : own[atGiven - 1] + 1) : atGiven;
  }

  /** Whether the replay may show a decision of `side` (its prompt, options and choice). */
  const sees = (side: string) => viewSide === 'all' || viewSide === side;
  /** Compares the replay with what the record claims; a difference is said on stderr, each part named. */
  const verify = (s: Session): Verification => {
    const v = verifyRecord(record, { decision: s.decision(), result: s.result(), state: s.state, decisions: s.choices.length });
    if (!v.ok) {
      errOut(`muster: ${clip(path)} does not replay to its record${rulesNote ? ` (${rulesNote})` : ''}:`);
      for (const d of v.differences) errOut(`  ${d}`);
    }
    return v;
  };

  if (flags.json) {
    const s = Session.fromRecord(mod, rules, record, { upTo: at, keepLog: false, rulesHash, viewer: viewSide });
    const d = s.decision();
    const res = d ? null : s.result();
    // The whole record is verified (not a position given with --at).
    const v = at === undefined ? verify(s) : undefined;
    const verified = v && v.claimed ? v.ok : null;
    const state = viewSide === 'all' ? s.state : s.view(viewSide);
    // One side's JSON of an unfinished game: not the seed (it rebuilds the hidden hands and deck).
    const seed = viewSide === 'all' || record.result ? { seed: record.seed } : {};
    out(
      JSON.stringify(
        {
          game: record.game,
          ...seed,
          options: record.options,
          // Seen as one side, an unfinished game's number of decisions is not told (it counts the
          // other sides' too: how many cards they laid face down).
          ...(own ? {} : { choices: s.choices.length }),
          result: res,
          pending: d && sees(d.side) ? d : d ? { side: d.side, phase: d.phase } : null,
          verified,
          ...(v && !v.ok ? { differences: v.differences } : {}),
          ...(rulesNote ? { warning: rulesNote } : {}),
          ...(viewSide === 'all' ? { state } : { side: viewSide, view: state }),
        },
        null,
        2,
      ),
    );
    return verified === false ? 1 : 0;
  }

  const onLog = at === undefined ? (l: Parameters<typeof renderLogged>[0]) => out(renderLogged(l, ctx)) : undefined;
  if (flags.step) return step();
  const s = Session.fromRecord(mod, rules, record, { upTo: at, onLog, rulesHash, viewer: viewSide });
  if (at !== undefined) {
    out(s.render(viewSide, ctx));
    const d = s.decision();
    // After N decisions the one pending is decision N + 1 (as --step and odds number it).
    const n = atGiven ?? at;
    if (d && !sees(d.side)) say(`After ${made(n)}: next, ${d.side} decides (${d.phase}).`);
    else if (d) out(`After ${made(n)}, ${own ? `${viewSide}'s ` : ''}decision ${n + 1}:\n${describeDecision(d)}`);
    else say(`After ${made(n)} the game is over: ${s.result().summary}`);
    return 0;
  }
  return finish(s);

  /**
   * `--step`: decision by decision, each shown as `--at` shows it (the legal options and the choice,
   * for the decisions the viewer may see), from decision `--at N` (default 0). Commands: Enter goes
   * on, b steps back, g N goes to decision N, t N to the first decision of turn N as the game numbers it (t cw 3 picks a part, as Irish Freedom's Civil War), m shows the board,
   * q quits. They are typed at a terminal (q, m and b on their key alone; g N and t N as a line, with
   * Enter), or read from standard input, a line each (a pipe, a file);
   * at the end of the input the replay runs to the end. At a terminal what a step prints is paged.
   *
   * An unfinished game seen as one side (`--side`): the steps are that side's own decisions only,
   * numbered among them (g N: its N-th; t N: the side's pending decision, the end of the record, when it
   * is its only one from turn N on); the other sides' decisions between them are run through, their
   * log lines shown as the side sees them. How many decisions the others made is not told: it can
   * tell how many cards they laid face down (rules/english-civil-war.md, 7 and 9).
   */
  async function step(): Promise<number> {
    const n = record.choices.length;
    const replayTo = (k: number) => {
      try {
        return Session.fromRecord(mod, rules, record, { upTo: k, rulesHash, viewer: viewSide });
      } catch (e) {
        throw e instanceof RecordError
          ? e
          : new RecordError(`choice ${k} ${quote(record.choices[k - 1] ?? '')} cannot be replayed: ${clip((e as Error).message)}`);
      }
    };
    const tty = Boolean(process.stdin.isTTY && process.stdout.isTTY);
    // At a terminal the commands and the pager's keys are read from the shared keyboard queue
    // (ui/keyboard.ts): keys typed while a page is open wait for the prompt after it. (A readline of
    // its own read the pager's answer as a line: q then `g 999` Enter was one line, "qg 999", lost.)
    /** A key or a line read at the terminal: Ctrl-C there stops stepping (exit 130). */
    const asked = async <T>(f: (input: NodeJS.ReadableStream | undefined) => Promise<T>): Promise<T> => {
      try {
        return await withKeyboard(f);
      } catch (e) {
        if (isPromptExit(e)) throw new StepStopped();
        throw e;
      }
    };
    // Standard input a terminal but standard output not (`--step > out.txt`): nobody sees a prompt, so the replay runs to the end.
    const script = tty || process.stdin.isTTY ? undefined : stdinLines();
    const question = '[Enter] next, b back, g N decision N, t N turn N, m map, q quit: ';
    /** The next command: typed, or the next line of standard input; null when there are no more (run to the end). */
    const command = async (): Promise<string | null> => {
      if (tty) {
        // q, m and b act on their key alone, as the pages' keys do (a newcomer typed q and waited);
        // g N and t N are lines. An Enter typed with a lone key, out of habit, is its end, not "next".
        const line = await asked((input) => lineInput({ message: p('dim', question), keys: SINGLE_KEYS }, { input }));
        if (SINGLE_KEYS.includes(line)) dropEnter();
        return line.trim();
      }
      if (!script) return null;
      const line = await script.next();
      if (line === null) return null;
      out(`${question}${line.trim()}`);
      return line.trim();
    };
    /**
     * Prints lines; at a terminal a screenful at a time (Enter or Space for more, q skips the rest; another
     * key skips the rest and starts the next command: `t cw 1` typed at a page reaches the prompt).
     */
    const show = async (lines: string[]) => {
      const rows = (process.stdout.rows || 24) - 2;
      // A line wider than the terminal takes more than one of its rows (a newcomer's first screen ran off the top).
      const cols = process.stdout.columns || 80;
      const height = (l: string) => Math.max(1, Math.ceil(visibleWidth(l) / cols));
      if (!tty || lines.reduce((t, l) => t + height(l), 0) <= rows) {
        if (lines.length) out(lines.join('\n'));
        return;
      }
      for (let k = 0; k < lines.length;) {
        let end = k;
        for (let used = 0; end < lines.length && (end === k || used + height(lines[end]) <= rows); end++) used += height(lines[end]);
        out(lines.slice(k, end).join('\n'));
        if (end >= lines.length) break;
        const message = `- ${end} of ${lines.length} lines: Enter for more, q skips the rest -`;
        const key = await asked((input) => pressKey({ message: p('dim', message), width: cols - 1 }, { input }));
        if (key === 'q') break;
        if (printable(key)) {
          // Back in front of the keys typed after it, for the next command: handed to it as text
          // typed already, it came after them ("g 30" typed at a page read " g30", then "g30").
          putBack(key);
          break;
        }
        k = end;
      }
    };
    const logLines = (from: Session, k = 0) => from.log.slice(k).flatMap((l) => renderLogged(l, ctx).split('\n'));
    const board = () => s.render(viewSide || 'all', ctx).split('\n');
    /**
     * The turn at each decision, as the game shows it (for t N): one replay from the start. An
     * unfinished game's pending decision (index n, not made in the record) has its mark too, and
     * `pending` says who decides it: t N may go there (a side whose only decision left is the pending one).
     */
    const turnMarks = () => {
      const t = replayTo(0);
      const marks: (TurnMark | undefined)[] = [];
      for (let k = 0; k < n; k++) {
        marks.push(turnMarkOf(mod, t.state, rules));
        try {
          t.choose(record.choices[k]);
        } catch (e) {
          // A choice the record gets wrong: the marks stop there, and the step that reaches it reports it.
          if (e instanceof IllegalChoice) return { marks };
          throw e;
        }
      }
      const d = t.decision();
      if (d) marks.push(turnMarkOf(mod, t.state, rules));
      return { marks, pending: d?.side };
    };
    let marks: { marks: (TurnMark | undefined)[]; pending?: string } | undefined;
    const count = own ? own.length : n;
    /** The step number of record index k (1-based), or 0 for a decision that is not a step. */
    const stepOf = (k: number) => (own ? own.indexOf(k) + 1 : k + 1);
    const indexOfStep = (m: number) => (own ? own[m - 1] : m - 1);
    const decisionLines = () => {
      const d = s.decision();
      if (!d) return [];
      if (own)
        return [
          p('bold', `\n- ${viewSide}'s decision ${stepOf(i)}/${count}`),
          ...describeDecision(d).split('\n'),
          p('bold', `> ${clip(record.choices[i], 120)}`),
        ];
      if (!sees(d.side)) return [p('bold', `\n- decision ${i + 1}/${n}: ${d.side} decides [${d.phase}]`)];
      return [p('bold', `\n- decision ${i + 1}/${n}`), ...describeDecision(d).split('\n'), p('bold', `> ${clip(record.choices[i], 120)}`)];
    };
    const where = () =>
      own
        ? stepOf(i)
          ? `Still at ${viewSide}'s decision ${stepOf(i)} of ${count}.`
          : 'Still here.'
        : `Still at decision ${i + 1} of ${n}.`;
    const start = at ?? 0;
    let s = replayTo(start);
    let i = start;
    /** Applies the record's choice at i and goes on; returns the log lines it made. */
    const next = (): string[] => {
      const before = s.log.length;
      try {
        s.choose(record.choices[i]);
      } catch (e) {
        if (!(e instanceof IllegalChoice)) throw e;
        const d = s.decision();
        throw new RecordError(illegalInRecord(i, record.choices[i], d, d?.options.map((o) => o.id) ?? [], viewSide));
      }
      i++;
      return logLines(s, before);
    };
    /** One side's steps: the other sides' decisions up to the side's next one run through (their log lines). */
    const toOwn = (): string[] => {
      const lines: string[] = [];
      if (own) while (i < n && !stepOf(i)) lines.push(...next());
      return lines;
    };
    try {
      // What a step shows, paged as one text with the decision it reaches: q at its page reaches the
      // prompt (a newcomer's q at the opening page got the first decision's page, a second q to go).
      let lines =
        start === 0
          ? [...logLines(s), ...toOwn()]
          : // From --at N: where the game stands there (its log up to it: replay --at N shows the board alone).
            [...board(), `After ${own ? made(atGiven ?? 0) : `${decisions(start)} of ${n}`}: stepping from here.`, ...toOwn()];
      // The decision is shown when the replay moved to another one (not again after m or a message).
      let shown: [Session, number] | undefined;
      let running = false;
      while (i < n) {
        if (!shown || shown[0] !== s || shown[1] !== i) {
          lines.push(...decisionLines());
          shown = [s, i];
        }
        await show(lines);
        lines = [];
        let a = 'n';
        if (!running) {
          try {
            const c = await command();
            if (c === null) running = true;
            else a = c;
          } catch {
            return 130; // Ctrl-C: stop stepping, nothing to save
          }
        }
        const num = Number(a.split(/\s+/)[1]);
        if (a === 'q') return 0;
        if (a === 'm') {
          await show(board());
          continue;
        }
        if (a === 'b') {
          const back = own ? own.filter((k) => k < i).pop() : i - 1;
          if (back === undefined || back < 0) say(`At the first decision${own ? ` of ${viewSide}'s` : ''} already.`);
          else s = replayTo((i = back));
          continue;
        }
        if (/^g\s+\d+$/.test(a)) {
          if (num < 1 || num > count) say(`There are ${own ? `${viewSide}'s ` : ''}decisions 1 to ${count}. ${where()}`);
          else s = replayTo((i = indexOfStep(num)));
          continue;
        }
        const turnQuery = parseTurnCommand(a);
        if (turnQuery) {
          // The first decision of turn N as the game numbers it (src/engine/turns.ts); one side's first from there.
          // The pending decision (index n) when it is the side's and no decision made is (a newcomer's
          // "t 2" said the side had no decision from there on, its turn-2 decision not yet made).
          marks ??= turnMarks();
          const found = locateTurn(marks.marks, turnQuery);
          const mine = (x: number) => x >= (found as { index: number }).index;
          const k = 'error' in found ? -1 : own ? (own.find(mine) ?? (marks.pending === viewSide && mine(n) ? n : -1)) : found.index;
          if ('error' in found) say(`${found.error} ${where()}`);
          else if (k < 0) say(`${viewSide} has no decision from there on. ${where()}`);
          else {
            if (found.note) say(found.note);
            if (k === n) say(`${own ? `${viewSide}'s` : 'The'} next decision is the pending one, not yet made: the end of the record.`);
            s = replayTo((i = k));
          }
          continue;
        }
        if (a !== '' && a !== 'n') {
          say('Type Enter (next), b, g N, t N (t PART N in a game of parts: t cw 3), m or q.');
          continue;
        }
        lines = [...next(), ...toOwn()];
      }
      await show(lines);
      return finish(s);
    } catch (e) {
      if (e instanceof StepStopped) return 130; // Ctrl-C at a page: stop stepping, nothing to save
      throw e;
    } finally {
      script?.close();
    }
  }

  /** The end of a replay (text and --step): the final screen, then the verification. Exit 1 on a mismatch. */
  function finish(s: Session): number {
    const d = s.decision();
    // A finished game shows everything; an unfinished one of several sides only with --side/--all.
    if (!d || viewSide) out('\n' + s.render(d ? viewSide : 'all', ctx));
    if (d) {
      // Seen as one side (or as nobody), the number of decisions is not told: it counts the other
      // sides' too (how many cards they laid face down).
      const after = viewSide === 'all' ? ` after ${decisions(s.choices.length)}` : '';
      if (viewSide === '' || (viewSide !== 'all' && d.side !== viewSide))
        say(`The record is unfinished${after}: next, ${d.side} decides (${d.phase}).`);
      else out(`The record is unfinished${after}.\n${describeDecision(d)}`);
    } else {
      say(p('bold', `Result: ${s.result().summary}`));
    }
    const v = verify(s);
    if (!v.claimed) {
      if (!d) out('The record carries no result to verify against.');
      return 0;
    }
    if (v.ok) {
      say(
        p(
          'good',
          `Verified: the replay reproduces the recorded result and final state (${record.stateHash?.slice(0, 19)}...)` +
            (rulesNote ? `, with rules data other than the recorded (see the warning).` : '.'),
        ),
      );
      return 0;
    }
    say(p('bad', `MISMATCH: the replay does not reproduce the record: ${v.differences.join('; ')}`));
    return 1;
  }
}

/** The record's indexes of `side`'s decisions (`sides[k]`: who decides decision k + 1). */
export function ownSteps(sides: readonly string[], side: string): number[] {
  const out: number[] = [];
  sides.forEach((x, k) => {
    if (x === side) out.push(k);
  });
  return out;
}

/** replay --step's commands that a key alone gives at a terminal (typed first): quit, map, back. */
const SINGLE_KEYS = ['q', 'm', 'b'];

/** Ctrl-C at replay --step's pager or prompt: stepping stops (exit 130). */
class StepStopped extends Error {}
