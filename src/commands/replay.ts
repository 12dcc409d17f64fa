/**
 * `muster replay <record> [--step] [--at N] [--json]`: re-runs a record, verifies that it reproduces
 * the recorded result and final state, steps through it, or shows the state at step N.
 */
import { createInterface } from 'node:readline/promises';
import { readRecord, stateHash, RecordError } from '../engine/record.js';
import { Session } from '../engine/runner.js';
import { painter } from '../ui/colour.js';
import { CliError, loadGame, out, renderContext, renderLogged, useColor } from './common.js';
import { decisions, describeDecision } from './game-loop.js';

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
    if (!/^\d+$/.test(flags.at)) throw new CliError(`--at wants a decision number from 0 to ${record.choices.length}, not "${flags.at}"`);
    at = Number(flags.at);
    if (at > record.choices.length) throw new CliError(`--at ${at}: the record has only ${record.choices.length} decisions`);
  }
  const rulesNote = rulesHash === record.rulesHash ? '' : 'the rules data differs from the recorded one';
  if (flags.step && flags.json) throw new CliError('--step and --json do not go together: --json prints one object (use --at N for a step)');
  // Hidden information: an unfinished game of several sides is shown as one side sees it,
  // unless --all is given (so an autosave cannot be used to peek at the other hand).
  let viewSide = 'all';
  if (flags.side !== undefined) {
    const side = mod.sides.find((x) => x.toLowerCase() === flags.side!.toLowerCase());
    if (!side) throw new CliError(`${mod.id} has no side "${flags.side}"; sides: ${mod.sides.join(', ')}`);
    viewSide = side;
  } else if (!flags.all && mod.sides.length > 1 && !record.result) {
    const shows = at !== undefined || flags.json || flags.step;
    if (shows) {
      throw new CliError(
        `${path} is an unfinished game of ${mod.sides.join(' and ')}: showing its state would reveal hidden information. ` +
          'Give --side SIDE to see it as one player does, or --all to see everything',
      );
    }
    viewSide = '';
  }

  if (flags.json) {
    const s = Session.fromRecord(mod, rules, record, { upTo: at, keepLog: false, rulesHash });
    const d = s.decision();
    const res = d ? null : s.result();
    const verified = at === undefined && record.result ? stateHash(s.state) === record.stateHash : null;
    const state = viewSide === 'all' ? s.state : s.view(viewSide);
    out(JSON.stringify({
      game: record.game, seed: record.seed, options: record.options, choices: s.choices.length,
      result: res, pending: d && (viewSide === 'all' || d.side === viewSide) ? d : d ? { side: d.side, phase: d.phase } : null,
      verified, ...(rulesNote ? { warning: rulesNote } : {}), ...(viewSide === 'all' ? { state } : { side: viewSide, view: state }),
    }, null, 2));
    return verified === false ? 1 : 0;
  }

  if (rulesNote) out(p('bad', `Warning: ${rulesNote}.`));
  const onLog = at === undefined ? (l: Parameters<typeof renderLogged>[0]) => out(renderLogged(l, ctx)) : undefined;
  if (flags.step) {
    const s = Session.fromRecord(mod, rules, record, { upTo: 0, onLog, rulesHash });
    const rl = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
    try {
      for (let i = 0; i < record.choices.length; i++) {
        const d = s.decision();
        out(p('bold', `\n— decision ${i + 1}/${record.choices.length} [${d?.phase ?? 'over'}] ${d?.prompt ?? ''}`));
        out(p('bold', `> ${record.choices[i]}`));
        try {
          s.choose(record.choices[i]);
        } catch {
          throw new RecordError(`choice ${i + 1} "${record.choices[i]}" is not legal at that point; legal: ${d?.options.map((o) => o.id).join(' | ')}`);
        }
        if (rl) {
          let a: string;
          try {
            a = await rl.question(p('dim', '[Enter] next, m map, q quit: '));
          } catch {
            return 130; // Ctrl-C: stop stepping, nothing to save
          }
          if (a.trim() === 'q') return 0;
          if (a.trim() === 'm') out(s.render(viewSide || 'all', ctx));
        }
      }
      return finish(s);
    } finally {
      rl?.close();
    }
  }
  const s = Session.fromRecord(mod, rules, record, { upTo: at, onLog, rulesHash });
  if (at !== undefined) {
    out(s.render(viewSide, ctx));
    const d = s.decision();
    // Another side's pending decision is named, never listed (its prompt and options may hold that side's secrets).
    const own = d && (viewSide === 'all' || d.side === viewSide);
    out(d ? (own ? `At decision ${at}: ${describeDecision(d)}` : `At decision ${at}: next, ${d.side} decides (${d.phase}).`) : `At decision ${at} the game is over: ${s.result().summary}`);
    return 0;
  }
  return finish(s);

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
      return 0;
    }
    const r = s.result();
    out(p('bold', `Result: ${r.summary}`));
    if (!record.result) {
      out('The record carries no result to verify against.');
      return 0;
    }
    const same = stateHash(s.state) === record.stateHash && JSON.stringify(r) === JSON.stringify(record.result);
    if (same) {
      out(p('good', `Verified: the replay reproduces the recorded result and final state (${record.stateHash?.slice(0, 19)}…).`));
      return 0;
    }
    out(p('bad', `MISMATCH: the replay does not reproduce the record.\n  recorded: ${record.result.summary}\n  replayed: ${r.summary}`));
    return 1;
  }
}
