/**
 * Issue 7, case 9: every game has a step limit. A game that has not ended by then is stopped cleanly:
 * `play` saves it and says which rules data kept it going; `simulate` counts it and never dies of it;
 * `simulate` checks the invariants after every decision and reports a broken one with seed and step.
 */
import { jest } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoop } from '../../src/commands/game-loop.js';
import { simulateGames } from '../../src/commands/simulate.js';
import { CliError } from '../../src/commands/errors.js';
import { BotDecider } from '../../src/engine/deciders/bot.js';
import type { GameModule } from '../../src/engine/module.js';
import { playout } from '../../src/engine/playout.js';
import { checkRecord } from '../../src/engine/record.js';
import { resolveOptions, Session } from '../../src/engine/runner.js';
import { DEFAULT_STEP_LIMIT, stepLimitOf } from '../../src/engine/step-limit.js';
import { englishCivilWar } from '../../src/games/english-civil-war/index.js';
import { irishFreedom } from '../../src/games/irish-freedom/index.js';
import { toyGame, type ToyState } from './toy-game.js';

/** Pig whose bots never bank: it never ends. */
const endless: GameModule<ToyState, { target: number }, ToyState> = {
  ...toyGame,
  stepLimit: 7,
  runaway: (s) => `${s.banked} points banked of rules target; nobody ever holds`,
  bots: { random: (_v, d) => (d.options[0].id === 'hold' ? 'roll' : (d.options.find((o) => o.id === 'roll')?.id ?? d.options[0].id)) },
};

describe('the step limit', () => {
  test('every module names one (documented in rules/<game>.md)', () => {
    expect(stepLimitOf(englishCivilWar)).toBe(10_000);
    expect(stepLimitOf(irishFreedom)).toBe(2_000);
    expect(stepLimitOf({ ...toyGame, stepLimit: undefined })).toBe(DEFAULT_STEP_LIMIT);
  });

  test("a playout stops there, unfinished, with the module's reason", () => {
    const r = playout(endless, {}, { seed: 's', options: resolveOptions(endless), bots: { Solo: endless.bots.random } });
    expect(r.steps).toBe(7);
    expect(r.outcome.finished).toBe(false);
    expect(r.runaway).toBe('Toy Pig did not end within its step limit of 7 decisions: 0 points banked of rules target; nobody ever holds');
  });

  test('play stops cleanly at the limit: saved, exit 2, naming the rules data that kept it going', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-limit-'));
    const savePath = join(dir, 'endless.json');
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const session = new Session(endless, {}, { seed: 's', rulesHash: `sha256:${'0'.repeat(64)}`, keepLog: false }).start();
    let error: unknown;
    try {
      await runLoop({ session, deciders: { Solo: new BotDecider(endless.bots.random, 'random') }, ctx: { color: false }, savePath });
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      error = e;
    } finally {
      write.mockRestore();
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).code).toBe(2);
    expect((error as CliError).message).toMatch(
      /^Toy Pig did not end within its step limit of 7 decisions: 0 points banked .*nobody ever holds\. The game is saved in .*endless\.json\.$/,
    );
    const rec = checkRecord(JSON.parse(readFileSync(savePath, 'utf8')), savePath);
    expect(rec.choices).toHaveLength(7);
    expect(rec.result).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['endless.json']);
    rmSync(dir, { recursive: true });
  });

  test('simulate counts a game at the limit as unfinished and goes on (never an internal "runaway game" error)', () => {
    const run = simulateGames(endless, {}, { n: 3, seed: 'x', botName: 'random' });
    expect(run.report.runawayGames.count).toBe(3);
    expect(run.report.runawayGames.first).toEqual({
      seed: 'x/1',
      reason: expect.stringMatching(/step limit of 7 decisions: .*nobody ever holds/),
    });
    expect(run.report.games).toBe(3);
    expect(run.report.completion).toMatchObject({ count: 0, of: 3, runaways: 3 });
  });
});

describe('simulate checks the invariants after every decision', () => {
  /** Pig whose invariants break once the second turn begins. */
  const planted: GameModule<ToyState, { target: number }, ToyState> = {
    ...toyGame,
    invariants: (s) => (s.turn >= 2 ? ['planted: turn 2 reached'] : []),
  };

  test('a broken invariant stops the run with exit 1, naming the game, its seed, the decision and how to play it again', () => {
    let error: unknown;
    try {
      simulateGames(planted, {}, { n: 5, seed: 'inv', botName: 'random', given: { target: '20' } });
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).code).toBe(1);
    expect((error as CliError).message).toMatch(
      /^an invariant of toy broke in game 1 \(seed inv\/1\) after decision \d+: planted: turn 2 reached\. Play it again with: muster play toy --seed inv\/1 --bot random --option target=20$/,
    );
  });

  test('--no-check skips them', () => {
    expect(simulateGames(planted, {}, { n: 5, seed: 'inv', botName: 'random', check: false }).report.games).toBe(5);
  });
});
