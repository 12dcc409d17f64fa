/** The screen: fits 80 and 120 columns, obeys ctx.height, marks changes, readable without colour. */
import { stripAnsi } from '../../../src/ui/colour.js';
import { botRngFor } from '../../../src/engine/dice.js';
import { Session } from '../../../src/engine/runner.js';
import type { IrlRules, IrlState } from '../../../src/games/irlande-1798/state.js';
import type { IrlView, UnitView } from '../../../src/games/irlande-1798/view.js';
import { focusRows, rowsOff } from '../../../src/games/irlande-1798/map-window.js';
import { placeName } from '../../../src/games/irlande-1798/render.js';
import { mod, position, rulesData, scriptedEnv, text } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

function states(seed: string, every = 7): IrlState[] {
  const out: IrlState[] = [];
  const s = new Session<IrlState>(mod, rules, { seed, rulesHash: 'x', keepLog: false }).start();
  for (let n = 1; s.decision(); n++) {
    if (n % every === 0) out.push(structuredClone(s.state));
    const d = s.decision()!;
    s.choose(mod.bots.heuristic(mod.view(s.state, d.side, rules), d, botRngFor(seed, d.side, n)));
  }
  out.push(s.state);
  return out;
}

test('no line exceeds the width at 80 and 120 columns, with and without a height, with and without colour', () => {
  for (const st of states('render/1')) {
    for (const side of ['French', 'English', 'all']) {
      const v = mod.view(st, side, rules);
      for (const width of [80, 120])
        for (const height of [undefined, 12, 20, 45])
          for (const color of [false, true]) {
            const lines = mod.render(v, { color, width, height }).split('\n');
            for (const l of lines) expect(stripAnsi(l).length).toBeLessThanOrEqual(width);
            if (height !== undefined) expect(lines.length).toBeLessThanOrEqual(height);
            if (!color) expect(lines.join('\n').includes('\u001b[')).toBe(false);
          }
      expect(mod.status!(v, 80).length).toBeLessThanOrEqual(80);
    }
  }
});

test('the full map labels every hex with its id; the compact one labels rows and columns', () => {
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' });
  const full = mod.render(mod.view(s, 'all', rules), { color: false, width: 80 });
  for (const h of rules.map.hexes) expect(full).toContain(h.id);
  const compact = mod.render(mod.view(s, 'all', rules), { color: false, width: 80, height: 14 }).split('\n');
  expect(compact[0]).toMatch(/^YY +11 +10 +09/);
  expect(compact[8]).toMatch(/^08/);
});

test("the full map's key says each side's stratagem this turn as the status line does (rule 11), apart from the once-only ones spent", () => {
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' });
  s.stratagemThisTurn.French = true;
  const out = mod.render(mod.view(s, 'all', rules), { color: false, width: 200 });
  expect(out).toMatch(/Stratagems this turn \(one a side, rule 11\): French used, English free; once-only ones spent: none\./);
});

test('stacks read by side without colour: French upper case, English lower case, routed marked "!"', () => {
  const { s } = position(
    rules,
    { '70e-1': '0908', '3e-chass': '0908', kilkenny: '1206', roden: '1206' },
    { routed: ['roden'], generals: { humbert: '0908' } },
  );
  s.humbertRevealed = true;
  const out = mod.render(mod.view(s, 'all', rules), { color: false, width: 80 });
  expect(out).toMatch(/HI2C1/);
  expect(out).toMatch(/e6!1/); // one of its two units routed (i4c2!1 does not fit)
  expect(out).toMatch(/0908e/); // Castlebar's controller after its id
  s.control['0908'] = 'French';
  expect(mod.render(mod.view(s, 'all', rules), { color: false, width: 80 })).toMatch(/0908F/);
});

