/**
 * The shared test battery every game module runs (style.md, after OpenSpiel's basic tests and
 * Rally the Troops' fuzzer): random playouts that must end, never offer an empty decision, keep
 * the module's invariants, survive a JSON round trip, reproduce from their record, and refuse a
 * bogus choice without changing the state.
 */
import { botRng, EngineDice } from '../../src/engine/dice.js';
import { makeEnv } from '../../src/engine/env.js';
import { applyForced } from '../../src/engine/forced.js';
import { secretLeak } from '../../src/engine/secrets.js';
import type { Options, AnyGameModule } from '../../src/engine/module.js';
import { IllegalChoice } from '../../src/engine/module.js';
import { playout } from '../../src/engine/playout.js';
import { stateHash } from '../../src/engine/record.js';
import { resolveOptions, Session } from '../../src/engine/runner.js';
import stringWidth from 'string-width';

export interface BatteryConfig {
  mod: AnyGameModule;
  /** Returns the validated rules (loaded in a beforeAll). */
  rules: () => unknown;
  /** Option sets to play (default: the defaults). */
  optionSets?: Record<string, string>[];
  /** Seeds per option set for the invariant playouts. */
  seeds?: number;
  /** Decisions before a game counts as runaway (default: the module's own step limit). */
  maxSteps?: number;
  /** Games and decisions per game of the secrets property test (games with more than one side). */
  secretSeeds?: number;
  secretSteps?: number;
  /** Option sets the secrets property test plays (default: the first of `optionSets`): those that change what is hidden. */
  secretOptionSets?: Record<string, string>[];
}

export function runBattery(cfg: BatteryConfig): void {
  const { mod } = cfg;
  const sets = cfg.optionSets ?? [{}];
  const seeds = cfg.seeds ?? 200;
  const random = Object.fromEntries(mod.sides.map((s) => [s, mod.bots.random]));

  describe(`${mod.id}: shared module battery`, () => {
    for (const given of sets) {
      const label = JSON.stringify(given);
      test(`random playouts ${label}: every game ends, every decision has options, invariants hold after every step`, () => {
        const options: Options = resolveOptions(mod, given);
        for (let k = 0; k < seeds; k++) {
          const seed = `battery/${k}`;
          let checked = 0;
          const r = playout(mod, cfg.rules(), {
            seed,
            options,
            bots: random,
            maxSteps: cfg.maxSteps,
            afterStep: (state) => {
              const broken = mod.invariants(state, cfg.rules());
              if (broken.length) throw new Error(`seed ${seed} step ${checked}: ${broken.join('; ')}`);
              const d = mod.decision(state, cfg.rules());
              if (d && d.options.length === 0) throw new Error(`seed ${seed}: empty decision in ${d.phase}`);
              if (d && new Set(d.options.map((o) => o.id)).size !== d.options.length) {
                throw new Error(`seed ${seed}: duplicate option ids in ${d.phase}`);
              }
              checked++;
            },
          });
          expect(r.runaway).toBeUndefined();
          expect(r.outcome.finished).toBe(true);
          expect(mod.decision(r.state, cfg.rules())).toBeNull();
        }
      });
    }

    test('the module names its step limit and what keeps a runaway game going', () => {
      expect(mod.stepLimit).toBeGreaterThan(0);
      const s = new Session(mod, cfg.rules(), { seed: 'limit', options: sets[0], rulesHash: 'x', keepLog: false }).start();
      expect(mod.runaway?.(s.state, cfg.rules())).toMatch(/\S/);
    });

    test('optionsOf reads back, from the state set up, every value of every option (a position file is checked by it)', () => {
      if (!mod.optionsOf) return; // a module without options in its state: positions are not checked
      for (const spec of mod.optionsSpec)
        for (const value of spec.values) {
          const given = { ...sets[0], [spec.key]: value };
          const s = new Session(mod, cfg.rules(), { seed: 'options', options: given, rulesHash: 'x', keepLog: false }).start();
          expect([spec.key, value, mod.optionsOf(s.state)]).toEqual([spec.key, value, resolveOptions(mod, given)]);
        }
    });

    test('the same seed gives the same game; the record replays to the same state', () => {
      const options = resolveOptions(mod, sets[0]);
      for (let k = 0; k < 10; k++) {
        const a = playout(mod, cfg.rules(), { seed: `same/${k}`, options, bots: random, keepChoices: true });
        const b = playout(mod, cfg.rules(), { seed: `same/${k}`, options, bots: random });
        expect(stateHash(b.state)).toBe(stateHash(a.state));
        const s = new Session(mod, cfg.rules(), { seed: `same/${k}`, options: sets[0], rulesHash: 'x', keepLog: false }).start();
        for (const c of a.choices!) s.choose(c);
        expect(stateHash(s.state)).toBe(stateHash(a.state));
        expect(s.result()).toEqual(a.outcome);
      }
    });

    test('a decision `apply` hands back is the one `decision` gives for the state it leaves (GameModule.apply)', () => {
      // The engine takes it as the pending decision without asking again: any difference (a stale
      // option, a prompt of the state before) would change what bots, replays and players are offered.
      const rules = cfg.rules();
      const options = resolveOptions(mod, sets[0]);
      for (let k = 0; k < 5; k++) {
        const seed = `handed/${k}`;
        const env = makeEnv(EngineDice.seeded(seed), undefined, false, rules);
        const state = mod.setup(rules, options, env);
        let d = mod.decision(state, rules);
        for (let step = 0; d && step < (cfg.maxSteps ?? mod.stepLimit ?? 10_000); step++) {
          const id = mod.bots.random(mod.view(state, d.side, rules), d, botRng(`${seed}/${step}`));
          env.pending = d;
          const handed = mod.apply(state, id, env);
          env.pending = undefined;
          d = mod.decision(state, rules);
          if (handed === undefined) continue;
          expect({ step, handed: JSON.stringify(handed) }).toEqual({ step, handed: JSON.stringify(d) });
          expect(handed?.secret).toBe(d?.secret);
        }
      }
    });

    test('a state survives a JSON round trip mid-game (plain data only)', () => {
      const options = resolveOptions(mod, sets[0]);
      const a = playout(mod, cfg.rules(), { seed: 'json/1', options, bots: random, keepChoices: true });
      const half = Math.floor(a.choices!.length / 2);
      const s = new Session(mod, cfg.rules(), { seed: 'json/1', options: sets[0], rulesHash: 'x', keepLog: false }).start();
      for (const c of a.choices!.slice(0, half)) s.choose(c);
      const copy = JSON.parse(JSON.stringify(s.state));
      expect(copy).toEqual(s.state);
      expect(mod.decision(copy, cfg.rules())).toEqual(mod.decision(s.state, cfg.rules()));
      // Prompts and labels written only when read (getters) are compared as the JSON a transcript holds.
      expect(JSON.stringify(mod.decision(copy, cfg.rules()))).toBe(JSON.stringify(mod.decision(s.state, cfg.rules())));
    });

    test('a bogus choice throws IllegalChoice and leaves the state unchanged', () => {
      const s = new Session(mod, cfg.rules(), { seed: 'bogus', options: sets[0], rulesHash: 'x', keepLog: false }).start();
      const before = JSON.stringify(s.state);
      expect(() => mod.apply(s.state, 'no such option', makeEnv(EngineDice.scripted([]), undefined, false, cfg.rules()))).toThrow(
        IllegalChoice,
      );
      expect(JSON.stringify(s.state)).toBe(before);
    });

    test('view and render never change the state, with and without colour', () => {
      const options = resolveOptions(mod, sets[0]);
      const a = playout(mod, cfg.rules(), { seed: 'view/1', options, bots: random, keepChoices: true });
      const s = new Session(mod, cfg.rules(), { seed: 'view/1', options: sets[0], rulesHash: 'x', keepLog: false }).start();
      for (const c of a.choices!.slice(0, Math.min(20, a.choices!.length))) s.choose(c);
      const before = JSON.stringify(s.state);
      for (const side of [...mod.sides, 'all']) {
        const plain = mod.render(mod.view(s.state, side, cfg.rules()), { color: false, width: 100 });
        expect(plain.includes('\u001b[')).toBe(false);
        mod.render(mod.view(s.state, side, cfg.rules()), { color: true, width: 100 });
      }
      expect(JSON.stringify(s.state)).toBe(before);
    });

    if (mod.sides.length > 1)
      for (const given of cfg.secretOptionSets ?? [sets[0]])
        secretsTest(cfg, given, cfg.secretOptionSets ? ` ${JSON.stringify(given)}` : '');

    test('every rules topic renders, within 80 columns when asked for 80', () => {
      for (const t of mod.rulesTopics) {
        expect(mod.renderRules(cfg.rules(), t.name, { color: false }).length).toBeGreaterThan(0);
        const wide = mod
          .renderRules(cfg.rules(), t.name, { color: false, width: 80 })
          .split('\n')
          .filter((l) => stringWidth(l) > 80);
        expect({ topic: t.name, wide }).toEqual({ topic: t.name, wide: [] });
      }
    });

    test('the heuristic bot plays whole games without illegal choices', () => {
      const options = resolveOptions(mod, sets[0]);
      const heur = Object.fromEntries(mod.sides.map((s) => [s, mod.bots.heuristic]));
      for (let k = 0; k < 20; k++) {
        const r = playout(mod, cfg.rules(), { seed: `heur/${k}`, options, bots: heur, maxSteps: cfg.maxSteps });
        expect(r.runaway).toBeUndefined();
        expect(r.outcome.finished).toBe(true);
      }
    });
  });
}

