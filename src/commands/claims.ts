/**
 * A record that claims a result (and final state hash) its choices do not reach, edited or damaged,
 * is refused by the commands that go on from its choices (`resume`, `odds`), with what differs and
 * how to check it (architecture.md, "Game record": replays verify or fail loudly). `replay` reports
 * the same differences itself (src/engine/verify.ts does the comparing for all three).
 */
import { clip } from '../engine/quote.js';
import { RecordError, type GameRecord } from '../engine/record.js';
import type { Session } from '../engine/runner.js';
import { verifyRecord } from '../engine/verify.js';
import { commandName } from './common.js';

/**
 * Throws RecordError (exit 2) when `record`, replayed whole in `session`, does not reach what it
 * claims. `path`: the record's file; `toUse`: what the user means to do with its choices ("play on").
 */
export function refuseFalseClaims(record: GameRecord, session: Session, path: string, toUse: string): void {
  const check = verifyRecord(record, {
    decision: session.decision(),
    result: session.result(),
    state: session.state,
    decisions: session.choices.length,
  });
  if (check.ok) return;
  throw new RecordError(
    `${clip(path)} does not replay to what it claims: ${check.differences.join('; ')}. ` +
      `Check it with: ${commandName()} replay ${clip(path)}; to ${toUse} from its choices, remove its "result" and "stateHash"`,
  );
}
