import { describe, expect, test } from '@jest/globals';
import { advance, irishFreedom } from '../../../src/games/irish-freedom/index.js';
import { mapOf } from '../../../src/games/irish-freedom/map.js';
import { civilWarPoints, levelFor, treatyPoints, victoryLevels } from '../../../src/games/irish-freedom/victory.js';
import { simulateGames } from '../../../src/commands/simulate.js';
import { add, bare, env, rules } from './helpers.js';
import { RulesDataError } from '../../../src/engine/module.js';
import { thrownBy, untilDiceRunOut } from '../../engine/expect-errors.js';

const m = mapOf(rules);

describe('Treaty Sequence and Ending the Game', () => {
  test('treaty points by turn: 2-4 = 4, 5-6 = 3, 7-8 = 2, 9-10 = 1', () => {
    const s = bare();
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10].map((t) => treatyPoints(s, m, t).turnPoints)).toEqual([4, 4, 4, 3, 3, 2, 2, 1, 1]);
  });

  test('the Ulster bonus needs strictly more Irish strength in Ulster than British', () => {
    const s = bare();
    add(s, 'army', 'red', 'ulster/3-4'); // 4 in the City
    add(s, 'guerrilla', 'green', 'ulster/1-2'); // 2
    add(s, 'flying-column', 'green', 'ulster/1-2'); // 3 -> 5 > 4
    expect(treatyPoints(s, m, 5)).toMatchObject({ turnPoints: 3, ulsterBonus: true, total: 4, level: 'Major Irish Victory' });
    add(s, 'mob', 'orange', 'ulster/5'); // British 5: equal, no bonus
    expect(treatyPoints(s, m, 5)).toMatchObject({ ulsterBonus: false, total: 3, level: 'Good Irish Victory' });
  });

  test('War of Independence levels: 4+ Major, 3 Good, 2 Historical, 1 Poor', () => {
    expect([5, 4, 3, 2, 1].map((p) => levelFor(rules.treatyLevels, p))).toEqual([
      'Major Irish Victory',
      'Major Irish Victory',
      'Good Irish Victory',
      'Historical Irish Victory',
      'Poor Irish Victory',
    ]);
  });

  test('war=independence ends after the Treaty sequence with the War of Independence level', () => {
    const s = bare({ war: 'independence' });
    s.turn = 7;
    s.phase = 'treaty';
    advance(s, env([]));
    expect(irishFreedom.decision(s, rules)).toBeNull();
    expect(irishFreedom.result(s, rules)).toMatchObject({ finished: true, winner: 'Irish', level: 'Historical Irish Victory', points: 2 });
  });

  test('in a campaign the player chooses to stop at the Treaty or go on to the Civil War', () => {
    const s = bare();
    s.turn = 3;
    s.phase = 'treaty';
    advance(s, env([]));
    expect(irishFreedom.decision(s, rules)!.options.map((o) => o.id)).toEqual(['treaty continue', 'treaty stop']);
    irishFreedom.apply(s, 'treaty stop', env([]));
    expect(irishFreedom.result(s, rules)).toMatchObject({
      winner: 'Irish',
      level: 'Major Irish Victory',
      points: 4,
      details: { treatyTurn: 3 },
    });
    const t = bare();
    t.turn = 3;
    t.phase = 'treaty';
    advance(t, env([]));
    untilDiceRunOut(() => irishFreedom.apply(t, 'treaty continue', env([]))); // the set-up needs dice
    expect(t.war).toBe('civil');
    expect(t.woiPoints).toBe(4);
  });

  test('Civil War points: 3 before turn 3, 2 on turns 3-4, 1 on 5-6, 0 later; +1 per Region with only blue units (or none)', () => {
    const s = bare({}, 'civil');
    add(s, 'flying-column', 'green', 'kerry/1-2');
    add(s, 'uvf', 'orange', 'ulster/6');
    add(s, 'regular', 'blue', 'cork/1-2');
    const pts = (turn: number) => {
      s.surrenderTurn = turn;
      return civilWarPoints(s, m);
    };
    expect(pts(2)).toEqual({ surrenderPoints: 3, regions: 4, total: 7 });
    expect(pts(3).surrenderPoints).toBe(2);
    expect(pts(4).surrenderPoints).toBe(2);
    expect(pts(5).surrenderPoints).toBe(1);
    expect(pts(6).surrenderPoints).toBe(1);
    expect(pts(7).surrenderPoints).toBe(0);
  });

  test('final levels: 9+ Michael Collins, 7-8 The Wind that Shakes the Barley, 5-6 The Field, 4 or less The Crying Game', () => {
    const s = bare({}, 'civil');
    s.woiPoints = 4;
    s.cwPoints = 5;
    s.surrenderTurn = 4;
    s.over = 'surrender';
    s.phase = 'over';
    expect(irishFreedom.result(s, rules)).toMatchObject({ winner: 'Irish', level: 'Major Victory (Michael Collins)', points: 9 });
    s.cwPoints = 3;
    expect(irishFreedom.result(s, rules).level).toBe('Good Victory (The Wind that Shakes the Barley)');
    s.cwPoints = 2;
    expect(irishFreedom.result(s, rules).level).toBe('Average Victory (The Field)');
    s.woiPoints = 0;
    expect(irishFreedom.result(s, rules).level).toBe('Poor Victory (The Crying Game)');
  });
});

