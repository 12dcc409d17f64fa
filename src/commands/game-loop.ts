/**
 * The play loop shared by `play` and `resume`: asks each side's decider, applies the answer,
 * prints what happens, autosaves the record after every decision, and ends with the result.
 *
 * Secrets (architecture.md, "Secrets"): the log is public (modules never log a secret), the board is
 * drawn from the deciding side's view, a bot's choices are echoed only when no person plays, and in
 * hot-seat the keyboard is handed over at every change of the deciding side — forced decisions
 * included (a window where a side holds nothing to play), so the hand-overs never tell one player
 * whether the other had a choice. Undo follows the engine's rule (Session.canUndo).
 */
import { NeedRoll } from '../engine/dice.js';
import { HumanDecider, isPromptExit } from '../engine/deciders/human.js';
import type { Answer, Decider } from '../engine/deciders/types.js';
import { IllegalChoice, type Decision, type RenderContext } from '../engine/module.js';
import { writeRecord } from '../engine/record.js';
import { atStepLimit, runawayMessage } from '../engine/step-limit.js';
import type { Forced, Session } from '../engine/runner.js';
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
  /** Printed when the game ends (the seed of a game whose seed was kept secret while it lasted). */
  epilogue?: string;
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

const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

/** A person pressed Ctrl-C at a prompt. */
class Stopped extends Error {}

/** Awaits a person's prompt; Ctrl-C there becomes Stopped. */
async function ask<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (isPromptExit(e)) throw new Stopped();
    throw e;
  }
}

/**
 * What each person has seen of the public log, and who holds the keyboard. In hot-seat the screen is
 * cleared between the players; each then gets the public log they missed.
 */
class Screen {
  /** Log entries printed so far (to whoever held the keyboard). */
  shown: number;
  /** The human side at the keyboard. */
  holder: string | undefined;
  /** Log length each human side has seen. */
  private readonly seen: Record<string, number> = {};
  /** The board each human side was last shown, and whether the log moved since. */
  private readonly lastBoard: Record<string, string> = {};
  private lastPhase = '';
  dirty = true;

  constructor(
    private session: Session,
    private readonly ctx: RenderContext,
    readonly hotSeat: boolean,
    /** Log entries already printed before the loop (by a resume, or prompted set-up rolls). */
    shown: number,
  ) {
    this.shown = shown;
  }

  use(s: Session): void {
    this.session = s;
    this.shown = Math.min(this.shown, s.log.length);
    this.dirty = true;
  }

  /** Prints the log entries up to index `n` to the person at the keyboard. */
  showLogTo(n: number): void {
    for (; this.shown < n; this.shown++) out(renderLogged(this.session.log[this.shown], this.ctx));
    if (this.holder) this.seen[this.holder] = this.shown;
    this.dirty = true;
  }

  /**
   * Hot-seat: the person at the keyboard reads the end of what happened, the screen is cleared, and
   * `side` takes the keyboard and gets the public log since its last turn. Nothing otherwise.
   */
  async handOver(side: string, human: HumanDecider): Promise<void> {
    if (!this.hotSeat || this.holder === side) {
      this.holder = side;
      return;
    }
    const p = painter(this.ctx);
    if (this.holder !== undefined) await ask(() => human.pause(`${this.holder}: press Enter, then hand the keyboard to ${side}.`));
    out(CLEAR);
    await ask(() => human.pause(`${side}: press Enter when you have the keyboard.`));
    out(CLEAR);
    const from = this.seen[side] ?? 0;
    if (from < this.shown) out(p('dim', `— what happened since ${side}'s last turn —`));
    for (let i = from; i < this.shown; i++) out(renderLogged(this.session.log[i], this.ctx));
    this.holder = side;
    this.seen[side] = this.shown;
    this.dirty = true;
  }

  /** The board before a decision, whenever it changed for this side (a move, a card laid, a new phase). */
  showBoard(d: Decision): void {
    const board = this.session.render(d.side, this.ctx);
    if (this.dirty || d.phase !== this.lastPhase || board !== this.lastBoard[d.side]) {
      out('\n' + board + '\n');
      this.lastBoard[d.side] = board;
      this.dirty = false;
    }
    this.lastPhase = d.phase;
  }
}