/** The secrets property test (architecture.md, "Secrets") of a module with more than one side, under one option set. */
function secretsTest(cfg: BatteryConfig, given: Record<string, string>, label: string): void {
  const { mod } = cfg;
  test(`secrets${label}: a side's view, screen, status line and prompt are the same whatever it may not know`, () => {
    // architecture.md, "Secrets": perturbHidden changes every hidden part (the other hand, deck order,
    // unrevealed commitments and their number, hidden stacks); the side's whole output must not move.
    expect(mod.perturbHidden).toBeDefined();
    const rules = cfg.rules();
    const options = resolveOptions(mod, given);
    let compared = 0;
    let changed = 0;
    for (let k = 0; k < (cfg.secretSeeds ?? 6); k++) {
      const seed = `secrets/${k}`;
      const env = makeEnv(EngineDice.seeded(seed), undefined, false, rules);
      const state = mod.setup(rules, options, env);
      const rng = botRng(`${seed}/perturb`);
      for (let step = 0, d = applyForced(mod, state, env); d && step < (cfg.secretSteps ?? 400); step++, d = applyForced(mod, state, env)) {
        for (const side of mod.sides) {
          // Screens cost milliseconds (tables): compared at every fifth decision, views at every one.
          const r = secretLeak(mod, rules, state, side, rng, step % 5 === 0);
          expect(r.leak).toBeNull();
          if (r.changed) changed++;
          compared++;
        }
        const view = mod.view(state, d.side, rules);
        mod.apply(state, mod.bots.random(view, d, botRng(`${seed}/${step}`)), env);
      }
    }
    expect(compared).toBeGreaterThan(50);
    // A perturbation that never changes anything would make this test pass vacuously.
    expect(changed).toBeGreaterThan(compared / 4);
  });
}
