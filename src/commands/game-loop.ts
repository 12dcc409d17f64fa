/**
 * The play loop shared by `play` and `resume`: asks each side's decider, applies the answer,
 * shows what happens (src/ui/screen.ts: screens for a person at a terminal, else a transcript),
 * autosaves the record after every decision, and ends with the result.
 *
 * Its parts, each a function below: the loop itself (`runLoop`: ask the decider, then one named part
 * per kind of answer: `choose`, `undo`, `saveGame`, `movesRanOut`, and `gameOver` at the end), what a
 * choice led to (`showAftermath`: forced steps and the log), the hand-over in hot-seat
 * (Screen.handOver), the undo rule (`undoLatest`), and prompted dice (`applyChoice`).
 *
 * Secrets (architecture.md, "Secrets"): the log is public (modules never log a secret), the board is
 * drawn from the deciding side's view, a bot's choices are echoed only when no person plays, and in
 * hot-seat the keyboard is handed over at every change of the deciding side — forced decisions
 * included (a window where a side holds nothing to play), so the hand-overs never tell one player
 * whether the other had a choice. Undo follows the engine's rule (Session.canUndo).
 */
import { NeedRoll } from '../engine/dice.js';
import type { Answer, Decider } from '../engine/deciders/types.js';
import { IllegalChoice, type Decision, type RenderContext } from '../engine/module.js';
import { SaveLock } from '../engine/lock.js';
import { numberedOptions } from '../engine/option-numbers.js';
import { notAnEarlierSave, readRecord, RecordError, writeRecord, writeRecordBeside, type GameRecord } from '../engine/record.js';
import type { Forced, Session } from '../engine/runner.js';
import { atStepLimit, runawayMessage } from '../engine/step-limit.js';
import { clip, quote } from '../engine/quote.js';
import { painter } from '../ui/colour.js';
import { HumanDecider } from '../ui/human.js';
import { WatchedBot } from '../ui/watch.js';
import { askDraw } from '../ui/prompted-dice.js';
import { ask, Screen, Stopped } from '../ui/screen.js';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, commandName, out, renderLogged, say } from './common.js';
import { isInteractive, screenWidth } from '../ui/terminal.js';
import { wrapWords } from '../ui/text.js';

export interface LoopConfig {
  session: Session;
  /** The decider of each side (by side name). */
  deciders: Record<string, Decider>;
  ctx: RenderContext;
  /** Where the record is saved: after every decision, on quit, Ctrl-C, a script's end and at game over. */
  savePath: string;
  /** Printed when the game ends (the seed of a game whose seed was kept secret while it lasted). */
  epilogue?: string;
  /** Log entries the player has already been shown before the loop (a resume's latest log, printed in a transcript). */
  shown?: number;
  /**
   * Forced steps shown before the loop (default: none in a game with no choice yet, whose set-up the
   * loop shows; all in one played before). A resume says how many: its record's were shown before its
   * save, even when no choice was made yet, unless its set-up was run again here.
   */
  forcedShown?: number;
  /**
   * A resumed game at the terminal: each person is shown, at their next screen, what happened since
   * their own last decision, as if the game had not stopped (`resumeUnread`).
   */
  resumed?: boolean;
}

/** Index of the first log entry after `side`'s last decision (0 when it has made none): what it has not seen on a screen. */
export function sinceLastDecision(s: Session, side: string): number {
  const k = s.madeBy.lastIndexOf(side) + 1; // the side's last choice is choice k (1-based), its entries have at = k
  if (k === 0) return 0;
  const i = s.log.findIndex((l) => l.at >= k);
  return i === -1 ? s.log.length : i;
}

/** Prints a decision with its numbered legal options. */
export function describeDecision(d: Decision, width = screenWidth()): string {
  const lines = wrapWords(`Pending decision for ${d.side} - [${d.phase}] ${d.prompt}`, width);
  lines.push('Legal options:');
  // Each option on its line, its id first (what a script types); a long label goes on below, four
  // columns in from where the option's text starts. The numbers are right-aligned (a list of 100 or
  // more options pads them to three digits), so every option's text starts in the same column.
  const numbered = numberedOptions(d);
  const digits = Math.max(2, ...numbered.map((x) => String(x.number).length));
  for (const { number, option: o } of numbered) {
    const prefix = `  ${String(number).padStart(digits)}. `;
    const [first, ...rest] = wrapWords(`${o.id}${o.label !== o.id ? `   - ${o.label}` : ''}`, width - prefix.length);
    const indent = ' '.repeat(prefix.length + 4);
    lines.push(
      prefix + first,
      ...wrapWords(rest.join(' '), width - indent.length)
        .filter(Boolean)
        .map((l) => indent + l),
    );
  }
  return lines.join('\n');
}

