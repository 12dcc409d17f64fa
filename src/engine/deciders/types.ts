/** What a decider answers: a choice id, or one of the player's commands around the game. */
import type { Decision } from '../module.js';
import type { Session } from '../runner.js';

export type Answer =
  | { kind: 'choice'; id: string; /** 1-based line of a script, for error messages. */ line?: number; source?: string }
  | { kind: 'undo' }
  | { kind: 'save' }
  | { kind: 'quit' }
  /** A script has no more lines: stop at this decision. */
  | { kind: 'end' };

/** Makes one side's decisions. */
export interface Decider {
  /** "human", "script" or "bot:<name>" (written into records). */
  kind: string;
  decide(session: Session, decision: Decision): Promise<Answer>;
}
