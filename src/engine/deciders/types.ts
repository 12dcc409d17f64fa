/** What a decider answers: a choice id, or one of the player's commands around the game. */
import type { Decision } from '../module.js';
import type { Session } from '../runner.js';

export type Answer =
  | { kind: 'choice'; id: string; /** 1-based line of a script, for error messages. */ line?: number; source?: string }
  /** Take back this side's latest decision (the engine's undo rule); `line`/`source`: a script's undo line. */
  | { kind: 'undo'; line?: number; source?: string }
  /** Save now; with `path`, to that file (and from then on: "Save as"). */
  | { kind: 'save'; path?: string }
  | { kind: 'quit' }
  /** A script has no more lines: stop at this decision (`shown`: the decision was printed while the script was waited for). */
  | { kind: 'end'; shown?: boolean };

/** What the play loop tells a decider besides the decision. */
export interface DecisionContext {
  /** Whether undo can go back to an earlier decision of this side (the loop knows who made each choice). */
  canUndo: boolean;
  /** When undo is not possible: why, in words fit for the player (the game's number of sides taken into account). */
  undoRefusal?: string;
}

/** Makes one side's decisions. */
export interface Decider {
  /** "human", "script" or "bot:<name>". */
  kind: string;
  decide(session: Session, decision: Decision, context: DecisionContext): Promise<Answer>;
}
