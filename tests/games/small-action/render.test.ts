/** The screen: fits 80 and 120 columns, obeys the height, terrain and figures readable without colour. */
import { botRng } from '../../../src/engine/dice.js';
import { stripAnsi } from '../../../src/ui/colour.js';
import { Session } from '../../../src/engine/runner.js';
import { Screen } from '../../../src/ui/screen.js';
import { readFileSync } from 'node:fs';
import type { GameRecord } from '../../../src/engine/record.js';
import type { SaState } from '../../../src/games/small-action/types.js';
import { mod, rules, rulesData, situation, fig } from './helpers.js';

beforeAll(rulesData);

test('every screen of random games fits 80 and 120 columns, and a given height', () => {
  let screens = 0;
  for (const scenario of ['lane-ambush', 'patrol-clash']) {
    const s = new Session<SaState>(mod, rules(), {
      seed: `render/${scenario}`,
      options: { scenario },
      rulesHash: 'x',
      keepLog: false,
    }).start();
    const rng = botRng('render');
    let prev: unknown;
    for (let d = s.decision(); d; d = s.decision()) {
      const v = mod.view(s.state, d.side, rules());
      for (const [width, height] of [
        [80, undefined],
        [80, 12],
        [120, undefined],
        [120, 30],
      ] as const) {
        const out = mod.render(v, { color: width === 120, width, height, previous: prev });
        const lines = out.split('\n');
        for (const l of lines) expect(stripAnsi(l).length).toBeLessThanOrEqual(width);
        if (height) expect(lines.length).toBeLessThanOrEqual(height);
        screens++;
      }
      expect(mod.status!(v, 80).length).toBeLessThanOrEqual(80);
      prev = v;
      s.choose(mod.bots.random(v, d, rng));
    }
  }
  expect(screens).toBeGreaterThan(100);
});

test('the map: grid coordinates on the edges, terrain characters, leader / 2IC / man / suppressed / casualty glyphs', () => {
  const s = situation([
    { label: 'b1', cell: 'Q15' },
    { label: 'b2', cell: 'Q16' },
    { label: 'b3', cell: 'Q17' },
    { label: 'g3', cell: 'A1' },
    { label: 'g4', cell: 'A2' },
  ]);
  fig(s, 'g3').suppressed = true;
  fig(s, 'g4').status = 'casualty';
  const out = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 80 });
  const lines = out.split('\n');
  expect(lines[2]).toMatch(/^ {2}123456789012345678901234567890123456/);
  const q = lines.find((l) => l.startsWith('Q '))!;
  expect(q.slice(2, 38)).toBe('.......:......B2b...................'); // b1 the leader, b2 the 2IC, b3 a man
  expect(q.slice(39, 40)).toBe('Q');
  const a = lines.find((l) => l.startsWith('A '))!;
  expect(a.slice(2, 5)).toBe('!x.');
  expect(lines.find((l) => l.startsWith('J '))!.slice(2, 38)).toContain('###');
  expect(out).toContain('% woods');
});

