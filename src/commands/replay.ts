/**
 * `muster replay <record> [--step] [--at N] [--json]`: re-runs a record, verifies that it reproduces
 * the recorded result and final state, steps through it, or shows the state at step N.
 */
import { createInterface } from 'node:readline/promises';
import { IllegalChoice } from '../engine/module.js';
import { readRecord, RecordError } from '../engine/record.js';
import { Session } from '../engine/runner.js';
import { verifyRecord, type Verification } from '../engine/verify.js';
import { painter } from '../ui/colour.js';
import { CliError, errOut, loadGame, out, renderContext, renderLogged, useColor } from './common.js';
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
  const ctx = renderContext(useColor(flags.color) && !flags.json);
  const p = painter(ctx);
  let at: number | undefined;
  if (flags.at !== undefined) {
    if (!/^\d+$/.test(flags.at))
      throw new CliError(`--at wants a decision number from 0 to ${record.choices.length}, not ${quote(flags.at)}`);
    at = Number(flags.at);
    if (at > record.choices.length) throw new CliError(`--at ${at}: the record has only ${record.choices.length} decisions`);
  }
  const rulesNote = rulesHash === record.rulesHash ? '' : 'the rules data differs from the recorded one';
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
    const shows = at !== undefined || flags.json || flags.step;
    if (shows) {
      throw new CliError(
        `${path} is an unfinished game of ${mod.sides.join(' and ')}: showing its state would reveal hidden information. ` +
          'Give --side SIDE to see it as one player does, or --all to see everything',
      );
    }
    viewSide = '';
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
    const s = Session.fromRecord(mod, rules, record, { upTo: at, keepLog: false, rulesHash });
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
          choices: s.choices.length,
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

  if (rulesNote) out(p('bad', `Warning: ${rulesNote}.`));
  const onLog = at === undefined ? (l: Parameters<typeof renderLogged>[0]) => out(renderLogged(l, ctx)) : undefined;
  if (flags.step) return step();
  const s = Session.fromRecord(mod, rules, record, { upTo: at, onLog, rulesHash });
  if (at !== undefined) {
    out(s.render(viewSide, ctx));
    const d = s.decision();
    if (d && !sees(d.side)) out(`At decision ${at}: next, ${d.side} decides (${d.phase}).`);
    else out(d ? `At decision ${at}: ${describeDecision(d)}` : `At decision ${at} the game is over: ${s.result().summary}`);
    return 0;
  }
  return finish(s);

  /**
   * `--step`: decision by decision, each shown as `--at` shows it (the legal options and the choice,
   * for the decisions the viewer may see). At a terminal: Enter goes on, b steps back, g N goes to
   * decision N, t N to the first decision of turn N, m shows the board, q quits. Without a terminal
   * it runs to the end.
   */
  async function step(): Promise<number> {
    const n = record.choices.length;
    const replayTo = (k: number) => {
      try {
        return Session.fromRecord(mod, rules, record, { upTo: k, rulesHash });
      } catch (e) {
        throw e instanceof RecordError
          ? e
          : new RecordError(`choice ${k} ${quote(record.choices[k - 1] ?? '')} cannot be replayed: ${clip((e as Error).message)}`);
      }
    };
    let s = replayTo(0);
    let i = 0;
    for (const l of s.log) out(renderLogged(l, ctx));
    const rl = process.stdin.isTTY && process.stdout.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
    const show = () => {
      const d = s.decision();
      if (!d) return;
      if (!sees(d.side)) out(p('bold', `\n— decision ${i + 1}/${n}: ${d.side} decides [${d.phase}]`));
      else {
        out(p('bold', `\n— decision ${i + 1}/${n}`));
        out(describeDecision(d));
        out(p('bold', `> ${clip(record.choices[i], 120)}`));
      }
    };
    try {
      while (i < n) {
        show();
        let a = 'n';
        if (rl) {
          try {
            a = (await rl.question(p('dim', '[Enter] next, b back, g N decision N, t N turn N, m map, q quit: '))).trim();
          } catch {
            return 130; // Ctrl-C: stop stepping, nothing to save
          }
        }
        const num = Number(a.split(/\s+/)[1]);
        if (a === 'q') return 0;
        if (a === 'm') {
          out(s.render(viewSide || 'all', ctx));
          continue;
        }
        if (a === 'b') {
          if (i === 0) out('At the first decision already.');
          else s = replayTo(--i);
          continue;
        }
        if (/^g\s+\d+$/.test(a)) {
          if (num < 1 || num > n) out(`There are decisions 1 to ${n}.`);
          else s = replayTo((i = num - 1));
          continue;
        }
        if (/^t\s+\d+$/.test(a)) {
          // The first decision of turn N: replay forward from the start until the turn is reached.
          let k = 0;
          const t = replayTo(0);
          while (k < n && (t.result().turns ?? 0) < num) t.choose(record.choices[k++]);
          if ((t.result().turns ?? 0) < num) out(`The record ends before turn ${num}.`);
          else [s, i] = [t, k];
          continue;
        }
        if (a !== '' && a !== 'n') {
          out('Type Enter (next), b, g N, t N, m or q.');
          continue;
        }
        const before = s.log.length;
        try {
          s.choose(record.choices[i]);
        } catch (e) {
          if (!(e instanceof IllegalChoice)) throw e;
          throw new RecordError(
            `choice ${i + 1} ${quote(record.choices[i])} is not legal at that point; legal: ${
              s
                .decision()
                ?.options.map((o) => o.id)
                .join(' | ') || '(game over)'
            }`,
          );
        }
        i++;
        for (const l of s.log.slice(before)) out(renderLogged(l, ctx));
      }
      return finish(s);
    } finally {
      rl?.close();
    }
  }

  /** The end of a replay (text and --step): the final screen, then the verification. Exit 1 on a mismatch. */
  function finish(s: Session): number {
    const d = s.decision();
    // A finished game shows everything; an unfinished one of several sides only with --side/--all.
    if (!d || viewSide) out('\n' + s.render(d ? viewSide : 'all', ctx));
    if (d) {
      out(
        viewSide === '' || (viewSide !== 'all' && d.side !== viewSide)
          ? `The record is unfinished after ${decisions(s.choices.length)}: next, ${d.side} decides (${d.phase}).`
          : `The record is unfinished after ${decisions(s.choices.length)}.\n${describeDecision(d)}`,
      );
    } else {
      out(p('bold', `Result: ${s.result().summary}`));
    }
    const v = verify(s);
    if (!v.claimed) {
      if (!d) out('The record carries no result to verify against.');
      return 0;
    }
    if (v.ok) {
      out(p('good', `Verified: the replay reproduces the recorded result and final state (${record.stateHash?.slice(0, 19)}…).`));
      return 0;
    }
    out(p('bad', `MISMATCH: the replay does not reproduce the record: ${v.differences.join('; ')}`));
    return 1;
  }
}