describe('Module contract', () => {
  test('the view holds no order of the remaining cards (draws are die picks among the undrawn cards)', () => {
    const s = bare();
    const v = irishFreedom.view(s, 'Irish', rules);
    expect(JSON.stringify(v)).not.toContain('tom-barry');
    expect(irishFreedom.render(v, { color: false })).toContain('green deck 9 left');
  });

  test('render shows the six Regions, roads and tracks within 100 columns, without colour', () => {
    const s = irishFreedom.setup(rules, {}, env([6, 4, 4, 6]));
    const out = irishFreedom.render(irishFreedom.view(s, 'Irish', rules), { color: false });
    expect(out).toContain('1 DUBLIN');
    expect(out).toContain('6 KERRY');
    expect(out).toContain('Belfast');
    expect(out).toMatch(/FC\[g\]/);
    expect(out).toContain('Roads:');
    expect(out).toContain('[1]');
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  test('every rules topic fits in 100 columns (long text cells wrapped), and keeps its text', () => {
    for (const t of irishFreedom.rulesTopics) {
      const out = irishFreedom.renderRules(rules, t.name, { color: false, width: 100 });
      for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    }
    const counters = irishFreedom.renderRules(rules, 'counters', { color: false });
    expect(counters).toMatch(/\| Army +\| red +\| 3-4-4 +\| within its Region or/);
    expect(counters).toMatch(/\| +along a road +\|/); // the rest of the cell on the next line
    const cards = irishFreedom.renderRules(rules, 'cards', { color: false });
    for (const line of cards.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  test('every rules topic renders', () => {
    for (const t of irishFreedom.rulesTopics) expect(irishFreedom.renderRules(rules, t.name, { color: false }).length).toBeGreaterThan(50);
  });

  test('loadRules rejects a map whose roads do not cover 1-6 for a Region', () => {
    const bad = JSON.parse(JSON.stringify(rules));
    bad.roads[0].ends[0].dice = [1];
    expect(thrownBy(RulesDataError, () => irishFreedom.loadRules(bad)).problems.join()).toMatch(/Region dublin's road numbers/);
  });

  test('loadRules rejects a map of more than 31 Areas (the map scans keep one bit per Area)', () => {
    const big = JSON.parse(JSON.stringify(rules));
    while (big.areas.length <= 31) big.areas.push({ ...big.areas[0] });
    expect(thrownBy(RulesDataError, () => irishFreedom.loadRules(big)).problems).toContain('/areas: at most 31 Areas (got 32)');
  });

  test('the schema-validating loader accepts the rules file', async () => {
    const { loadRules } = await import('../../../src/engine/rules.js');
    const r = await loadRules(irishFreedom);
    expect(r.rules.regions.length).toBe(6);
  });

  test('help and invariants', () => {
    const s = irishFreedom.setup(rules, {}, env([6, 4, 4, 6]));
    expect(irishFreedom.help(s, rules)).toMatch(/two actions/);
    expect(irishFreedom.invariants(s, rules)).toEqual([]);
    s.units[0].area = 'nowhere/7';
    expect(irishFreedom.invariants(s, rules).join()).toMatch(/unknown Area/);
  });
});

describe('which war a turn belongs to, on the screen', () => {
  const view = (s: ReturnType<typeof bare>) => irishFreedom.view(s, 'Irish', rules);

  test("the status line names the war of the turn; between the wars it gives the Treaty's turn, not a bare 'Turn 7/10'", () => {
    const w = bare();
    w.turn = 3;
    expect(irishFreedom.status!(view(w), 100)).toMatch(/^War of Independence turn 3\/10 \| British upgrade phase/);
    const setup = bare({}, 'civil');
    Object.assign(setup, { turn: 7, phase: 'treaty-setup', treatyTurn: 7, woiPoints: 2 });
    const line = irishFreedom.status!(view(setup), 100);
    expect(line).toMatch(/^Treaty on War of Independence turn 7 \| Civil War set-up/);
    expect(line).not.toMatch(/Turn 7\/10/);
    const civil = bare({}, 'civil');
    Object.assign(civil, { turn: 2, phase: 'free-state-actions', treatyTurn: 7, woiPoints: 2 });
    expect(irishFreedom.status!(view(civil), 100)).toMatch(/^Civil War turn 2\/10 \| Free State move\/recruit phase/);
  });

  test('during the Civil War the Treaty line says it is the War of Independence result, counted again at the end', () => {
    const civil = bare({}, 'civil');
    Object.assign(civil, { turn: 2, phase: 'free-state-actions', treatyTurn: 7, woiPoints: 2 });
    const out = irishFreedom.render(view(civil), { color: false, width: 80 });
    expect(out).not.toMatch(/^Treaty on turn 7: 2 points\.$/m);
    expect(out.replace(/\n/g, ' ')).toMatch(
      /War of Independence result: the Treaty on its turn 7, 2 points; they are added to the Civil War's points when the Republicans surrender\./,
    );
    expect(out).toMatch(/^Civil War turn: /m);
    // Once the game is over the points are no longer waiting for a surrender (a newcomer's find)
    const ended = bare({}, 'civil');
    Object.assign(ended, { turn: 5, phase: 'over', over: 'surrender', treatyTurn: 4, woiPoints: 4 });
    const end = irishFreedom.render(view(ended), { color: false, width: 80 }).replace(/\n/g, ' ');
    expect(end).toMatch(
      /War of Independence result: the Treaty on its turn 4, 4 points, added to the Civil War's points in the final score\./,
    );
    expect(end).not.toMatch(/when the Republicans surrender/);
  });
});

test('the Combat table cross-check names a missing row, and overlapping rows, by their paths', () => {
  const gap = JSON.parse(JSON.stringify(rules));
  gap.combatResults = gap.combatResults.filter((r: { min: number }) => r.min !== 3);
  expect(thrownBy(RulesDataError, () => irishFreedom.loadRules(gap)).problems).toContain(
    '/combatResults: no row for score 3 (between /combatResults/1, score 2, and /combatResults/2, score 4)',
  );
  const overlap = JSON.parse(JSON.stringify(rules));
  overlap.combatResults[3].min = 3;
  expect(thrownBy(RulesDataError, () => irishFreedom.loadRules(overlap)).problems).toContain(
    '/combatResults/3: overlaps /combatResults/2 on score 3',
  );
});

test('the points-by-turn cross-check: a turn in two treatyPoints or surrenderPoints rows is refused, naming both rows', () => {
  const overlap = JSON.parse(JSON.stringify(rules));
  overlap.treatyPoints[1].turns = [4, 5, 6]; // turn 4 is the first row's too
  expect(thrownBy(RulesDataError, () => irishFreedom.loadRules(overlap)).problems).toEqual([
    '/treatyPoints/1: turn 4 is also in /treatyPoints/0',
  ]);
  const twice = JSON.parse(JSON.stringify(rules));
  twice.surrenderPoints[2].turns = [2, 5, 6];
  expect(thrownBy(RulesDataError, () => irishFreedom.loadRules(twice)).problems).toEqual([
    '/surrenderPoints/2: turn 2 is also in /surrenderPoints/0',
  ]);
});

test('treatyPoints must give points for every turn a Treaty can come (2 to lastTurn); surrender turns past the rows score nothing', () => {
  const gap = JSON.parse(JSON.stringify(rules));
  gap.treatyPoints[2].turns = [7];
  expect(thrownBy(RulesDataError, () => irishFreedom.loadRules(gap)).problems).toEqual([
    '/treatyPoints: no row for turn 8 (every turn from 2 to 10 needs one)',
  ]);
  const longer = JSON.parse(JSON.stringify(rules));
  longer.lastTurn.turn = 10;
  longer.treatyPoints.pop();
  expect(thrownBy(RulesDataError, () => irishFreedom.loadRules(longer)).problems).toEqual([
    '/treatyPoints: no row for turns 9, 10 (every turn from 2 to 10 needs one)',
  ]);
  const fewer = JSON.parse(JSON.stringify(rules));
  fewer.surrenderPoints.pop(); // a surrender on turn 5 or 6 then scores no points: allowed
  expect(() => irishFreedom.loadRules(fewer)).not.toThrow();
});

test('a war that ran its course: the screen says "after turn 10 of 10", never "turn 11 of 10" (a newcomer saw it)', () => {
  const s = bare({}, 'civil');
  s.turn = rules.lastTurn.turn + 1;
  const v = irishFreedom.view(s, 'Irish', rules);
  const screen = irishFreedom.render(v, { width: 100, color: false });
  expect(screen).toContain(`after turn ${rules.lastTurn.turn} of ${rules.lastTurn.turn}`);
  expect(screen).not.toContain(`turn ${rules.lastTurn.turn + 1}`);
  expect(irishFreedom.status!(v, 100)).toContain(`after turn ${rules.lastTurn.turn}/${rules.lastTurn.turn}`);
});

test('at 80 columns the morale line breaks between its two parts, never inside one (a newcomer saw "(Army/RIC/Tans): 0" alone)', () => {
  const woi = irishFreedom.render(irishFreedom.view(bare(), 'Irish', rules), { width: 80, color: false }).split('\n');
  expect(woi.some((l) => /^British morale now \d+ \([^)]*\)$/.test(l))).toBe(true);
  expect(woi).toContain('British eliminated (Army/RIC/Tans): 0');
  const cw = irishFreedom.render(irishFreedom.view(bare({}, 'civil'), 'Irish', rules), { width: 80, color: false }).split('\n');
  expect(cw.some((l) => /War of Independence points: \d+$/.test(l))).toBe(true);
  expect(cw.some((l) => /points:$/.test(l))).toBe(false);
  // At 100 columns it is one line.
  const wide = irishFreedom.render(irishFreedom.view(bare(), 'Irish', rules), { width: 100, color: false });
  expect(wide).toMatch(/British morale now \d+ \([^)]*\) {3}British eliminated \(Army\/RIC\/Tans\): 0/);
});

describe("simulate's victory levels", () => {
  test("are in the rulebook's order within the war the game ended in, each saying its war (they were ordered by mean points, the two wars mixed)", () => {
    const { report } = simulateGames(irishFreedom, rules, { n: 200, seed: 'fixed1', botName: 'random', check: false });
    const listed = victoryLevels(rules).map((l) => l.name);
    const seen = report.levels.map((l) => l.value);
    expect(seen).toEqual(listed.filter((name) => seen.includes(name)));
    const groups = report.levels.map((l) => l.group);
    expect(groups).toContain('War of Independence');
    expect(groups).toContain('Civil War');
    // The War of Independence's levels (a campaign stopped at the Treaty, or lost before it) first, then the Civil War's.
    expect(groups.lastIndexOf('War of Independence')).toBeLessThan(groups.indexOf('Civil War'));
    expect(report.levels.find((l) => l.value === 'British victory')!.group).toBe('War of Independence');
    expect(report.levels.find((l) => l.value === 'Republican victory (British intervention)')!.group).toBe('Civil War');
  });
});