test('the other side\'s card: "secret until the reveal"; changes since the previous view are listed', () => {
  const s = new Session<SaState>(mod, rules(), { seed: 'r', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
  s.choose('order british combat');
  expect(mod.render(mod.view(s.state, 'Red', rules()), { color: false, width: 80 })).toContain('secret until the reveal');
  const before = mod.view(s.state, 'Blue', rules());
  s.choose('order germans combat');
  s.choose('move british u18');
  const out = mod.render(mod.view(s.state, 'Red', rules()), { color: false, width: 120, previous: before });
  expect(out).toContain('moved: b1');
});

/** The map rows drawn on a screen (their letters), and the rest of each line (the panel). */
function mapRows(out: string): { rows: Map<string, string>; panel: string } {
  const rows = new Map<string, string>();
  const panel: string[] = [];
  for (const l of stripAnsi(out).split('\n').slice(1)) {
    const m = /^([A-Z]{1,2}) (\S{36}) \1( {2}(.*))?$/.exec(l);
    if (m) {
      rows.set(m[1], m[2]);
      panel.push(m[4] ?? '');
    } else panel.push(l.length > 40 ? l.slice(40) : '');
  }
  return { rows, panel: panel.join('\n') };
}

describe('finding 1: on a short screen the map shows the section at hand and its enemies, and says which rows are off', () => {
  test('patrol clash, turn 1 at 80x24: the British on row W and the Germans on row B are both drawn', () => {
    const s = new Session<SaState>(mod, rules(), { seed: '7', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
    const out = mod.render(mod.view(s.state, 'Blue', rules()), { color: false, width: 80, height: 11 });
    const lines = out.split('\n');
    expect(lines.length).toBeLessThanOrEqual(11);
    const { rows } = mapRows(out);
    expect(rows.get('W')).toContain('b2Bbb');
    expect(rows.get('B')).toContain('2Gg');
    // The objective (the farmhouse, rows J-N) is drawn too, as much of it as fits (a newcomer's finding).
    expect(lines[0]).toMatch(/map rows B, [J-N]-[J-N], W of A-X$/);
    expect(out).toMatch(/-+ rows [C-Z]-[C-Z]: no figures -+/);
  });

  test('patrol clash at 80x24: the farmhouse to hold is on the map with both sides', () => {
    const s = new Session<SaState>(mod, rules(), { seed: '7', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
    const out = mod.render(mod.view(s.state, 'Blue', rules()), { color: false, width: 80, height: 22 });
    const { rows } = mapRows(out);
    for (const r of ['J', 'K', 'L', 'M', 'N', 'W', 'B']) expect({ r, shown: rows.has(r) }).toEqual({ r, shown: true });
  });

  test('at every decision of random games at 80x24, the enemies the section sees (else the nearest) are on the map', () => {
    let checked = 0;
    for (const scenario of ['lane-ambush', 'patrol-clash']) {
      const s = new Session<SaState>(mod, rules(), {
        seed: `window/${scenario}`,
        options: { scenario },
        rulesHash: 'x',
        keepLog: false,
      }).start();
      const rng = botRng('window');
      for (let d = s.decision(); d; d = s.decision()) {
        const v = mod.view(s.state, d.side, rules());
        const p = v.pending;
        if (p) {
          for (const height of [11, 12]) {
            const { rows } = mapRows(mod.render(v, { color: false, width: 80, height }));
            const row = (label: string) => /^[A-Z]+/.exec(v.figures.find((f) => f.label === label)!.cell!)![0];
            const mine = v.figures.filter((f) => f.section === p.section && f.status === 'ready' && f.cell);
            const spread = new Set(mine.map((f) => row(f.label)));
            if (spread.size <= height - 3)
              for (const f of mine) expect({ f: f.label, shown: rows.has(row(f.label)) }).toEqual({ f: f.label, shown: true });
            const enemies = v.figures.filter((f) => f.side !== d.side && f.status === 'ready' && f.cell);
            const must = p.enemiesSeen.length ? p.enemiesSeen.slice(0, 1) : enemies.length ? [enemies[0].label] : [];
            if (!p.enemiesSeen.length && enemies.length) {
              // the nearest enemy to the section's figures
              const at = (c: string) => [Number(/\d+/.exec(c)![0]), /^[A-Z]+/.exec(c)![0].charCodeAt(0)];
              const dist = (e: (typeof enemies)[number]) =>
                Math.min(...mine.map((m) => (at(m.cell!)[0] - at(e.cell!)[0]) ** 2 + (at(m.cell!)[1] - at(e.cell!)[1]) ** 2));
              must[0] = enemies.slice().sort((a, b) => dist(a) - dist(b))[0].label;
            }
            for (const e of must) expect({ e, shown: rows.has(row(e)) }).toEqual({ e, shown: true });
            // a movement decision: cells it may move to are on the map too
            const to = p.destinations.filter((x) => /\d/.test(x.to)).map((x) => /^[a-z]+/.exec(x.to)![0].toUpperCase());
            if (to.length) expect(to.some((r) => rows.has(r))).toBe(true);
            checked++;
          }
        }
        s.choose(mod.bots.random(v, d, rng));
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe("a newcomer's finding at 80x24: every figure of both sides is on the decision screen's map whenever the rows holding them fit", () => {
  /** Lines needed to draw these rows with each run of rows between them folded into one line. */
  const folded = (rows: number[]) => {
    const r = [...new Set(rows)].sort((a, b) => a - b);
    return r.reduce((n, x, i) => n + 1 + (i > 0 && x > r[i - 1] + 1 ? Math.min(1, x - r[i - 1] - 1) : 0), 0);
  };
  const rowOf = (cell: string) => {
    const m = /^([A-Z]+)/.exec(cell)![1];
    return m.length === 1 ? m.charCodeAt(0) - 65 : (m.charCodeAt(0) - 64) * 26 + (m.charCodeAt(1) - 65);
  };

  test('random games: no figure left out when they fit; the folded rows are named and said to hold no figures', () => {
    let checked = 0;
    let spread = 0;
    for (const scenario of ['lane-ambush', 'patrol-clash']) {
      for (const seed of ['fold/1', 'fold/2']) {
        const s = new Session<SaState>(mod, rules(), {
          seed: `${seed}/${scenario}`,
          options: { scenario },
          rulesHash: 'x',
          keepLog: false,
        }).start();
        const rng = botRng(seed);
        for (let d = s.decision(); d; d = s.decision()) {
          const v = mod.view(s.state, d.side, rules());
          for (const height of [10, 12]) {
            const out = mod.render(v, { color: false, width: 80, height });
            const { rows } = mapRows(out);
            const on = v.figures.filter((f) => f.cell && f.status !== 'exited');
            const figRows = on.map((f) => rowOf(f.cell!));
            if (folded(figRows) <= height - 3) {
              for (const f of on)
                expect({ f: f.label, cell: f.cell, shown: rows.has(/^[A-Z]+/.exec(f.cell!)![0]) }).toEqual({
                  f: f.label,
                  cell: f.cell,
                  shown: true,
                });
              expect(out).not.toMatch(/figures? \(Show map\)/);
              if (new Set(figRows).size > 1 && Math.max(...figRows) - Math.min(...figRows) + 1 > height - 3) spread++;
            }
            checked++;
          }
          s.choose(mod.bots.random(v, d, rng));
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(spread).toBeGreaterThan(20); // screens where the figures are further apart than the rows drawn
  });

  test("lane ambush, Red's move with Blue at B, E and H and Red at L: all four rows drawn, the rows between folded and named", () => {
    const s = new Session<SaState>(mod, rules(), { seed: 's1', options: { scenario: 'lane-ambush' }, rulesHash: 'x' }).start();
    for (const id of [
      'order column aimed-fire',
      'move tans l7',
      'fire column at tans',
      'order column fire-and-movement combat',
      'move column e20',
      'order column march',
      'order tans combat',
      'fire column at tans',
      'move column b18',
    ])
      s.choose(id);
    expect(s.decision()!.side).toBe('Red');
    const out = mod.render(mod.view(s.state, 'Red', rules()), { color: false, width: 80, height: 10 });
    const { rows } = mapRows(out);
    expect([...rows.keys()]).toEqual(['B', 'E', 'H', 'L']);
    expect(out).toContain('map rows B, E, H, L of A-X');
    expect(out).toMatch(/-+ rows C-D: no figures -+/);
    expect(out).toMatch(/-+ rows I-K: no figures -+/);
    expect(out.split('\n')[2]).toMatch(/^ {2}123456789012345678901234567890123456/); // the column header is kept
  });

  test('when the rows holding figures cannot all be drawn, the line for the rows left out says how many figures are in them', () => {
    const s = situation([
      { label: 'b1', cell: 'A5' },
      { label: 'b2', cell: 'C5' },
      { label: 'b3', cell: 'E5' },
      { label: 'b4', cell: 'G5' },
      { label: 'g1', cell: 'I5' },
      { label: 'g2', cell: 'K5' },
      { label: 'g3', cell: 'M5' },
    ]);
    const out = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 80, height: 10 });
    expect(out).toMatch(/rows? [A-Z](-[A-Z])?: \d+ figures? \(Show map\)/);
  });
});

test('the whole map (Show map) has the column numbers under it too: its last page at 80x24 (rows U-X) has them', () => {
  const s = new Session<SaState>(mod, rules(), { seed: '7', options: { scenario: 'lane-ambush' }, rulesHash: 'x' }).start();
  const lines = stripAnsi(mod.render(mod.view(s.state, 'Blue', rules()), { color: false, width: 80 })).split('\n');
  const x = lines.findIndex((l) => l.startsWith('X '));
  expect(lines[x + 1]).toMatch(/^ {11}111111111122222222223333333/);
  expect(lines[x + 2]).toMatch(/^ {2}123456789012345678901234567890123456/);
});

test('the figures that moved since your last decision: counted beside their section (always on screen), bold in colour with a key saying so', () => {
  const s = new Session<SaState>(mod, rules(), { seed: '7', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
  const before = mod.view(s.state, 'Blue', rules());
  for (const id of ['order british march', 'order germans march', 'move british s18']) s.choose(id);
  const v = mod.view(s.state, 'Blue', rules());
  const short = stripAnsi(mod.render(v, { color: true, width: 80, height: 10, previous: before }));
  expect(short).toMatch(/b British section \(A\): 10 up, 10 moved/);
  expect(short).toMatch(/g German section \(B\): 10 up\s/);
  const full = stripAnsi(mod.render(v, { color: true, width: 120, previous: before })).replace(/\s+/g, ' ');
  expect(full).toContain('bold: moved since your last decision');
  // without colour nothing is bold: the key does not claim it (the count and "Since last" name them)
  const plain = mod.render(v, { color: false, width: 120, previous: before }).replace(/\s+/g, ' ');
  expect(plain).not.toContain('bold:');
  expect(plain).toContain('10 moved');
});

test("a newcomer's finding: the end says who won in the same words on the final screen, in the log and in the result ('win' here, 'wins' there)", () => {
  for (const file of ['lane-ambush-heuristic.json', 'patrol-clash-heuristic.json']) {
    const record = JSON.parse(readFileSync(`tests/golden/small-action/${file}`, 'utf8')) as GameRecord;
    const s = Session.fromRecord(mod, rules(), record);
    const r = s.result();
    const words = /: (.+ \((?:Blue|Red)\) win), /.exec(r.summary)![1]; // as the record keeps it
    const screen = mod.render(mod.view(s.state, 'Blue', rules()), { color: false, width: 80 }).replace(/\s+/g, ' ');
    const log = s.log.map((l) => ('text' in l.entry ? l.entry.text : '')).join('\n');
    expect({ file, screen: screen.includes(`${words}, `) }).toEqual({ file, screen: true });
    expect({ file, log: log.includes(`: ${words}.`) }).toEqual({ file, log: true });
    expect(`${screen}\n${log}`).not.toMatch(/\((Blue|Red)\) wins/);
  }
});

test('finding 5: the figure a prompt names is drawn as its name says (b1 the capital B, b2 the digit 2)', () => {
  const s = new Session<SaState>(mod, rules(), { seed: '5', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
  s.choose('order british march');
  s.choose('order germans combat');
  const d = s.decision()!;
  expect(d.prompt).toContain('pick the cell for b1 at W18');
  const { rows, panel } = mapRows(mod.render(mod.view(s.state, 'Blue', rules()), { color: false, width: 120 }));
  expect(rows.get('W')!.slice(16, 18)).toBe('2B'); // W17 the 2IC b2, W18 the leader b1
  expect(rows.get('B')!.slice(17, 19)).toBe('2G');
  expect(panel).toContain('B b1 leader, 2 b2 (2IC), b men');
});

describe('finding 6: text is wrapped or left out whole, never cut inside a word', () => {
  test('the panel names every figure that moved, at 80 and 120 columns, in colour or not', () => {
    const s = new Session<SaState>(mod, rules(), { seed: '7', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
    const before = mod.view(s.state, 'Blue', rules());
    for (const id of ['order british march', 'order germans march', 'move british s18', 'move germans f19']) s.choose(id);
    const v = mod.view(s.state, 'Blue', rules());
    const moved = v.figures.filter((f) => f.moved || f.cell !== before.figures.find((b) => b.label === f.label)!.cell).map((f) => f.label);
    expect(moved.length).toBe(20);
    for (const width of [80, 120])
      for (const color of [false, true]) {
        const { panel } = mapRows(mod.render(v, { color, width, previous: before }));
        const since = panel.slice(panel.indexOf('Since last: moved:')).split('Figures:')[0];
        for (const l of moved)
          expect({ width, color, l, named: new RegExp(`(^|\\s)${l}(\\s|$)`).test(since) }).toEqual({ width, color, l, named: true });
      }
  });

  test('the status line shortens the phase, then uses Blue/Red, then leaves out whole parts to fit (casualties, then sides, then the phase)', () => {
    const s = new Session<SaState>(mod, rules(), { seed: '7', options: { scenario: 'lane-ambush' }, rulesHash: 'x' }).start();
    const v = mod.view(s.state, 'Blue', rules());
    const full = 'Turn 1/12 | Place order cards | Flying Column 10 up | Black and Tans 10 up';
    expect(mod.status!(v, 100)).toBe(full);
    expect(mod.status!(v, 63)).toBe('Turn 1/12 | Orders | Flying Column 10 up | Black and Tans 10 up');
    expect(mod.status!(v, 50)).toBe('Turn 1/12 | Orders | Blue 10 up | Red 10 up');
    expect(mod.status!(v, 40)).toBe('Turn 1/12 | Place order cards');
    const parts = new Set([
      'Turn 1/12',
      'Place order cards',
      'Orders',
      'Flying Column 10 up',
      'Black and Tans 10 up',
      'Blue 10 up',
      'Red 10 up',
    ]);
    for (let w = 9; w <= 100; w++) {
      const line = mod.status!(v, w);
      expect(line.length).toBeLessThanOrEqual(w);
      for (const part of line.split(' | ')) expect({ w, part, whole: parts.has(part) }).toEqual({ w, part, whole: true });
    }
  });
});

test('the 80-column screen\'s status line keeps both sides\' figures, casualties too (a newcomer saw "British 6 up 4 down | Blue to decide", the Germans left out)', () => {
  const s = new Session<SaState>(mod, rules(), { seed: 'n6c', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
  // Turn 5 of n6c: 4 British figures and 3 German ones down.
  s.state.turn = 5;
  for (const [side, n] of [
    ['b', 4],
    ['g', 3],
  ] as const)
    s.state.figures
      .filter((f) => f.label.startsWith(side))
      .slice(-n)
      .forEach((f) => (f.status = 'casualty'));
  const d = s.decision()!;
  const screen = new Screen(s as never, { color: false }, true, false, 0);
  const line = screen.status(d.side, d, 80);
  expect(line.length).toBeLessThanOrEqual(80);
  expect(line).toMatch(/^Turn 5\/10 \| Orders \| British \d+ up 4 down \| German \d+ up 3 down \| Blue to decide$/);
  // Wider, the phase in full.
  expect(screen.status(d.side, d, 140)).toMatch(
    /^Turn 5\/10 \| Place order cards \| British \d+ up 4 down \| German \d+ up 3 down \| Blue to decide$/,
  );
});

describe("a newcomer's finding: the panel's command line agrees with the order question and the morale text", () => {
  test('the command radius: to figures in the open where the commander stands, and to figures in close country (Issuing Orders)', () => {
    const s = situation([
      { label: 'b1', cell: 'Q15' },
      { label: 'b2', cell: 'Q16' },
      { label: 'b3', cell: 'Q17' },
      { label: 'g3', cell: 'A1' },
    ]);
    const out = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 120 });
    expect(out).toMatch(/cmd b1 200 mm \(100 in close country\), faces/);
    // The 2IC commands: both halved
    fig(s, 'b1').status = 'casualty';
    const second = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 120 });
    expect(second).toMatch(/cmd b2 100 mm \(50 in close country\), faces/);
  });

  test('a section with no leader or 2IC: it stays put and may still fire or take cover', () => {
    const s = situation([
      { label: 'b3', cell: 'Q17' },
      { label: 'g3', cell: 'A1' },
    ]);
    fig(s, 'b1').status = 'casualty';
    fig(s, 'b2').status = 'casualty';
    const out = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 120 });
    expect(out).toContain('no leader or 2IC: stays put (fire or cover only)');
  });
});

test('the board is called the map, as the README and the panel say ("Show map"; a newcomer typed "Show m" and found nothing)', () => {
  expect(mod.boardName).toBe('map');
});

test('the side panel at 80 columns keeps each count whole: "2 down" is never cut to "2" / "down" (a newcomer\'s finding)', () => {
  const s = situation(
    ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10'].map((label, k) => ({ label, cell: `P${5 + k}` })),
    'lane-ambush',
  );
  for (const l of ['t9', 't10']) fig(s, l).status = 'casualty';
  const lines = mod.render(mod.view(s, 'Blue', rules()), { color: false, width: 80 }).split('\n');
  expect(lines.some((l) => /\b2 down$/.test(l))).toBe(true);
  expect(lines.some((l) => /up, 2$/.test(l))).toBe(false);
});