/** "1 decision", "2 decisions". */
export function decisions(n: number): string {
  return `${n} decision${n === 1 ? '' : 's'}`;
}

/**
 * The undo rule (architecture.md, "Undo"): `side` takes back its own latest decision, only when no
 * other side has decided and nothing was rolled or revealed since. Returns the session without it,
 * or a message saying why not.
 */
export function undoLatest(s: Session, side: string): Session | string {
  return undoRefusal(s, side) ?? s.undo(side);
}

/**
 * Why `side` cannot undo now (undefined when it can), in the player's words: a game played alone
 * never speaks of another side.
 */
export function undoRefusal(s: Session, side: string): string | undefined {
  if (s.canUndo(side)) return undefined;
  const n = s.choices.length;
  if (n === 0) return 'Nothing to undo: no decision has been made yet.';
  // Whether another side had a real choice since is not said (its forced steps are not choices).
  if (s.madeBy[n - 1] === side) return 'Nothing to undo: a die roll or a secret has been shown since your last decision.';
  // A side that has not decided yet (the other side opened the game) has nothing of its own to take back.
  if (!s.madeBy.includes(side)) return 'Nothing to undo: you have not made a decision yet.';
  return 'Nothing to undo: your last decision was answered by the other side, or a die roll or a secret has been shown since.';
}

