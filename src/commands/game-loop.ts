/**
 * The play loop shared by `play` and `resume`: asks each side's decider, applies the answer,
 * prints what happens, autosaves the record after every decision, and ends with the result.
 *
 * Hidden information: the log is public (modules never log a secret), the map is drawn from the
 * deciding side's view, a bot's picks are echoed only when no person is playing, and in hot-seat
 * the screen is cleared between the two players, each then seeing the public log they missed.
 */
import { NeedRoll } from '../engine/dice.js';
import { HumanDecider, isPromptExit } from '../engine/deciders/human.js';
import type { Decider } from '../engine/deciders/types.js';
import { IllegalChoice, type Decision, type RenderContext } from '../engine/module.js';
import { writeRecord } from '../engine/record.js';
import { atStepLimit, runawayMessage } from '../engine/step-limit.js';
import type { Session } from '../engine/runner.js';
import { painter } from '../ui/colour.js';
import { CliError, out, renderLogged } from './common.js';
import { clip, quote } from '../engine/quote.js';

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

/** "1 decision", "2 decisions". */
export function decisions(n: number): string {
  return `${n} decision${n === 1 ? '' : 's'}`;
}

/**
 * The choice index that undo goes back to for `side` (its latest own decision), or -1.
 * Never below `floor` (the last die roll or secret shown), never across another human player's decision
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

const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

/** A person pressed Ctrl-C at a prompt. */
class Stopped extends Error {}