test('the routed mark tells a stack all routed ("!") from one with some routed ("!1"), in every map and the key (a newcomer read "e5!" at 1105, where only Kerry Militia was routed)', async () => {
  const { stackCode } = await import('../../../src/games/irlande-1798/render.js');
  const { s } = position(rules, { kerry: '1105', 'yeo-cav-2': '1105', '70e-1': '0908' }, { routed: ['kerry'] });
  const show = (width: number, height?: number) => mod.render(mod.view(s, 'all', rules), { color: false, width, height });
  // 1105 is Claremorris, a VP place: its compact cell has 3 characters before the controller, and the
  // mark is kept whole, the strength points giving way (they are in the roster under the map).
  expect(show(80, 24)).toMatch(/^11 .*-e!1 e/m);
  expect(show(80, 24)).toMatch(/kerry@1105 4!; yeo-cav-2@1105 1/);
  expect(show(120)).toMatch(/i4c1!1/);
  // Elsewhere the compact cell has room for both.
  s.units.kerry.hex = '1106';
  s.units['yeo-cav-2'].hex = '1106';
  expect(show(80, 24)).toMatch(/^11 .*e5!1/m);
  s.units['yeo-cav-2'].routed = true;
  expect(show(80, 24)).toMatch(/^11 .*i4c1!(?!\d)/m);
  // The key says which is which, where it is shown.
  expect(show(120)).toContain('! all routed, !1 one unit routed');
  const u = (strength: number, routed: boolean) =>
    ({ side: 'English', type: 'infantry', band: 'militia', strength, routed }) as unknown as UnitView;
  expect(stackCode([u(4, true), u(1, false)], [], 3)).toBe('e!1');
  expect(stackCode([u(4, true), u(8, true)], [], 3)).toBe('e!');
  expect(stackCode([u(4, true), u(8, false)], ['lake'], 5)).toBe('L12!1'); // the general names the side
  expect(stackCode([u(4, true), u(8, false)], ['lake'], 4)).toBe('Le!1');
  expect(stackCode([u(4, true)], [], 5)).toBe('i4!');
});

test("a stack's strength points are never cut to fit a cell: Lake's 18 SP in a VP town's 3 characters read 'Le1' (a newcomer took it for 1 SP)", async () => {
  const { stackCode } = await import('../../../src/games/irlande-1798/render.js');
  const u = (strength: number, type = 'infantry') =>
    ({ side: 'English', type, band: 'militia', strength, routed: false }) as unknown as UnitView;
  const lake = [u(10), u(6), u(2, 'cavalry')];
  expect(stackCode(lake, ['lake'], 8)).toBe('Li16c2');
  expect(stackCode(lake, ['lake'], 4)).toBe('Le18');
  expect(stackCode(lake, ['lake'], 3)).toBe('L18'); // the general names the side
  expect(stackCode(lake, [], 3)).toBe('e18');
  expect(stackCode(lake, ['lake'], 2)).toBe('e+');
  // On the compact map: Killala (0307), a VP town, with Lake's stack.
  const { s } = position(
    rules,
    { kerry: '0307', 'yeo-cav-2': '0307', 'yeo-inf-1': '0307' },
    { generals: { lake: '0307' }, strength: { kerry: 6, 'yeo-cav-2': 2, 'yeo-inf-1': 2 } },
  );
  const sp = ['kerry', 'yeo-cav-2', 'yeo-inf-1'].reduce((t, id) => t + s.units[id].strength, 0);
  expect(sp).toBeGreaterThan(9);
  const map = mod.render(mod.view(s, 'all', rules), { color: false, width: 80, height: 24 });
  expect(map).toMatch(new RegExp(`^03 .*L${sp} e`, 'm'));
});

