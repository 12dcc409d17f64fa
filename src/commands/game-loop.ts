/**
 * The play loop shared by `play` and `resume`: asks each side's decider, applies the answer,
 * prints what happens, autosaves the record after every decision, and ends with the result.
 */
import { NeedRoll } from '../engine/dice.js';
import { HumanDecider, isPromptExit } from '../engine/deciders/human.js';
import type { Decider } from '../engine/deciders/types.js';
import { IllegalChoice, type Decision, type RenderContext } from '../engine/module.js';
import { writeRecord } from '../engine/record.js';
import type { Session } from '../engine/runner.js';
import { painter } from '../ui/colour.js';
import { CliError, out, renderLogged } from './common.js';

export interface LoopConfig {
  session: Session;
  /** The decider of each side (by side name). */
  deciders: Record<string, Decider>;
  ctx: RenderContext;
  /** Where the record is saved: after every decision, on quit, Ctrl-C, a script's end and at game over. */
  savePath: string;
}

/** Prints a decision with its numbered legal options. */
export function describeDecision(d: Decision): string {
  const lines = [`Pending decision for ${d.side} — [${d.phase}] ${d.prompt}`, 'Legal options:'];
  d.options.forEach((o, i) => lines.push(`  ${String(i + 1).padStart(2)}. ${o.id}${o.label !== o.id ? `   — ${o.label}` : ''}`));
  return lines.join('\n');
}

/**
 * The choice index that undo goes back to for `side` (its latest own decision), or -1.
 * Never below `floor` (the last die roll shown), never across another human player's decision
 * (in hot-seat that would show the other's secret choice); bot decisions in between are undone too.
 * `madeBy[i]` is the side that made choice i (unknown for choices made before a resume).
 */
export function undoTarget(
  madeBy: readonly string[],
  count: number,
  floor: number,
  side: string,
  isHuman: (side: string) => boolean,
): number {
  for (let i = count - 1; i >= floor; i--) {
    const by = madeBy[i] ?? side;
    if (by === side) return i;
    if (isHuman(by)) return -1;
  }
  return -1;
}

