/**
 * The fire preview (previewFire: the option label's "about N hits (at most M)", and the bots'
 * `expected`) against the fire itself (resolveFire), over the fire decisions of seeded playouts with
 * every casualty-order option: no throw of the dice makes more hits than "at most" says, every die a
 * hit makes that many where one firer fires, and "about" is the mean of the hits the fire makes.
 */
import { EngineDice, type Dice } from '../../../src/engine/dice.js';
import { makeEnv } from '../../../src/engine/env.js';
import type { Bot } from '../../../src/engine/module.js';
import { playout } from '../../../src/engine/playout.js';
import { resolveFire, type FireKind } from '../../../src/games/small-action/fire.js';
import { fireTargets } from '../../../src/games/small-action/phases.js';
import type { SaState } from '../../../src/games/small-action/types.js';
import { mod, rules, rulesData } from './helpers.js';

beforeAll(rulesData);

/** Figures down (aimed) or suppressed (suppressive) by one fire of `sec` at `target`, thrown with `dice`. */
function hitsOf(s: SaState, sec: number, target: number, kind: FireKind, dice: Dice): number {
  const t = structuredClone(s);
  const count = (x: SaState) => x.figures.filter((f) => (kind === 'aimed' ? f.status === 'casualty' : f.suppressed)).length;
  const before = count(t);
  resolveFire(t, makeEnv(dice, undefined, false, rules()), sec, target, kind);
  return count(t) - before;
}

/** Every die its highest face: every D20 hits, every danger-to-leaders D10 is a 10. */
const HIGHEST: Dice = {
  roll: (sides) => sides,
  rollSum: (n, sides) => n * sides,
  pick: (list) => list[list.length - 1],
  shuffle: (list) => list.slice(),
};

const OPTIONS: Record<string, string>[] = [
  {},
  { 'danger-to-leaders': 'on' },
  { 'danger-to-leaders': 'on-2ic', 'leader-last': 'section' },
  { 'leader-last': 'section' },
];
const RUNS = 200;

describe.each(['lane-ambush', 'patrol-clash'])('%s: the preview against the fire', (scenario) => {
  test.each(OPTIONS.map((o) => [JSON.stringify(o), o] as const))('options %s', (_, options) => {
    const H = mod.bots.heuristic as Bot<unknown>;
    let fires = 0;
    for (let k = 1; k <= 3; k++) {
      playout(mod, rules(), {
        seed: `preview-${k}`,
        options: { scenario, ...options },
        bots: { Blue: H, Red: H },
        afterStep: (s) => {
          if ((s.stage !== 'aimed' && s.stage !== 'suppressive') || s.queue[0] === undefined) return;
          const sec = s.queue[0];
          const kind: FireKind = s.stage;
          for (const { target, preview } of fireTargets(s, rules(), sec, kind)) {
            fires++;
            const all = hitsOf(s, sec, target, kind, HIGHEST);
            let sum = 0;
            let most = all;
            for (let r = 0; r < RUNS; r++) {
              const h = hitsOf(s, sec, target, kind, EngineDice.seeded(`${scenario}-${k}-${fires}-${r}`));
              sum += h;
              most = Math.max(most, h);
            }
            const mean = sum / RUNS;
            const at = `${scenario} ${JSON.stringify(options)} seed preview-${k}, turn ${s.turn}, ${kind} fire`;
            expect({ at, most: Math.min(most, preview.atMost) }).toEqual({ at, most });
            // One firer: every die a hit is the most it can do.
            if (preview.firers === 1) expect({ at, all }).toEqual({ at, all: preview.atMost });
            // The mean of 200 throws of at most ~20 dice: within 0.45 of the expected hits (about 3 standard errors; the seeds are fixed).
            expect({ at, mean, expected: preview.expected, near: Math.abs(mean - preview.expected) < 0.45 }).toMatchObject({ near: true });
          }
        },
      });
    }
    expect(fires).toBeGreaterThan(0);
  });
});