/** Runs the game until it ends or a decider stops it. Returns the exit code. */
export async function runLoop(cfg: LoopConfig): Promise<number> {
  let s = cfg.session;
  const ctx = cfg.ctx;
  const p = painter(ctx);
  let lastPhase = '';
  let mapDirty = true;
  const humanSides = Object.keys(cfg.deciders).filter((k) => cfg.deciders[k] instanceof HumanDecider);
  const humanOf = (side: string) => cfg.deciders[side] instanceof HumanDecider;
  const anyHuman = humanSides.length ? (cfg.deciders[humanSides[0]] as HumanDecider) : undefined;
  // A bot's choice may be secret (a declaration, a card laid face down): echo it only when no person
  // plays (at the terminal or through a script); its public effects are in the log anyway.
  const echoBots = Object.values(cfg.deciders).every((x) => x.kind.startsWith('bot'));
  let lastHumanSide: string | undefined;
  /** Log length when each human side last had the screen (hot-seat catch-up). */
  const seenLog: Record<string, number> = {};
  /** The screen each human side was last shown. */
  const lastScreen: Record<string, string> = {};

  const attachLog = (sess: Session) => {
    sess.config.onLog = (l) => {
      out(renderLogged(l, ctx));
      mapDirty = true;
    };
  };
  attachLog(s);

  const save = () => writeRecord(cfg.savePath, s.toRecord());
  const showMap = (side: string) => out('\n' + s.render(side, ctx) + '\n');
  const floorOf = (sess: Session) => sess.choices.length - sess.undoable();

  /** Awaits a person's prompt; Ctrl-C there becomes Stopped. */
  const ask = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      if (isPromptExit(e)) throw new Stopped();
      throw e;
    }
  };

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
      if (atStepLimit(s.mod, s.choices.length)) {
        // A runaway game (step-limit.ts): saved, and stopped with the rules data that kept it going.
        save();
        throw new CliError(`${runawayMessage(s.mod, s.state, s.rules)}. The game is saved in ${clip(cfg.savePath)}.`, 2);
      }
      const decider = cfg.deciders[d.side];
      if (!decider) throw new CliError(`no player for side ${d.side}`, 1);
      const human = decider instanceof HumanDecider;
      if (human && humanSides.length > 1 && d.side !== lastHumanSide) {
        // Hot-seat: the last player sees what their decision led to, then the screen is cleared,
        // and the next player gets the public log they missed (at the start too: the first player
        // takes the keyboard before any hand is shown).
        if (lastHumanSide !== undefined) {
          await ask(() => decider.pause(`${lastHumanSide}: press Enter, then hand the keyboard to ${d.side}.`));
        }
        out(CLEAR);
        await ask(() => decider.pause(`${d.side}: press Enter when you have the keyboard.`));
        out(CLEAR);
        const from = seenLog[d.side] ?? 0;
        if (from < s.log.length) out(p('dim', `— what happened since ${d.side}'s last turn —`));
        for (const l of s.log.slice(from)) out(renderLogged(l, ctx));
        mapDirty = true;
      }
      if (human) {
        lastHumanSide = d.side;
        seenLog[d.side] = s.log.length;
      }
      if (human) {
        // The map before every decision whose screen changed (a move, a card laid, a new phase).
        const screen = s.render(d.side, ctx);
        if (mapDirty || d.phase !== lastPhase || screen !== lastScreen[d.side]) {
          out('\n' + screen + '\n');
          lastScreen[d.side] = screen;
          mapDirty = false;
        }
      }
      lastPhase = d.phase;
      const canUndo = undoTarget(s.madeBy, s.choices.length, floorOf(s), d.side, humanOf) >= 0;
      const ans = await ask(() => decider.decide(s, d, { canUndo }));
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
          const target = undoTarget(s.madeBy, s.choices.length, floorOf(s), d.side, humanOf);
          if (target < 0) {
            out('Nothing of yours to undo since the last die roll or secret shown.');
            continue;
          }
          s = s.undo(s.choices.length - target);
          attachLog(s);
          out(p('good', `Undone: back to decision ${target + 1}.`));
          mapDirty = true;
          save();
          continue;
        }
        case 'choice': {
          if (!human && (echoBots || !decider.kind.startsWith('bot'))) {
            const label = d.options.find((o) => o.id === ans.id)?.label;
            out(p('dim', `> ${clip(ans.id, 120)}${decider.kind.startsWith('bot') && label ? `   (${decider.kind}: ${label})` : ''}`));
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
                  `${where}${quote(ans.id)} is not a legal choice here.\n${describeDecision(d)}\nThe game up to the previous decision is saved in ${clip(cfg.savePath)}.`,
                  2,
                );
              }
              if (e instanceof NeedRoll && s.diceMode === 'prompted' && anyHuman) {
                // Show what led to the roll before asking for it.
                for (const l of s.previewInterrupted()) out(renderLogged(l, ctx));
                s.rolls.push(await ask(() => anyHuman.askRoll(e.sides, e.reason)));
                continue;
              }
              if (e instanceof NeedRoll) {
                save();
                throw new CliError(
                  `the dice ran out at decision ${s.choices.length + 1}: ${e.message}. Saved in ${clip(cfg.savePath)}; ` +
                    `continue with: muster resume ${clip(cfg.savePath)} --dice <more rolls> (or --dice prompted at a terminal)`,
                  2,
                );
              }
              throw e;
            }
          }
          save();
          continue;
        }
      }
    }
    // Game over: everything may be shown now.
    showMap('all');
    const r = s.result();
    out(p('bold', `Game over: ${r.summary}`));
    save();
    out(`Record saved in ${cfg.savePath}; check it with: muster replay ${cfg.savePath}`);
    return 0;
  } catch (e) {
    if (e instanceof Stopped) {
      save();
      out(`\nStopped. The game is saved in ${cfg.savePath}; continue with: muster resume ${cfg.savePath}`);
      return 130;
    }
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** Starts a session, asking a human for prompted set-up rolls when needed. Returns false on Ctrl-C. */
export async function startSession(s: Session, human: HumanDecider | undefined, ctx: RenderContext): Promise<boolean> {
  for (;;) {
    try {
      s.start();
      return true;
    } catch (e) {
      if (e instanceof NeedRoll && s.diceMode !== 'prompted') {
        throw new CliError(`the scripted dice ran out before the first decision: ${e.message}; give more rolls with --dice`, 2);
      }
      if (e instanceof NeedRoll && s.diceMode === 'prompted' && human) {
        for (const l of s.previewInterrupted()) out(renderLogged(l, ctx));
        try {
          s.rolls.push(await human.askRoll(e.sides, e.reason));
        } catch (x) {
          if (isPromptExit(x)) return false;
          throw x;
        }
        continue;
      }
      throw e;
    }
  }
}
