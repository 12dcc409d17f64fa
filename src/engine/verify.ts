/**
 * Verifying a record against its replay (architecture.md, "Game record": the same record must
 * reproduce the same result and state hash or fail loudly): what differs, in words a person can act on.
 */
import type { Decision, Outcome } from './module.js';
import { clip, quote } from './quote.js';
import { stateHash, type GameRecord } from './record.js';

/** What a replay reached: its pending decision (null when over), its result and final state. */
export interface Replayed {
  decision: Decision | null;
  result: Outcome;
  state: unknown;
  /** Decisions replayed. */
  decisions: number;
}

/** How a record's claim compares with its replay. */
export interface Verification {
  /** The record claims a result (and state hash) to verify. */
  claimed: boolean;
  /** Nothing differs (true also when nothing is claimed). */
  ok: boolean;
  /** Each difference in words: the result (its first differing field), the state hash, an unfinished game. */
  differences: string[];
}

function shown(v: unknown): string {
  if (typeof v === 'string') return quote(v);
  return v === undefined ? 'nothing' : clip(JSON.stringify(v));
}

/** Fields of an outcome in the order they are compared (details last, key by key). */
const OUTCOME_FIELDS = ['finished', 'winner', 'level', 'points', 'turns', 'summary'] as const;

/** The differing fields of two outcomes, as `result.winner: recorded "X", replayed "Y"`. */
export function outcomeDifferences(recorded: Outcome, replayed: Outcome): string[] {
  const out: string[] = [];
  const diff = (name: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`result.${name}: recorded ${shown(a)}, replayed ${shown(b)}`);
  };
  for (const k of OUTCOME_FIELDS) diff(k, recorded[k], replayed[k]);
  const rd = (recorded.details ?? {}) as Record<string, unknown>;
  const pd = (replayed.details ?? {}) as Record<string, unknown>;
  const keys = [...Object.keys(pd), ...Object.keys(rd).filter((k) => !(k in pd))];
  for (const k of keys) diff(`details.${k}`, rd[k], pd[k]);
  for (const k of Object.keys(recorded)) {
    if (!(OUTCOME_FIELDS as readonly string[]).includes(k) && k !== 'details') diff(k, (recorded as never)[k], (replayed as never)[k]);
  }
  return out;
}

/** Short form of a state hash for messages: "sha256:1a2b3c4d5e6f…". */
function shortHash(h: string): string {
  return h.length > 19 ? `${h.slice(0, 19)}...` : h;
}

/**
 * Compares what a record claims with its replay. A record without a result claims nothing (an
 * unfinished save); a record whose choices leave the game unfinished but which claims a result is
 * a difference; otherwise the result (first differing field, and how many more) and the final state hash.
 */
export function verifyRecord(record: GameRecord, replayed: Replayed): Verification {
  if (!record.result && record.stateHash === undefined) return { claimed: false, ok: true, differences: [] };
  const differences: string[] = [];
  if (replayed.decision) {
    const d = replayed.decision;
    differences.push(
      `the record claims a finished game (${record.result ? quote(record.result.summary, 120) : 'a final state hash'}), ` +
        `but its ${replayed.decisions} choices leave the game unfinished: next, ${d.side} decides (${d.phase})`,
    );
    return { claimed: true, ok: false, differences };
  }
  if (record.result) {
    const fields = outcomeDifferences(record.result, replayed.result);
    if (fields.length)
      differences.push(
        fields[0] + (fields.length > 1 ? ` (and ${fields.length - 1} more field${fields.length > 2 ? 's' : ''} of the result)` : ''),
      );
  }
  const hash = stateHash(replayed.state);
  if (record.stateHash !== hash) {
    differences.push(`final state hash: recorded ${shortHash(record.stateHash ?? '(none)')}, replayed ${shortHash(hash)}`);
  }
  return { claimed: true, ok: differences.length === 0, differences };
}
