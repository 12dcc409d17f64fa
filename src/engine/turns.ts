/**
 * `replay --step`'s `t N`: the first decision of a turn, numbered as the game shows it. A game whose
 * turn track starts again (Irish Freedom's two wars) names each part (`GameModule.turnMark`); a turn
 * number found in several parts goes to the first, and a part's key picks another (`t cw 3`).
 */
import type { GameModule, TurnMark } from './module.js';

/** The turn `state` stands at: the module's own mark, else `result(state).turns` on one track. */
export function turnMarkOf<S, R>(mod: GameModule<S, R, unknown>, state: S, rules: R): TurnMark | undefined {
  if (mod.turnMark) return mod.turnMark(state, rules);
  const turn = mod.result(state, rules).turns;
  return turn === undefined ? undefined : { turn };
}

export interface TurnQuery {
  /** A part's key (`cw`), when typed. */
  part?: string;
  turn: number;
}

/** "t 3", "t cw 3" or "t cw3" as a query; null for any other command. */
export function parseTurnCommand(command: string): TurnQuery | null {
  const m = /^t\s+(?:([a-z][a-z-]*?)\s*)?(\d+)$/i.exec(command.trim());
  if (!m) return null;
  return m[1] ? { part: m[1].toLowerCase(), turn: Number(m[2]) } : { turn: Number(m[2]) };
}

interface Part {
  key?: string;
  name?: string;
  first: number;
  last: number;
}

/** The parts of a record's turns in order of play, each with its first and last turn. */
function partsOf(marks: (TurnMark | undefined)[]): Part[] {
  const parts: Part[] = [];
  for (const m of marks) {
    if (!m) continue;
    let p = parts.find((x) => x.key === m.part?.key);
    if (!p) parts.push((p = { key: m.part?.key, name: m.part?.name, first: m.turn, last: m.turn }));
    p.first = Math.min(p.first, m.turn);
    p.last = Math.max(p.last, m.turn);
  }
  return parts;
}

const partText = (p: Part) => `${p.name} turns ${p.first} to ${p.last} (t ${p.key} N)`;

/**
 * The decision to go to for `q`: `marks[k]` is the turn at decision k + 1. The first decision of
 * turn N (or of the next turn that has a decision) in the part named, else in the first part that
 * reaches turn N; `note` says when another part has a turn N too and how to go there. `error` when
 * the record has no such turn.
 */
export function locateTurn(marks: (TurnMark | undefined)[], q: TurnQuery): { index: number; note?: string } | { error: string } {
  const parts = partsOf(marks);
  const named = parts.filter((p) => p.key !== undefined);
  if (!named.length) {
    // One track: the first decision at turn N or later.
    if (q.part !== undefined) return { error: `This game's turns are not in parts: type t ${q.turn}.` };
    const k = marks.findIndex((m) => m !== undefined && m.turn >= q.turn);
    const last = parts[0]?.last ?? 0;
    return k < 0 ? { error: `The record ends before turn ${q.turn}: its last turn is ${last}.` } : { index: k };
  }
  const all = `The record's turns: ${named.map(partText).join('; ')}.`;
  const candidates = q.part === undefined ? named : named.filter((p) => p.key === q.part);
  if (!candidates.length) return { error: `No part "${q.part}" in this record. ${all}` };
  for (const p of candidates) {
    const k = marks.findIndex((m) => m !== undefined && m.part?.key === p.key && m.turn >= q.turn);
    if (k < 0) continue;
    const others = q.part === undefined ? named.filter((o) => o !== p && o.first <= q.turn && q.turn <= o.last) : [];
    const note = others.length
      ? `${p.name} turn ${q.turn}; ${others.map((o) => `${o.name} turn ${q.turn} is t ${o.key} ${q.turn}`).join(', ')}.`
      : undefined;
    return note ? { index: k, note } : { index: k };
  }
  return { error: `The record has no turn ${q.turn}${q.part === undefined ? '' : ` in the ${candidates[0].name}`}. ${all}` };
}
