/**
 * Test helpers that catch only the exception a test expects (anything else fails the test).
 */
import { NeedRoll } from '../../src/engine/dice.js';

/**
 * Runs `f`, which may stop for want of a scripted die roll (NeedRoll: the test has checked what it
 * needs before that point). Any other exception is rethrown.
 */
export function untilDiceRunOut(f: () => void): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof NeedRoll)) throw e;
  }
}

/** The exception of class `type` that `f` throws; fails when `f` throws nothing or something else. */
export function thrownBy<E extends Error>(type: abstract new (...args: never[]) => E, f: () => unknown): E {
  try {
    f();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(`expected ${type.name} to be thrown, but nothing was`);
}