/** Runs the game until it ends or a decider stops it. Returns the exit code. */
export async function runLoop(cfg: LoopConfig): Promise<number> {
  let s = cfg.session;
  let savePath = cfg.savePath;
  const ctx = cfg.ctx;
  const p = painter(ctx);
  const personOf = (side: string) => cfg.deciders[side] instanceof HumanDecider;
  const persons = Object.keys(cfg.deciders).filter(personOf);
  const human = persons.length ? (cfg.deciders[persons[0]] as HumanDecider) : undefined;
  // Bots watched at a terminal (ui/watch.ts) are shown their decisions' screens as a person is.
  const watchOf = (side: string) => cfg.deciders[side] instanceof WatchedBot;
  const watch = Object.values(cfg.deciders).find((x) => x instanceof WatchedBot)?.watch;
  /** A side whose decisions are shown on screens: a person's, or a watched bot's. */
  const humanOf = (side: string) => personOf(side) || watchOf(side);
  const humanSides = Object.keys(cfg.deciders).filter(humanOf);
  const run = commandName();
  // A new game's set-up log is shown here, in step with the hand-overs of its forced decisions.
  const fresh = s.choices.length === 0 && s.diceMode !== 'prompted';
  const shown = cfg.shown ?? (fresh ? 0 : s.log.length);
  const screen = new Screen(s, ctx, Boolean(human) || Boolean(watch), persons.length > 1, shown);
  screen.seenBy(humanSides, shown);
  human?.attach(screen);
  watch?.attach(screen);
  // A bot's choice may be secret (a declaration, a card laid face down): echo it only when no person
  // plays (at the terminal or through a script); its public effects are in the log anyway.
  const echoBots = Object.values(cfg.deciders).every((x) => x.kind.startsWith('bot'));
  // A new game shows the forced steps of its set-up; a resumed one has shown those before its save.
  let forcedSeen = cfg.forcedShown ?? (s.choices.length === 0 ? 0 : s.forced.length);
  // From here on the loop shows the log itself (at the right moments for hot-seat hand-overs).
  s.config.onLog = undefined;

  /** Why the last save of the game to `savePath` failed (undefined when it was saved). */
  let unsaved: string | undefined;
  /**
   * The record (JSON) last written to `savePath`: after an undo the game has fewer decisions than it.
   * At the start, the game as it stands (play has just written it; resume read it from there).
   */
  let written: string | undefined = JSON.stringify(s.toRecord());
  /**
   * Whether a save may write over the record now at `savePath`: this loop's own last write, or an
   * earlier save of this game (as Save as allows); never another game's record put there meanwhile
   * (a newcomer copied one over the save from another shell, and the next decision wrote over it).
   */
  const ours = (now: GameRecord) => (there: GameRecord) =>
    written !== undefined && JSON.stringify(there) === written ? undefined : notAnEarlierSave(there, now);
  /** Writes the record to `savePath`; returns why it could not, or undefined (no advice of flags: they are long given). */
  const attemptSave = (): string | undefined => {
    const record = s.toRecord();
    try {
      writeRecord(savePath, record, '', ours(record));
      written = JSON.stringify(record);
      return undefined;
    } catch (e) {
      if (e instanceof RecordError || (e as NodeJS.ErrnoException).code !== undefined) return (e as Error).message;
      throw e;
    }
  };
  /**
   * The save after a decision (and Save). A save that fails never stops a person's game: their screens
   * say so, with Save as... to save it elsewhere, until a later save succeeds (or the game stops, when
   * it is written beside the file: saveLast); nor a game of bots watched at the terminal. A script's or
   * unwatched bots' game stops, written beside it.
   */
  const autosave = (side: string): boolean => {
    const why = attemptSave();
    if (why === undefined) {
      if (unsaved !== undefined) screen.note(side, p('good', `Saved in ${savePath} again.`));
      unsaved = screen.saveWarning = undefined;
      return true;
    }
    unsaved = why;
    // Persons at the terminal, and bots watched there, go on; a script's or unwatched bots' game stops.
    if (!human && !watch) {
      const where = rescue(why);
      throw new CliError(`the game could not be saved: ${why}. It is saved in ${where} instead; ${resumeHint(where)}`, 2);
    }
    screen.saveWarning = p(
      'bad',
      `Not saved: ${why}. ${human ? 'Save as... (in the menu) saves the game to another file' : 'When the game stops it is written to a new file beside it'}; ${clip(savePath)} is tried again after each decision.`,
    );
    return false;
  };
  /** Writes the game to a new file beside `savePath`, which could not be written (why: `why`). Returns the file. */
  const rescue = (why: string): string => {
    try {
      return writeRecordBeside(savePath, s.toRecord());
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      throw new CliError(`the game could not be saved: ${why}; nor beside it: ${e.message}`, 2);
    }
  };
  /**
   * The save when the game stops (quit, Ctrl-C, the end, a script's end): to `savePath`, or, when
   * that fails, to a new file beside it, said in a line (printed, or `tell`: the game over's paged
   * end). Returns the file holding the game.
   */
  const saveLast = (tell: (line: string) => void = say): string => {
    const why = attemptSave();
    if (why === undefined) return savePath;
    const where = rescue(why);
    tell(p('bad', `The game could not be saved: ${why}. It is saved in ${where} instead.`));
    return where;
  };
  /** Writes the record to `path`; returns why it could not, or undefined. */
  const trySave = (path: string): string | undefined => {
    const record = s.toRecord();
    try {
      writeRecord(path, record);
      written = JSON.stringify(record);
      return undefined;
    } catch (e) {
      if (e instanceof RecordError) return `Not saved: ${e.message}.`;
      throw e;
    }
  };
  /**
   * Save as `path`: the lock goes with the game (lock.ts). The new file is locked before it is written
   * (a file another muster process holds is refused), and the old one is let go once the game is
   * saved in the new one: a `resume` of the new file while this game goes on is refused, and the old
   * file, no longer written, may be resumed.
   */
  const saveAsLocked = (path: string): string | undefined => {
    let lock: SaveLock;
    try {
      lock = SaveLock.acquire(path);
    } catch (e) {
      if (e instanceof RecordError) return `Not saved: ${e.message}.`;
      throw e;
    }
    const refused = trySave(path);
    if (refused) lock.release();
    else SaveLock.releaseHeld(savePath);
    return refused;
  };
  // A game over (Ctrl-C at its final pages) is not continued: it is looked at.
  const resumeHint = (path = savePath) =>
    s.decision() ? `continue with: ${run} resume ${path}` : `the game is over: look at it with: ${run} replay ${path}`;

  /** A forced step of a person's side, in what that side reads next (after the log that led to it). */
  const noteForced = (f: Forced) => {
    screen.catchUp(f.side, f.logAt);
    if (screen.hotSeat) {
      screen.note(f.side, p('dim', `[${f.phase}] ${f.prompt}`));
      screen.note(f.side, p('bold', `${f.side}: nothing to choose here (${f.label}).`));
    } else screen.note(f.side, p('dim', `[${f.phase}] ${f.side}: nothing to choose (${f.label}).`));
  };

  /**
   * A resumed game at the terminal: what each person has still to read, as if the game had not
   * stopped. Everyone's screens start after their own last decision (the log since then, and their
   * forced steps), except in hot-seat, where the players who are not deciding now read everything up to
   * the save at the hand-over before it.
   */
  const resumeUnread = (deciding: string | undefined) => {
    for (const side of humanSides) {
      // The board marks what changed since the side's last decision, as it would have had the game
      // not stopped: the state then is the record replayed up to that decision.
      const last = s.madeBy.lastIndexOf(side);
      if (last >= 0) screen.remember(side, s.stateAt(last));
      if (screen.hotSeat && side !== deciding) {
        screen.seenBy([side], s.log.length);
        continue;
      }
      const from = sinceLastDecision(s, side);
      screen.seenBy([side], from);
      const after = s.madeBy.lastIndexOf(side) + 1;
      for (const f of s.forced) if (f.side === side && f.at >= after && f.logAt >= from) noteForced(f);
    }
  };

  /**
   * Shows what the last choice led to. Forced decisions of a person are shown where they happened;
   * in hot-seat the keyboard goes to their side first, as for a real decision.
   */
  const showAftermath = async () => {
    for (const f of s.forced.slice(forcedSeen)) {
      if (!humanOf(f.side)) continue;
      // In hot-seat the keyboard goes to the side as for a real decision; the next hand-over's key acknowledges it.
      if (screen.hotSeat) await screen.handOver(f.side, f.logAt);
      noteForced(f);
    }
    forcedSeen = s.forced.length;
    screen.logTo(s.log.length);
  };

  /**
   * Hot-seat: the game stops with the deciding player's screen (their hand, their battle cards) up;
   * cleared before the exit message, as at a hand-over, so the next person at the keyboard does not
   * read it. A player alone at the terminal keeps the screen.
   */
  const leaveScreen = () => {
    if (screen.hotSeat) screen.clear();
  };

  // Ctrl-C outside a prompt (a bot playing, a long replay): save and leave.
  const onSigint = () => {
    try {
      leaveScreen();
      const where = saveLast();
      say(`\nInterrupted. The game is saved in ${where}; ${resumeHint(where)}`);
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      say(`\nInterrupted. ${e.message}`);
    } finally {
      process.exit(130);
    }
  };
  /** The moves of a script ran out: the game is saved at this decision (exit 0). */
  const movesRanOut = (ans: Extract<Answer, { kind: 'end' }>, d: Decision): number => {
    // The board was printed just before the decision (showBoard), and the decision itself when the
    // script was waited for: neither is printed again.
    if (!ans.shown) out(describeDecision(d));
    const where = saveLast();
    // In a game of sides, counted among the side's own decisions (the game's count tells how many the others made).
    const at =
      s.mod.sides.length > 1
        ? `${d.side}'s decision ${s.madeBy.filter((x) => x === d.side).length + 1}`
        : `decision ${s.choices.length + 1}`;
    say(`The moves ran out at ${at}. Saved in ${where}; ${resumeHint(where)}`);
    return 0;
  };

  /**
   * Why Save as may not write over the existing file `path`, or undefined when it holds an earlier
   * save of this game (notAnEarlierSave): a file that is not a record, or another game's, is kept.
   */
  const otherGame = (path: string): string | undefined => {
    let held: GameRecord;
    try {
      held = readRecord(path);
    } catch {
      return `${clip(path)} exists and is not a Muster record: not saved there.`;
    }
    const why = notAnEarlierSave(held, s.toRecord());
    return why === undefined ? undefined : `${clip(path)} holds another game (${why}): not saved there.`;
  };

  /** Save, or Save as: a new file, or one holding an earlier save of this game. */
  const saveGame = (ans: Extract<Answer, { kind: 'save' }>, d: Decision): void => {
    if (ans.path && !sameFile(ans.path, savePath)) {
      // Another game's record is never replaced (as `play` never replaces a save), and a file that
      // cannot be written leaves the game where it was. An earlier save of this game (one it was
      // saved to before a Save as) is the game's own: written over.
      const refused =
        (existsSync(ans.path)
          ? statSync(ans.path).isDirectory()
            ? `${clip(ans.path)} is a folder: not saved there (give a file name).`
            : otherGame(ans.path)
          : undefined) ?? saveAsLocked(ans.path);
      if (refused) return screen.note(d.side, p('bad', refused));
      savePath = ans.path;
      unsaved = screen.saveWarning = undefined;
      return screen.note(d.side, p('good', `Saved in ${savePath} (and saved there from now on).`));
    }
    if (autosave(d.side)) screen.note(d.side, p('good', `Saved in ${savePath}.`));
    else screen.note(d.side, p('bad', `Not saved: ${clip(savePath)} still cannot be written (why above); Save as... saves elsewhere.`));
  };

  /** Undo of the deciding side's latest decision, under the engine's rule (Session.canUndo). */
  const undo = (ans: Extract<Answer, { kind: 'undo' }>, d: Decision): void => {
    const back = undoLatest(s, d.side);
    if (typeof back === 'string') {
      if (ans.line !== undefined) {
        // A script goes on only as written: a refused undo would shift every later line.
        const where = saveLast();
        throw new CliError(
          `${ans.source ?? 'moves'} line ${ans.line}: cannot undo here (${d.side} to decide). ${back}\nThe game is saved in ${clip(where)}.`,
          2,
        );
      }
      return screen.note(d.side, back);
    }
    s = back;
    screen.use(s);
    forcedSeen = s.forced.length;
    // Counted among the side's own decisions: the game's count would tell how many the other side made
    // meanwhile (a newcomer read from "decision 7" how many battle cards Parliament had laid face down).
    const own = s.madeBy.filter((x) => x === d.side).length + 1;
    screen.note(d.side, p('good', `Undone: back to ${s.mod.sides.length > 1 ? `${d.side}'s` : 'your'} decision ${own}.`));
    autosave(d.side);
  };

  /** A choice: echoed when a script or a watched bot made it, applied, saved. Returns an exit code when the game stops here. */
  const choose = async (
    ans: Extract<Answer, { kind: 'choice' }>,
    d: Decision,
    decider: Decider,
    isHuman: boolean,
  ): Promise<number | undefined> => {
    if (!isHuman && (echoBots || !decider.kind.startsWith('bot')) && !(d.secret && !echoBots)) {
      const label = d.options.find((o) => o.id === ans.id)?.label;
      say(p('dim', `> ${clip(ans.id, 120)}${decider.kind.startsWith('bot') && label ? `   (${decider.kind}: ${label})` : ''}`));
    }
    const ranOut = await applyChoice(ans, d);
    if (ranOut) {
      const where = saveLast();
      // As when the moves run out: the game is saved at the decision in progress, exit 0. What the
      // given dice did before they ran out is shown (a what-if's last die), though not kept.
      const partial = s.previewInterrupted();
      if (partial.length) {
        out(
          p(
            'dim',
            `What choice ${s.choices.length + 1} did with the dice given, until they ran out (not kept: the choice is made again when the game goes on):`,
          ),
        );
        for (const l of partial) out(renderLogged(l, screen.context()));
      }
      out(describeDecision(d));
      say(diceRanOut(s, ranOut, ans.id, where, run));
      return 0;
    }
    autosave(d.side);
    await showAftermath();
    return undefined;
  };

  /** Game over: everything may be shown now; the final position and the result. */
  const gameOver = async (): Promise<number> => {
    const last = screen.holder ?? humanSides[0];
    // Bots run on to the end (r) have played on unwatched: the final position alone is shown.
    if (screen.interactive && last && !watch?.runningOn) {
      const unread = screen.unread(last);
      if (unread.length) await screen.page(unread, 'press a key for the final position');
    }
    const unsavedLines: string[] = [];
    const where = saveLast((l) => unsavedLines.push(l));
    const r = s.result();
    const end = [
      p('bold', `Game over: ${r.summary}`),
      ...unsavedLines,
      `Record saved in ${where}; check it with: ${run} replay ${where}`,
      ...(cfg.epilogue ? [cfg.epilogue] : []),
    ];
    // A game of bots only, watched at a terminal, pages its final position too.
    const watched = !screen.interactive && isInteractive();
    if (screen.interactive || watched) {
      // At a terminal the final position is paged (a key between pages), its end left on the screen.
      const lines = ['', ...s.render('all', screen.context()).split('\n'), '', ...end];
      // (the result never split from its end: a watched game's result began on the page before the last, cleared)
      await screen.page(lines, 'press a key to end', { keep: true, watched, together: end.length + 1 });
    } else {
      out('\n' + s.render('all', screen.context()) + '\n');
      for (const l of end) say(l);
    }
    return 0;
  };

  process.on('SIGINT', onSigint);
  try {
    if (cfg.resumed && screen.interactive) resumeUnread(s.decision()?.side);
    await showAftermath();
    for (;;) {
      const d = s.decision();
      if (!d) return await gameOver();
      if (atStepLimit(s.mod, s.choices.length)) {
        // A runaway game (step-limit.ts): saved, and stopped with the rules data that kept it going.
        const where = saveLast();
        throw new CliError(`${runawayMessage(s.mod, s.state, s.rules)}. The game is saved in ${clip(where)}.`, 2);
      }
      const decider = cfg.deciders[d.side];
      if (!decider) throw new CliError(`no player for side ${d.side}`, 1);
      // (a watched bot's choice is on its screen: not echoed below it)
      const isHuman = decider instanceof HumanDecider || decider instanceof WatchedBot;
      if (isHuman) await screen.handOver(d.side);
      else if (!screen.interactive && !decider.kind.startsWith('bot')) screen.showBoard(d);
      const ans: Answer = await ask(() => decider.decide(s, d, { canUndo: s.canUndo(d.side), undoRefusal: undoRefusal(s, d.side) }));
      switch (ans.kind) {
        case 'end':
          return movesRanOut(ans, d);
        case 'quit': {
          leaveScreen();
          const where = saveLast();
          const hint = resumeHint(where);
          say(`Saved in ${where}. ${hint[0].toUpperCase()}${hint.slice(1)}`);
          return 0;
        }
        case 'save':
          saveGame(ans, d);
          continue;
        case 'undo':
          undo(ans, d);
          continue;
        case 'choice': {
          const stopped = await choose(ans, d, decider, isHuman);
          if (stopped !== undefined) return stopped;
          continue;
        }
      }
    }
  } catch (e) {
    if (e instanceof Stopped) {
      leaveScreen();
      const where = saveLast();
      say(`\nStopped. The game is saved in ${where}; ${resumeHint(where)}`);
      return 130;
    }
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
  }

  /**
   * Applies a choice. Prompted dice: asks for each roll as it is needed (what led to it shown
   * first), then applies the choice again with it. Scripted dice that run out: the game is saved
   * at the decision in progress. An illegal scripted line ends the game.
   */
  async function applyChoice(ans: Extract<Answer, { kind: 'choice' }>, d: Decision): Promise<NeedRoll | undefined> {
    let previewed = 0;
    for (;;) {
      try {
        s.choose(ans.id);
        // The entries shown before a prompted roll are the choice's first ones: not printed twice.
        if (!screen.interactive) screen.shown += previewed;
        return;
      } catch (e) {
        if (e instanceof IllegalChoice) {
          const saved = saveLast();
          const where = ans.line !== undefined ? `${ans.source ?? 'moves'} line ${ans.line}: ` : '';
          throw new CliError(
            `${where}${quote(ans.id)} is not a legal choice here.\n${describeDecision(d)}\nThe game up to the previous decision is saved in ${clip(saved)}.`,
            2,
          );
        }
        if (e instanceof NeedRoll && s.diceMode === 'prompted' && human) {
          // Show what led to the roll before asking for it.
          for (const l of s.previewInterrupted()) {
            out(renderLogged(l, screen.context()));
            if (!screen.interactive) previewed++;
          }
          s.rolls.push(await askDraw(e, screen.context()));
          continue;
        }
        if (e instanceof NeedRoll) return e;
        throw e;
      }
    }
  }
}

/** The same file: both paths resolved (links followed where the file exists). */
function sameFile(a: string, b: string): boolean {
  const real = (x: string) => (existsSync(x) ? realpathSync(x) : resolve(x));
  return real(a) === real(b);
}

/**
 * The message when scripted dice run out: what the record holds, which draw is missing, and what to
 * give `resume`. The record is saved at the decision in progress (its choice is not recorded: it is
 * made again on resume with the added rolls).
 */
export function diceRanOut(s: Session, e: NeedRoll, choice: string, savePath: string, run: string): string {
  const given = s.rolls.length;
  const what = e.names
    ? `a draw among ${e.sides} (${e.reason}: 1 = ${e.names[0]} ... ${e.sides} = ${e.names[e.sides - 1]})`
    : `a D${e.sides} (${e.reason})`;
  return (
    `The scripted dice ran out at decision ${s.choices.length + 1} ("${choice}"): the ${given} roll${given === 1 ? '' : 's'} given ` +
    `${given === 1 ? 'was' : 'were'} all used, and roll #${e.index + 1} is needed: ${what}.\n` +
    `Saved in ${savePath} (${decisions(s.choices.length)}, ${given} roll${given === 1 ? '' : 's'}); decision ${s.choices.length + 1} is asked again ` +
    `(give "${choice}" again) when you continue with: ${run} resume ${savePath} --dice <more rolls> (or --dice prompted at a terminal)`
  );
}

/**
 * Sets a session up (`Session.start`), asking a person for prompted set-up rolls when needed. When
 * the set-up cannot be finished (scripted dice run out, or Ctrl-C at a prompted roll), the record of
 * the set-up so far (no choice, every roll given) is saved in `savePath`, so nothing typed is lost:
 * `resume` runs the set-up again with it and asks for (or is given) the rest. Returns undefined once
 * set up, else the exit code: 0 when the dice ran out (as when they run out later), 130 on Ctrl-C.
 */
export async function startSession(
  s: Session,
  human: HumanDecider | undefined,
  ctx: RenderContext,
  savePath: string,
): Promise<number | undefined> {
  const run = commandName();
  for (;;) {
    try {
      s.start();
      return undefined;
    } catch (e) {
      if (e instanceof NeedRoll && s.diceMode !== 'prompted') {
        writeRecord(savePath, s.toRecord());
        const given = s.rolls.length;
        const what = e.names ? `a draw among ${e.sides} (${e.reason})` : `a D${e.sides} (${e.reason})`;
        say(
          `The scripted dice ran out during the set-up: the ${given} roll${given === 1 ? '' : 's'} given ${given === 1 ? 'was' : 'were'} all used, ` +
            `and roll #${e.index + 1} is needed: ${what}.\n` +
            `Saved in ${savePath} (the set-up, no decision yet, ${given} roll${given === 1 ? '' : 's'}); continue with: ` +
            `${run} resume ${savePath} --dice <more rolls> (or --dice prompted at a terminal)`,
        );
        return 0;
      }
      if (e instanceof NeedRoll && s.diceMode === 'prompted' && human) {
        for (const l of s.previewInterrupted()) out(renderLogged(l, ctx));
        try {
          s.rolls.push(await ask(() => askDraw(e, ctx)));
        } catch (x) {
          if (!(x instanceof Stopped)) throw x;
          const typed = s.rolls.length;
          if (!typed) {
            say('\nStopped before the game was set up: no roll was typed yet, nothing to save.');
            return 130;
          }
          writeRecord(savePath, s.toRecord());
          say(
            `\nStopped during the set-up. The ${typed} roll${typed === 1 ? '' : 's'} typed so far (${s.rolls.join(', ')}) ` +
              `${typed === 1 ? 'is' : 'are'} saved in ${savePath}; continue with: ${run} resume ${savePath} (the set-up asks for the rest)`,
          );
          return 130;
        }
        continue;
      }
      throw e;
    }
  }
}
