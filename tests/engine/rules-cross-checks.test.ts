/**
 * The module's cross-checks of a rules file (what its schema cannot check): the message names the
 * file given with --rules, whichever game (Small Action named its default file, whatever was given),
 * and each problem names the entry at fault by its JSON path.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RulesDataError } from '../../src/engine/module.js';
import { loadRules, RULES_DIR } from '../../src/engine/rules.js';
import { findGame } from '../../src/games/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rules data of any game, edited in place
type Rules = Record<string, any>;

const dir = mkdtempSync(join(tmpdir(), 'muster-cross-'));

/** The error loading `game`'s rules data changed by `edit`, written to a file of its own. */
async function refusal(game: string, edit: (raw: Rules) => void): Promise<RulesDataError> {
  const mod = await findGame(game)!.load();
  const raw = JSON.parse(readFileSync(join(RULES_DIR, `${mod.rulesName}.json`), 'utf8'));
  edit(raw);
  const file = join(dir, `${game}-modified.json`);
  writeFileSync(file, JSON.stringify(raw));
  try {
    await loadRules(mod, file);
  } catch (e) {
    if (e instanceof RulesDataError) return e;
    throw e;
  }
  throw new Error(`${game}: the modified rules loaded`);
}

const EDITS: [string, (raw: Rules) => void, string][] = [
  ['small-action', (r) => (r.grid.cellSize = 60), '/scenarios/0/map (lane-ambush): 24 rows, but the table'],
  ['irish-freedom', (r) => r.combatResults.splice(2, 1), '/combatResults: no row for score 3'],
  ['english-civil-war', (r) => (r.deckSize -= 1), '/deckSize: '],
  ['irlande-1798', (r) => (r.setup.fleetHex = r.setup.french.hex === '0101' ? '0102' : '0101'), '/setup/fleetHex'],
];

test.each(EDITS)(
  '%s: a modified file that fails the cross-checks is named in the message, each problem by its JSON path',
  async (game, edit, problem) => {
    const e = await refusal(game, edit);
    expect(e.message).toMatch(new RegExp(`^rules file .*${game}-modified\\.json: .* rules data fails its cross-checks$`));
    expect(e.message).not.toMatch(/rules\/[a-z-]+\.json/);
    expect(e.problems.some((p) => p.startsWith(problem))).toBe(true);
    for (const p of e.problems) expect(p).toMatch(/^\//);
  },
);

test('small-action: a changed cell size names /grid/cellSize, and the rows of one wrong length in one line', async () => {
  const e = await refusal('small-action', (r) => (r.grid.cellSize = 60));
  expect(e.problems).toContain(
    "/scenarios/0/map (lane-ambush): rows 1 to 24 have 36 cells, but the table's width of 1800 mm makes 30 of /grid/cellSize (60 mm)",
  );
  expect(e.problems).toHaveLength(4);
});

describe('irlande-1798: every hex, town, turn and general reference is named by its JSON path', () => {
  test.each<[string, (r: Rules) => void, string]>([
    ['sligo rout hex', (r) => (r.rout.sligoRoutHex = '9997'), '/rout/sligoRoutHex: unknown hex 9997'],
    ['English rout hexes', (r) => (r.rout.englishRoutHexes = ['9999']), '/rout/englishRoutHexes/0: unknown hex 9999'],
    ['Killala', (r) => (r.setup.killala = '9996'), '/setup/killala: unknown hex 9996'],
    ['Sligo frozen hexes', (r) => (r.setup.sligoFrozenUntil[1] = '9995'), '/setup/sligoFrozenUntil/1: unknown hex 9995'],
    [
      'two victory towns on one hex',
      (r) => (r.victory.towns[1].hex = r.victory.towns[0].hex),
      '/victory/towns/1: Collooney is on hex 0201, as /victory/towns/0 (Sligo) is',
    ],
    [
      'a reinforcement after the last turn',
      (r) => (r.reinforcements[0].turn = 99),
      '/reinforcements/0/turn: turn 99 is after the last turn (/turns/count: 8)',
    ],
    [
      'a general twice',
      (r) => (r.reinforcements[1].generals = ['humbert']),
      '/reinforcements/1/generals/0: general humbert is also /setup/french/generals/0',
    ],
  ])('%s', async (_what, edit, problem) => {
    const e = await refusal('irlande-1798', edit);
    expect(e.problems).toContain(problem);
    for (const p of e.problems) expect(p).toMatch(/^\//);
  });
});