/** Runs the game until it ends or a decider stops it. Returns the exit code. */
export async function runLoop(cfg: LoopConfig): Promise<number> {
  let s = cfg.session;
  const ctx = cfg.ctx;
  const p = painter(ctx);
  const madeBy: string[] = [];
  let shownLog = s.log.length;
  let lastPhase = '';
  let mapDirty = true;
  let lastHumanSide: string | undefined;
  const humanSides = Object.keys(cfg.deciders).filter((k) => cfg.deciders[k] instanceof HumanDecider);

  const attachLog = (sess: Session) => {
    sess.config.onLog = (l) => {
      out(renderLogged(l, ctx));
      mapDirty = true;
    };
  };
  attachLog(s);

  const save = () => writeRecord(cfg.savePath, s.toRecord());
  const showMap = (side: string | 'all') => out('\n' + s.render(side, ctx) + '\n');
  const humanOf = (side: string) => cfg.deciders[side] instanceof HumanDecider;
  const anyHuman = Object.values(cfg.deciders).find((d): d is HumanDecider => d instanceof HumanDecider);

  // Ctrl-C outside a prompt (a bot playing, a long replay): save and leave.
  const onSigint = () => {
    try {
      save();
      out(`\nInterrupted. The game is saved in ${cfg.savePath}; continue with: muster resume ${cfg.savePath}`);
    } finally {
      process.exit(130);
    }
  };
  process.on('SIGINT', onSigint);
  try {
    for (;;) {
      const d = s.decision();
      if (!d) break;
      const decider = cfg.deciders[d.side];
      if (!decider) throw new CliError(`no player for side ${d.side}`, 1);
      const human = humanOf(d.side);
      if (human && humanSides.length > 1 && lastHumanSide !== undefined && d.side !== lastHumanSide) {
        // Hot-seat: the screen is cleared between the two players' decisions.
        try {
          await (decider as HumanDecider).handOver(d.side);
        } catch (e) {
          if (isPromptExit(e)) {
            save();
            out(`\nStopped. The game is saved in ${cfg.savePath}; continue with: muster resume ${cfg.savePath}`);
            return 130;
          }
          throw e;
        }
        mapDirty = true;
      }
      if (human) lastHumanSide = d.side;
      if (human && (mapDirty || d.phase !== lastPhase)) {
        showMap(d.side);
        mapDirty = false;
      }
      lastPhase = d.phase;
      let ans;
      try {
        ans = await decider.decide(s, d);
      } catch (e) {
        if (isPromptExit(e)) {
          save();
          out(`\nStopped. The game is saved in ${cfg.savePath}; continue with: muster resume ${cfg.savePath}`);
          return 130;
        }
        throw e;
      }
      switch (ans.kind) {
        case 'end': {
          showMap(d.side);
          out(describeDecision(d));
          save();
          out(`The moves ran out at decision ${s.choices.length + 1}. Saved in ${cfg.savePath}; continue with: muster resume ${cfg.savePath}`);
          return 0;
        }
        case 'quit':
          save();
          out(`Saved in ${cfg.savePath}. Continue with: muster resume ${cfg.savePath}`);
          return 0;
        case 'save':
          save();
          out(p('good', `Saved in ${cfg.savePath}.`));
          continue;
        case 'undo': {
          const floor = s.choices.length - s.undoable();
          const target = undoTarget(madeBy, s.choices.length, floor, d.side, humanOf);
          if (target < 0) {
            out('Nothing of yours to undo since the last die roll (or the other player has decided since).');
            continue;
          }
          s = s.undo(s.choices.length - target);
          madeBy.length = target;
          attachLog(s);
          shownLog = s.log.length;
          out(p('good', `Undone: back to decision ${target + 1}.`));
          mapDirty = true;
          save();
          continue;
        }
        case 'choice': {
          if (!human) {
            const label = d.options.find((o) => o.id === ans.id)?.label;
            out(p('dim', `> ${ans.id}${decider.kind.startsWith('bot') && label ? `   (${decider.kind}: ${label})` : ''}`));
          }
          for (;;) {
            try {
              s.choose(ans.id);
              break;
            } catch (e) {
              if (e instanceof IllegalChoice) {
                save();
                const where = ans.line !== undefined ? `${ans.source ?? 'moves'} line ${ans.line}: ` : '';
                throw new CliError(
                  `${where}"${ans.id}" is not a legal choice here.\n${describeDecision(d)}\nThe game up to the previous decision is saved in ${cfg.savePath}.`,
                  2,
                );
              }
              if (e instanceof NeedRoll && s.diceMode === 'prompted' && anyHuman) {
                s.rolls.push(await anyHuman.askRoll(e.sides, e.reason));
                continue;
              }
              if (e instanceof NeedRoll) {
                save();
                throw new CliError(`the scripted dice ran out at decision ${s.choices.length + 1}: ${e.message}. Saved in ${cfg.savePath}.`, 2);
              }
              throw e;
            }
          }
          madeBy.push(d.side);
          save();
          continue;
        }
      }
    }
    // Game over.
    void shownLog;
    showMap('all');
    const r = s.result();
    out(p('bold', `Game over: ${r.summary}`));
    save();
    out(`Record saved in ${cfg.savePath}; check it with: muster replay ${cfg.savePath}`);
    return 0;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** Starts a session, asking a human for prompted set-up rolls when needed. */
export async function startSession(s: Session, human: HumanDecider | undefined): Promise<void> {
  for (;;) {
    try {
      s.start();
      return;
    } catch (e) {
      if (e instanceof NeedRoll && s.diceMode === 'prompted' && human) {
        s.rolls.push(await human.askRoll(e.sides, e.reason));
        continue;
      }
      throw e;
    }
  }
}
