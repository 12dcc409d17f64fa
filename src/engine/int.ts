/**
 * A whole number in a game's state: a count, a turn, a strength, an index. To TypeScript it is a
 * `number`; the state schema generator (tests/engine/state-schemas.test.ts) reads the tag below and
 * writes `"type": "integer"`, so an edited position holding 2.5 where a count belongs is refused.
 *
 * @asType integer
 */
export type Int = number;