describe('towns and villages are told apart at a glance (a newcomer could not: a town shifts combat, several VP places are villages)', () => {
  const places = () => rules.map.hexes.filter((h) => h.terrain === 'town' || h.terrain === 'village');
  // The map as a player sees it: full (every width, no height) and compact (80x24 leaves a partial map).
  const maps = (s: IrlState) =>
    [
      { width: 80, height: undefined },
      { width: 80, height: 14 },
      { width: 100, height: undefined },
      { width: 120, height: undefined },
    ].map((c) => ({ ...c, out: mod.render(mod.view(s, 'all', rules), { color: false, ...c }) }));

  test('town names are drawn in capitals, village names not, in every map (Castlebar a town, Collooney a VP village)', () => {
    const { s } = position(rules, { '70e-1': '0101', kilkenny: '1201' });
    for (const m of maps(s)) {
      // The cell's width: 5 at 80 columns, 7 at 100, 9 at 120; a VP place's controller takes the last in
      // the compact map, a blank the one before; another place's name leaves the last blank there.
      const w = m.width === 80 ? 5 : m.width === 100 ? 7 : 9;
      for (const h of places()) {
        const cell = m.height === undefined ? w : rules.index.town[h.id] ? w - 2 : w - 1;
        const name = placeName(rules, h.id, cell);
        expect({ ...m, out: undefined, hex: h.id, drawn: m.out.includes(name) }).toEqual({ ...m, out: undefined, hex: h.id, drawn: true });
        const caps = name === name.toUpperCase();
        expect({ hex: h.id, name, caps }).toEqual({ hex: h.id, name, caps: h.terrain === 'town' });
      }
    }
    const [full80, compact80] = maps(s).map((m) => m.out);
    expect(full80).toContain('CSTLB');
    expect(full80).toContain('Collo');
    expect(compact80).toMatch(/CST e/);
    expect(compact80).toMatch(/Col e/);
  });

  test('the compact map keeps a blank between a VP place\'s name (or stack) and its controller, at every width (a newcomer read Collooney as "Colle")', () => {
    // Ballina holds a stack whose code fills a cell at 80 columns (i4c2), Sligo a French one; the rest are named.
    const { s } = position(rules, { '70e-1': '0201', kilkenny: '0507', roden: '0507' });
    s.control['0201'] = 'French';
    for (const width of [80, 100, 120]) {
      const cell = width >= 118 ? 10 : width >= 94 ? 8 : 6;
      const lines = mod.render(mod.view(s, 'all', rules), { color: false, width, height: 14 }).split('\n');
      for (const t of rules.victory.towns) {
        const [xx, yy] = [Number(t.hex.slice(0, 2)), Number(t.hex.slice(2))];
        const x = 3 + (xx % 2 === 0 ? cell / 2 : 0) + (11 - yy) * cell;
        const end = lines[xx].slice(x + cell - 3, x + cell - 1);
        expect({ width, town: t.name, end }).toEqual({ width, town: t.name, end: ` ${s.control[t.hex] === 'French' ? 'F' : 'e'}` });
      }
      expect(lines.join('\n')).not.toMatch(/Colle|CSTLe|i4c2e/);
    }
  });

  test("in the compact map a place's name never runs into the next hex's stack (a newcomer read Ballina's units \"Xmlna-e2  e\" as Crossmolina's)", () => {
    // Ballina (0507), east of Crossmolina (0508) along a road, holds an English stack.
    const { s } = position(rules, { kilkenny: '0507', roden: '0507' });
    for (const width of [80, 100, 120]) {
      const cell = width >= 118 ? 10 : width >= 94 ? 8 : 6;
      const lines = mod.render(mod.view(s, 'all', rules), { color: false, width, height: 14 }).split('\n');
      // Every named hex that is not a VP place: the character before the hexside is a blank.
      for (const h of places().filter((p) => !rules.index.town[p.id] && p.terrain === 'village')) {
        const [xx, yy] = [Number(h.id.slice(0, 2)), Number(h.id.slice(2))];
        const x = 3 + (xx % 2 === 0 ? cell / 2 : 0) + (11 - yy) * cell;
        const drawn = lines[xx].slice(x, x + cell - 1);
        expect({ width, hex: h.id, drawn, last: drawn.at(-1) }).toEqual({ width, hex: h.id, drawn, last: ' ' });
      }
      expect(lines[5]).toMatch(width === 80 ? /Xmol -[a-z0-9]+ +e/ : /Xmlna +-[a-z0-9]+ +e/);
      expect(lines.every((l) => l.length <= width)).toBe(true);
    }
  });

  test('the 80x24 decision screen, with no room for the key under the map, says where it is in the header', () => {
    const { s } = position(rules, { '70e-1': '0908', kilkenny: '0402' });
    const board = (height: number) => mod.render(mod.view(s, 'all', rules), { color: false, width: 80, height }).split('\n');
    // 13 rows: the whole compact map and nothing under it (80x24 with a few events and five options).
    expect(board(13)[0]).toMatch(/^YY +11 .* 01 key: Show map$/);
    // With room for it, the key is drawn under the map instead, and says how the compact map marks a controller.
    const roomy = board(37);
    expect(roomy[0]).not.toMatch(/key:/);
    expect(roomy.join(' ').replace(/\s+/g, ' ')).toContain('villages not; then, after a blank, the VP controller F/e');
  });

  test("at 100 columns and more a VP place's terrain follows its controller, seen under a stack too; the key says both", () => {
    const { s } = position(rules, { '70e-1': '0908', kilkenny: '0402' });
    for (const m of maps(s)) {
      const key = m.out.replace(/\s+/g, ' ');
      if (m.height === undefined) expect(key).toContain('names: TOWNS in capitals, villages not');
      if (m.width < 100) continue;
      expect(m.out).toMatch(/0908eT/);
      expect(m.out).toMatch(/0402ev/);
      expect(key).toContain('VP controller F/e (then T town, v village)');
    }
    expect(mod.render(mod.view(s, 'all', rules), { color: false, width: 80 })).not.toMatch(/\(then T town/);
  });
});

test("a captured general is listed as captured in his side's roster, for both sides (a newcomer found Humbert listed nowhere)", () => {
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' }, { generals: { lake: '1206' } });
  s.generals.humbert = { id: 'humbert', place: 'eliminated', hex: null };
  for (const side of ['French', 'English', 'all'])
    expect(mod.render(mod.view(s, side, rules), { color: false, width: 80 })).toMatch(/French: [^]*captured: humbert/);
});

test('changes since the previous view are marked and listed', () => {
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' });
  const before = mod.view(s, 'French', rules) as IrlView;
  s.units['70e-1'].hex = '0907';
  s.units.kilkenny.strength = 2;
  const out = mod.render(mod.view(s, 'French', rules), { color: false, width: 80, previous: before });
  expect(out).toMatch(/Since your last decision: 70e\/1 0908>0907; Kilkenny Militia 4>2 SP/);
  expect(out).toMatch(/0907\*/);
});

test('every combat table of the log fits 80 columns (6 heuristic games)', async () => {
  const { logTable } = await import('../../../src/ui/table.js');
  let tables = 0;
  for (let g = 0; g < 6; g++) {
    const seed = `tables/${g}`;
    const s = new Session<IrlState>(mod, rules, { seed, rulesHash: 'x' }).start();
    for (let n = 1; s.decision(); n++) {
      const d = s.decision()!;
      s.choose(mod.bots.heuristic(mod.view(s.state, d.side, rules), d, botRngFor(seed, d.side, n)));
    }
    for (const l of s.log) {
      if (l.entry.kind !== 'table') continue;
      tables++;
      for (const line of logTable(l.entry, { color: false }).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    }
  }
  expect(tables).toBeGreaterThan(20);
});

test('every rules topic fits 80 columns, whatever the width asked for', () => {
  for (const width of [80, 100, 120, undefined])
    for (const t of mod.rulesTopics)
      for (const line of mod.renderRules(rules, t.name, { color: false, width }).split('\n'))
        expect({ topic: t.name, width, line, fits: line.length <= 80 }).toEqual({ topic: t.name, width, line, fits: true });
});

test('the stratagems topic gives the bombardment results in words, not ids', () => {
  const out = mod.renderRules(rules, 'stratagems', { color: false, width: 80 });
  expect(out).not.toMatch(/retreat-morale|retreat-step-morale|: none|: retreat$/m);
  expect(out).toMatch(/5: the target retreats one hex and checks its morale/);
  expect(out).toMatch(/6 or more: the target retreats one hex, loses a step and checks its morale/);
  // 11.2: the guns are abandoned when the English of the combat are forced to retreat, which is when they lose it (8.3).
  expect(out.replace(/\s+/g, ' ')).toContain(
    'The guns are abandoned (out of the game) when the English units of a combat they were used in are forced to retreat (11.2): when the English lose that combat, attacking or defending, since the loser retreats (8.3).',
  );
});

test('the Combat Results Table keeps every cell whole at 80 columns', () => {
  const out = mod.renderRules(rules, 'crt', { color: false, width: 80 });
  for (const r of rules.crt.rows) {
    const cells = r.results.map((c) => `${c.attacker}/${c.defender} ${c.winner === 'attacker' ? 'a' : 'd'}`);
    expect(out).toContain(cells.join(' '));
  }
});

/**
 * The French screen (80x9) while 70e-1 moves from 0302 in turn 5, English units at 1206 and (arrived
 * since the French last decided) 1205: the French stack is in the north, the English in the south.
 */
function northMoveScreen(height = 9): string[] {
  const { s } = position(rules, { '70e-1': '0302', '70e-2': '0302', kilkenny: '1206' }, { phase: 'B', turn: 5 });
  const before = mod.view(s, 'French', rules);
  s.units.roden = { ...s.units.roden, place: 'map', hex: '1205' };
  s.stage = 'moving';
  s.group = {
    units: ['70e-1'],
    generals: [],
    from: '0302',
    path: ['0302'],
    spent: { '70e-1': { normal: 0, road: true, steps: 0, exhausted: false } },
    notes: [],
  };
  return mod.render(mod.view(s, 'French', rules), { color: false, width: 80, height, previous: before }).split('\n');
}

describe('a board too short for every row (80x24 leaves about 12 rows)', () => {
  test('rowsOff names the rows left out', () => {
    expect(rowsOff([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 12)).toBe('row 1 off');
    expect(rowsOff([3, 4, 5, 6, 7, 8, 9, 10, 11], 12)).toBe('rows 1-2,12 off');
    expect(rowsOff([1, 2, 3], 3)).toBe('');
  });

  test('units that arrived since the last decision are in view (the turn 3 cavalry at 1205-1206), and the rows off are named', () => {
    const { s } = position(rules, { '70e-1': '0507', '70e-2': '0307', 'sligo-garr': '0201' }, { phase: 'D', turn: 3 });
    const before = mod.view(s, 'English', rules);
    s.units.carabiniers = { ...s.units.carabiniers, place: 'map', hex: '1206' };
    s.units.roden = { ...s.units.roden, place: 'map', hex: '1205' };
    const lines = mod.render(mod.view(s, 'English', rules), { color: false, width: 80, height: 12, previous: before }).split('\n');
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines.some((l) => /^12 /.test(l))).toBe(true);
    expect(lines.join('\n')).toMatch(/rows? 1[\d,-]* off/);
  });

  test('a partial map always says where the rest and the key are: at 80 columns the header has room for the rows off alone (a newcomer found no "Show map" there)', () => {
    const { s } = position(rules, { '70e-1': '0908', kilkenny: '0402' });
    for (const side of ['French', 'English'] as const)
      for (let height = 4; height <= 12; height++) {
        const lines = mod.render(mod.view(s, side, rules), { color: false, width: 80, height }).split('\n');
        expect(lines.length).toBeLessThanOrEqual(height);
        expect({ side, height, hint: /Show map/.test(lines.join('\n')) }).toEqual({ side, height, hint: true });
      }
    // Under the map when the header has no room: the rows off, then where every row and the key are.
    const lines = mod.render(mod.view(s, 'French', rules), { color: false, width: 80, height: 12 }).split('\n');
    expect(lines.at(-1)).toMatch(/^rows? [\d,-]+ off \("Show map" shows every row and the key\)$/);
  });

  test('the hexes of the decision at hand come first: a stack moving in the north stays in view', () => {
    const lines = northMoveScreen();
    expect(lines.length).toBeLessThanOrEqual(9);
    for (const row of ['02', '03', '04']) expect(lines.some((l) => l.startsWith(`${row} `))).toBe(true);
    expect(lines.join('\n')).toMatch(/rows? [\d,-]+ off/);
  });

  test('rows holding units come before rows of only terrain, not one block (a newcomer at 80x24 saw all-sea row 1 kept and the whole English army in rows 11-12 left out)', () => {
    // Turn 4 of n6a, French to move: French in rows 3, 5-7, English in rows 2, 8, 11-12.
    const place = { 'ui-1': '0307', '70e-1': '0507', '70e-2': '0606', '70e-3': '0706', 'sligo-garr': '0202', 'yeo-inf-1': '0809' };
    for (const u of ['kilkenny', 'longford', 'kerry', 'galway', 'fraser', 'pow', '6th-foot']) Object.assign(place, { [u]: '1206' });
    Object.assign(place, { carabiniers: '1106', roden: '1105' });
    const { s } = position(rules, place, { phase: 'B', turn: 4 });
    const french = mod.view(s, 'French', rules);
    // Room for 8 rows: every row with a unit, none of sea or empty land (1, 4, 9, 10).
    expect(focusRows(french, 8, new Set())).toEqual([2, 3, 5, 6, 7, 8, 11, 12]);
    // Room for 9: a row of only terrain closing a gap of one (4) first.
    expect(focusRows(french, 9, new Set())).toEqual([2, 3, 4, 5, 6, 7, 8, 11, 12]);
    // Room for 5: the deciding side's units first (the French rows 3, 5-7), then an English row.
    expect(focusRows(french, 5, new Set())).toEqual(expect.arrayContaining([3, 5, 6, 7]));
    expect(focusRows(french, 4, new Set())).toEqual([3, 5, 6, 7]);
    // The English screen of the same moment: theirs first.
    expect(focusRows(mod.view(s, 'English', rules), 4, new Set())).toEqual([2, 8, 11, 12]);
    // The 80x24 screen (the map had 12 lines): the English army in view, no line saying it is off-screen.
    const out = mod.render(french, { color: false, width: 80, height: 10 });
    expect(out).toMatch(/^11 .*c/m);
    expect(out).toMatch(/^12 .*i/m);
    expect(out).not.toMatch(/^01 /m);
    expect(out).not.toMatch(/off-screen/);
  });
});

describe('under a partial map, one line names what the viewer sees in the rows left out (a newcomer missed enemy units that had just arrived)', () => {
  const place = { '70e-1': '0507', '70e-2': '0307', 'sligo-garr': '0201', '70e-g': '0908', '70e-3': '0908' };

  test("the English are told of the French units and of Humbert's stack off-screen, counted as they see them (never his units)", () => {
    const { s } = position(rules, place, { phase: 'D', turn: 3, generals: { humbert: '0908' } });
    s.units.carabiniers = { ...s.units.carabiniers, place: 'map', hex: '1206' };
    // 9 lines: every row holding a unit is in view (2, 3, 5, 9, 12), so no line.
    const out = mod.render(mod.view(s, 'English', rules), { color: false, width: 80, height: 9 });
    expect(out).not.toMatch(/off-screen/);
    for (const row of ['02', '03', '05', '09', '12']) expect(out).toMatch(new RegExp(`^${row} `, 'm'));
    // 5 lines: the English units' rows 2 and 12 only.
    const tiny = mod.render(mod.view(s, 'English', rules), { color: false, width: 80, height: 5 }).split('\n');
    expect(tiny.length).toBeLessThanOrEqual(5);
    expect(tiny.every((l) => l.length <= 80)).toBe(true);
    // Humbert's two units at 0908 are the stack, not "French 4 units".
    expect(tiny[tiny.length - 1]).toBe("off-screen: French 2 units in rows 3,5, Humbert's stack in row 9");
  });

  test('the French moving a stack in the north are told of English units that arrived in the south, off-screen', () => {
    // 5 lines: room for the rows of the move (from 0302) only.
    const lines = northMoveScreen(5);
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const row of ['02', '03']) expect(lines.some((l) => l.startsWith(`${row} `))).toBe(true);
    expect(lines[lines.length - 1]).toBe('off-screen: English 2 units in row 12 ("Show map" shows all)');
  });

  test('no line when everything the viewer sees is in view', () => {
    const { s } = position(rules, { '70e-1': '0507', kilkenny: '0606' }, { phase: 'D', turn: 3 });
    const out = mod.render(mod.view(s, 'English', rules), { color: false, width: 80, height: 12 });
    expect(out).toMatch(/rows? [\d,-]+ off/);
    expect(out).not.toMatch(/off-screen/);
  });
});

describe('text at the edge: whole parts or none, never an entry lost', () => {
  test('the status line shortens and drops whole parts, never cutting a word', () => {
    const { s } = position(rules, { '70e-1': '0507', kilkenny: '1206' }, { phase: 'C', turn: 7 });
    const v = mod.view(s, 'French', rules);
    const whole =
      /^(Turn |T)\d+\/8 [A-G] [A-Za-z ]+?( \| (VP French \d+, English \d+|VP F\d+ E\d+))?( \| (stratagem|strat\.) F (free|used) E (free|used))?$/;
    for (let w = 30; w <= 100; w++) {
      const line = mod.status!(v, w);
      expect({ w, line, fits: line.length <= w, whole: whole.test(line) }).toEqual({ w, line, fits: true, whole: true });
    }
    // The UI keeps 19 columns of 80 for " · French to decide": everything still fits, shortened.
    expect(mod.status!(v, 61)).toBe('T7/8 C French combat | VP F0 E11 | stratagem F free E free');
  });

  test("a side's units are listed whole or not at all, whatever the height", () => {
    const { s } = position(
      rules,
      { '70e-g': '0507', '70e-1': '0507', '70e-2': '0507', '70e-3': '0507', '3e-chass': '0508', 'ui-1': '0307', kilkenny: '1206' },
      { phase: 'C', turn: 7 },
    );
    const v = mod.view(s, 'all', rules);
    let listed = 0;
    for (let h = 13; h <= 30; h++) {
      const out = mod.render(v, { color: false, width: 80, height: h });
      if (!/^French: /m.test(out)) continue;
      listed++;
      for (const u of ['70e-g', '70e-1', '70e-2', '70e-3', '3e-chass', 'ui-1'])
        expect({ h, u, shown: out.includes(`${u}@`) }).toEqual({ h, u, shown: true });
    }
    expect(listed).toBeGreaterThan(5);
  });
});

test("the roster's 'at sea' lists Humbert with the units still aboard (a newcomer found him left out on turn 1)", () => {
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' });
  s.units['70e-1'].place = 'sea';
  s.units['70e-1'].hex = null;
  s.generals.humbert = { id: 'humbert', place: 'sea', hex: null };
  expect(mod.render(mod.view(s, 'French', rules), { color: false, width: 120 })).toMatch(/at sea: 70e-1,humbert/);
});

test('a unit that cannot retreat is said to be eliminated once, with the reason (a newcomer saw it twice)', async () => {
  const { eliminate } = await import('../../../src/games/irlande-1798/losses.js');
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' });
  const env = scriptedEnv(rules, []);
  eliminate(s, rules, 'kilkenny', env, 'cannot retreat');
  expect(text(env).match(/eliminated/g)).toHaveLength(1);
  expect(text(env)).toContain('Kilkenny Militia cannot retreat and is eliminated.');
});

test("a stack code too long for its cell becomes side and total SP (HF8), and the key explains it (a newcomer found 'F' nowhere in the key)", async () => {
  const { stackCode } = await import('../../../src/games/irlande-1798/render.js');
  const u = (type: 'infantry' | 'cavalry', strength: number, band = 'regular') =>
    ({ side: 'French', type, band, strength, routed: false }) as unknown as UnitView;
  expect(stackCode([u('infantry', 4), u('cavalry', 2), u('infantry', 2, 'united-irishmen')], ['humbert'], 10)).toBe('HI4U2C2');
  expect(stackCode([u('infantry', 4), u('cavalry', 2), u('infantry', 2, 'united-irishmen')], ['humbert'], 4)).toBe('HF8');
  const { s } = position(rules, { '70e-1': '0908', kilkenny: '1206' });
  expect(mod.render(mod.view(s, 'French', rules), { color: false, width: 120 })).toContain('F8/e8 all SP where the mix does not fit');
});

test('at 80 columns a roster list longer than a line wraps after its commas, never cut (the eliminated units at the end)', () => {
  const { s } = position(rules, { '70e-1': '0908' }, { generals: { humbert: '0908' } });
  const english = rules.units.filter((u) => u.side === 'English').map((u) => u.id);
  for (const u of english) s.units[u] = { ...s.units[u], place: 'eliminated', hex: null };
  const out = stripAnsi(mod.render(mod.view(s, 'French', rules), { color: false, width: 80 }));
  const lines = out.split('\n');
  expect(lines.every((l) => l.length <= 80)).toBe(true);
  const at = lines.findIndex((l) => l.startsWith('English: eliminated: '));
  expect(at).toBeGreaterThanOrEqual(0);
  const list = lines
    .slice(at)
    .join('\n')
    .split(/\n(?! )/)[0]
    .replace(/\n +/g, '');
  expect(list).toBe(`English: eliminated: ${english.join(',')}`);
});