/** Runs the game until it ends or a decider stops it. Returns the exit code. */
export async function runLoop(cfg: LoopConfig): Promise<number> {
  let s = cfg.session;
  const ctx = cfg.ctx;
  const p = painter(ctx);
  const humanOf = (side: string) => cfg.deciders[side] instanceof HumanDecider;
  const humanSides = Object.keys(cfg.deciders).filter(humanOf);
  const human = humanSides.length ? (cfg.deciders[humanSides[0]] as HumanDecider) : undefined;
  // A new game's set-up log is printed here, in step with the hand-overs of its forced decisions.
  const fresh = s.choices.length === 0 && s.diceMode !== 'prompted';
  const screen = new Screen(s, ctx, humanSides.length > 1, fresh ? 0 : s.log.length);
  // A bot's choice may be secret (a declaration, a card laid face down): echo it only when no person
  // plays (at the terminal or through a script); its public effects are in the log anyway.
  const echoBots = Object.values(cfg.deciders).every((x) => x.kind.startsWith('bot'));
  // A new game shows the forced steps of its set-up; a resumed one has shown those before its save.
  let forcedSeen = s.choices.length === 0 ? 0 : s.forced.length;
  // From here on the loop prints the log itself (at the right moments for hot-seat hand-overs).
  s.config.onLog = undefined;

  const save = () => writeRecord(cfg.savePath, s.toRecord());

  /**
   * Prints what the last choice led to. Forced decisions of a person are shown where they happened;
   * in hot-seat the keyboard goes to their side first, as for a real decision.
   */
  const showAftermath = async () => {
    for (const f of s.forced.slice(forcedSeen) as Forced[]) {
      if (!humanOf(f.side)) continue;
      screen.showLogTo(f.logAt);
      if (screen.hotSeat && human) {
        // The keyboard goes to the side as for a real decision; the next hand-over's Enter acknowledges it.
        await screen.handOver(f.side, human);
        out(p('dim', `[${f.phase}] ${f.prompt}`));
        out(p('bold', `${f.side}: nothing to choose here (${f.label}).`));
      } else {
        out(p('dim', `[${f.phase}] ${f.side}: nothing to choose (${f.label}).`));
      }
    }
    forcedSeen = s.forced.length;
    screen.showLogTo(s.log.length);
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
    await showAftermath();
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
      const isHuman = decider instanceof HumanDecider;
      if (isHuman) {
        await screen.handOver(d.side, decider);
        screen.showBoard(d);
      }
      const ans: Answer = await ask(() => decider.decide(s, d, { canUndo: s.canUndo(d.side) }));
      switch (ans.kind) {
        case 'end': {
          out('\n' + s.render(d.side, ctx));
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
          if (!s.canUndo(d.side)) {
            out('Nothing to undo: your last decision was answered by the other side, or a die roll or a secret has been shown since.');
            continue;
          }
          s = s.undo(d.side);
          screen.use(s);
          forcedSeen = s.forced.length;
          out(p('good', `Undone: back to decision ${s.choices.length + 1}.`));
          save();
          continue;
        }
        case 'choice': {
          if (!isHuman && (echoBots || !decider.kind.startsWith('bot')) && !(d.secret && !echoBots)) {
            const label = d.options.find((o) => o.id === ans.id)?.label;
            out(p('dim', `> ${clip(ans.id, 120)}${decider.kind.startsWith('bot') && label ? `   (${decider.kind}: ${label})` : ''}`));
          }
          await choose(ans, d);
          save();
          await showAftermath();
          continue;
        }
      }
    }
    // Game over: everything may be shown now.
    out('\n' + s.render('all', ctx) + '\n');
    const r = s.result();
    out(p('bold', `Game over: ${r.summary}`));
    save();
    out(`Record saved in ${cfg.savePath}; check it with: muster replay ${cfg.savePath}`);
    if (cfg.epilogue) out(cfg.epilogue);
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

  /** Applies a choice; asks for prompted dice as they are needed; an illegal scripted line ends the game. */
  async function choose(ans: Extract<Answer, { kind: 'choice' }>, d: Decision): Promise<void> {
    let previewed = 0;
    for (;;) {
      try {
        s.choose(ans.id);
        // The entries shown before a prompted roll are the choice's first ones: not printed twice.
        screen.shown += previewed;
        return;
      } catch (e) {
        if (e instanceof IllegalChoice) {
          save();
          const where = ans.line !== undefined ? `${ans.source ?? 'moves'} line ${ans.line}: ` : '';
          throw new CliError(
            `${where}${quote(ans.id)} is not a legal choice here.\n${describeDecision(d)}\nThe game up to the previous decision is saved in ${clip(cfg.savePath)}.`,
            2,
          );
        }
        if (e instanceof NeedRoll && s.diceMode === 'prompted' && human) {
          // Show what led to the roll before asking for it.
          for (const l of s.previewInterrupted()) {
            out(renderLogged(l, ctx));
            previewed++;
          }
          s.rolls.push(await ask(() => human.askRoll(e.sides, e.reason)));
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
