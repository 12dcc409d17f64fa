/**
 * The screen (module contract: render, status): an ASCII hex map with north up and west on the left,
 * every hex labelled with its id (the full map; the compact one labels rows and columns), terrain,
 * roads, rivers, the VP towns with their controller, stacks as short codes; then the tracks.
 *
 * Map key: stack codes are UPPER case for the French, lower case for the English: I/i infantry and
 * C/c cavalry with their strength points, U United Irishmen, H Humbert, L Lake, "!" every unit of
 * the stack routed, "!1" one of its units routed (the others not), H?3 Humbert's stack as the English see it (3 counters); where the mix does not fit its
 * cell, F or e and the stack's total strength points (HF8). The character after a hex id is
 * the controller of a VP town (F or e), then, where the cell has room, its terrain (T town, v village), or
 * the terrain (^ hills, " bog, M mountain, = lake, ~ sea, v village). The compact map (a line a row, no
 * ids) puts a VP town's controller last in its cell, a blank between it and the name or stack ("Col e"),
 * and ends another place's name with a blank ("Xmol -e2  e": never run into the next hex's stack).
 * Town names are written in capitals, village names not (a town shifts combat a column left; several VP places are villages).
 * Between hexes: "-" a road, "~" a river, "#" a road crossing a river (bridge); "/" and "\" roads to the row below.
 */
import type { RenderContext } from '../../engine/module.js';
import { painter, stripAnsi, type Painter } from '../../ui/colour.js';
import { PHASE_NAME } from './flow.js';
import { STRATAGEM_NAME } from './stratagems.js';
import type { HexId, IrlRules, SideName, Terrain } from './state.js';
import type { IrlView, UnitView } from './view.js';
import { changes, focusRows, offScreen, rowsOff } from './map-window.js';

const TERRAIN_MARK: Record<Terrain, string> = {
  clear: ' ',
  village: 'v',
  town: 'T',
  hills: '^',
  bog: '"',
  mountain: 'M',
  lake: '=',
  sea: '~',
};
const TERRAIN_FILL: Record<Terrain, string> = {
  clear: ' ',
  village: ' ',
  town: ' ',
  hills: ' ^',
  bog: ' "',
  mountain: ' M',
  lake: '=',
  sea: '~',
};
const SHORT: Record<string, string> = {
  Sligo: 'Sligo',
  Killala: 'Killa',
  Collooney: 'Collo',
  Ballina: 'Balna',
  Foxford: 'Foxfd',
  Newport: 'Nwprt',
  Castlebar: 'Cstlb',
  Westport: 'Wstpt',
  Claremorris: 'Clrms',
  Ballysadare: 'Bsadr',
  Crossmolina: 'Xmlna',
  'Killala Bay': 'Fleet',
  'Hollymount road': 'Entry',
  'Claremorris ': 'Claremrs',
};

/** Names in 4 characters: the compact map at 80 columns keeps a blank after a place's name (placeName). */
const SHORT4: Record<string, string> = {
  Crossmolina: 'Xmol',
  Ballysadare: 'Bsdr',
  'Hollymount road': 'Entr',
};

const sideCase = (side: SideName, s: string) => (side === 'French' ? s.toUpperCase() : s.toLowerCase());
const sideTone = (side: SideName) => (side === 'French' ? 'blue' : 'red');

/**
 * A stack's short code (type, strength, routed), at most `w` characters. The routed mark is "!" when
 * every unit of the stack is routed, "!" and how many when only some are ("e5!1": a newcomer read
 * "e5!" as the whole stack routed, where one unit of two was); it is kept whole when the cell is
 * short, the strength points giving way first ("e!1"). Strength points are shown whole or not at all.
 */
export function stackCode(units: UnitView[], generals: string[], w: number): string {
  if (!units.length && !generals.length) return '';
  const side = units[0]?.side ?? (generals.includes('humbert') ? 'French' : 'English');
  const g = generals.map((x) => (x === 'humbert' ? 'H' : 'L')).join('');
  const sum = (f: (u: UnitView) => boolean) => units.filter(f).reduce((t, u) => t + u.strength, 0);
  const inf = sum((u) => u.type === 'infantry' && u.band !== 'united-irishmen');
  const ui = sum((u) => u.band === 'united-irishmen');
  const cav = sum((u) => u.type === 'cavalry');
  const nRouted = units.filter((u) => u.routed).length;
  const routed = !nRouted ? '' : nRouted === units.length ? '!' : `!${nRouted}`;
  const parts = [inf ? `i${inf}` : '', ui ? `u${ui}` : '', cav ? `c${cav}` : ''].join('');
  const full = g + sideCase(side, parts) + routed;
  if (full.length <= w) return full;
  const letter = sideCase(side, side === 'French' ? 'f' : 'e');
  const sp = String(inf + ui + cav);
  // Shorter forms, in order: the side's total SP; without the side letter when a general names the
  // side (H French, L English); without the general; then the routed mark before the SP. A number is
  // never cut (a newcomer read Lake's 18 SP at Killala, "Le18" cut to "Le1", as 1 SP).
  const forms = [g + letter + sp + routed, ...(g ? [g + sp + routed] : []), letter + sp + routed];
  if (routed) forms.push(g + letter + routed, letter + routed);
  for (const f of forms) if (f.length <= w) return f;
  // No room even for that: the side letter and "+" (more than the cell shows; the roster has it).
  return (letter + '+').slice(0, w);
}

/**
 * A named hex's name in a cell of `w` characters: towns in capitals, villages not. They differ in
 * combat (a town shifts a column left) and several VP places are villages; a newcomer took one for
 * the other when both were written alike.
 */
export function placeName(r: IrlRules, h: HexId, w: number): string {
  const d = r.index.hex[h];
  const short = (w === 4 && SHORT4[d.name!]) || SHORT[d.name!] || d.name!;
  const name = d.name!.length <= w ? d.name! : short.slice(0, w);
  return d.terrain === 'town' ? name.toUpperCase() : name;
}

interface Layout {
  cell: number;
  left: number;
}

function layoutFor(width: number): Layout {
  for (const cell of [10, 8, 6]) if (3 + cell / 2 + 11 * cell <= width) return { cell, left: 3 };
  return { cell: 6, left: 3 };
}

const cols = (r: IrlRules) => r.map.columns;
const xOf = (r: IrlRules, lay: Layout, id: HexId) => {
  const xx = Number(id.slice(0, 2));
  const yy = Number(id.slice(2));
  return lay.left + (xx % 2 === 0 ? lay.cell / 2 : 0) + (cols(r) - yy) * lay.cell;
};
const hid = (xx: number, yy: number) => String(xx).padStart(2, '0') + String(yy).padStart(2, '0');
const sideKey = (a: HexId, b: HexId) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** A line of characters with a colour per character, joined at the end. */
class Line {
  chars: string[];
  tones: (string | null)[];
  constructor(n: number) {
    this.chars = Array(n).fill(' ');
    this.tones = Array(n).fill(null);
  }
  put(x: number, text: string, tone: string | null = null) {
    for (let i = 0; i < text.length; i++) {
      if (x + i < 0 || x + i >= this.chars.length) continue;
      this.chars[x + i] = text[i];
      this.tones[x + i] = tone;
    }
  }
  paint(p: Painter): string {
    let out = '';
    let i = 0;
    while (i < this.chars.length) {
      let j = i;
      while (j < this.chars.length && this.tones[j] === this.tones[i]) j++;
      const seg = this.chars.slice(i, j).join('');
      out += this.tones[i] ? p(this.tones[i] as never, seg) : seg;
      i = j;
    }
    return out.replace(/\s+$/, '');
  }
}

interface Ctx {
  v: IrlView;
  r: IrlRules;
  lay: Layout;
  changed: Set<HexId>;
}

function hexUnits(c: Ctx, h: HexId): UnitView[] {
  return c.v.units.filter((u) => u.place === 'map' && u.hex === h);
}
function hexGenerals(c: Ctx, h: HexId): string[] {
  return c.v.generals.filter((g) => g.place === 'map' && g.hex === h).map((g) => g.id);
}

/**
 * The content of a hex's main line: a stack code, else the place, else the terrain. A place's name
 * takes at most `nameW` characters.
 */
function content(c: Ctx, h: HexId, w: number, nameW = w): { text: string; tone: string | null } {
  const units = hexUnits(c, h);
  const gens = hexGenerals(c, h);
  const hs = c.v.hiddenStack;
  if (hs && !hs.atSea && hs.hex === h) {
    const vis = units.length ? stackCode(units, [], w - 3) : '';
    return { text: (`H?${hs.counters ?? '?'}` + vis).slice(0, w), tone: 'blue' };
  }
  if (units.length || gens.length) {
    const side = units[0]?.side ?? (gens.includes('humbert') ? 'French' : 'English');
    return { text: stackCode(units, gens, w), tone: sideTone(side) };
  }
  const d = c.r.index.hex[h];
  if (d.terrain === 'sea' && h === c.r.setup.fleetHex && !c.v.landed) return { text: 'Fleet'.slice(0, w), tone: 'blue' };
  if (d.name && (d.terrain === 'town' || d.terrain === 'village' || h === '1206'))
    return { text: placeName(c.r, h, Math.min(w, nameW)), tone: c.r.index.town[h] ? 'bold' : null };
  const fill = TERRAIN_FILL[d.terrain];
  return {
    text: fill.repeat(w).slice(0, w),
    tone: d.terrain === 'sea' || d.terrain === 'lake' ? 'cyan' : d.terrain === 'clear' ? null : 'grey',
  };
}

function marker(c: Ctx, h: HexId): { ch: string; tone: string | null } {
  if (c.r.index.town[h]) {
    const who = c.v.control[h];
    return { ch: who === 'French' ? 'F' : 'e', tone: sideTone(who) };
  }
  const t = c.r.index.hex[h].terrain;
  return { ch: TERRAIN_MARK[t], tone: t === 'sea' || t === 'lake' ? 'cyan' : 'grey' };
}

function sepChar(c: Ctx, a: HexId, b: HexId): { ch: string; tone: string | null } {
  const road = !!c.r.index.roadSide[sideKey(a, b)];
  const river = !!c.r.index.riverSide[sideKey(a, b)];
  if (road && river) return { ch: '#', tone: 'yellow' };
  if (road) return { ch: '-', tone: 'yellow' };
  if (river) return { ch: '~', tone: 'cyan' };
  return { ch: ' ', tone: null };
}

/** The full map: three lines a row (ids, contents, the hexsides to the row below). */
function fullMap(c: Ctx, width: number, rows: number[]): Line[] {
  const { r, lay } = c;
  const w = lay.cell - 1;
  const lines: Line[] = [];
  const header = new Line(width);
  for (let yy = cols(r); yy >= 1; yy--)
    header.put(xOf(r, lay, hid(2, yy)) - lay.cell / 2 + Math.max(0, Math.floor((w - 2) / 2)), String(yy).padStart(2, '0'), 'dim');
  header.put(0, 'YY', 'dim');
  lines.push(header);
  for (const xx of rows) {
    const l1 = new Line(width);
    const l2 = new Line(width);
    const b = new Line(width);
    l1.put(0, String(xx).padStart(2, '0'), 'dim');
    for (let yy = cols(r); yy >= 1; yy--) {
      const h = hid(xx, yy);
      const x = xOf(r, lay, h);
      const m = marker(c, h);
      l1.put(x, h, c.changed.has(h) ? 'yellow' : 'dim');
      l1.put(x + 4, c.changed.has(h) && !r.index.town[h] ? '*' : m.ch, c.changed.has(h) ? 'yellow' : m.tone);
      // A VP place's terrain after its controller, where the cell has room: seen under a stack too.
      if (r.index.town[h] && w >= 6) l1.put(x + 5, TERRAIN_MARK[r.index.hex[h].terrain], 'grey');
      const ct = content(c, h, w);
      l2.put(x, ct.text.padEnd(w).slice(0, w), ct.tone);
      if (yy > 1) {
        const sep = sepChar(c, h, hid(xx, yy - 1));
        l1.put(x + w, sep.ch === '-' ? ' ' : sep.ch, sep.tone);
        l2.put(x + w, sep.ch, sep.tone);
      }
      if (xx < r.map.rows) {
        for (const n of r.index.neighbours[h]) {
          if (Number(n.slice(0, 2)) !== xx + 1) continue;
          const xn = xOf(r, lay, n);
          const from = Math.max(x, xn);
          const to = Math.min(x + lay.cell, xn + lay.cell);
          const road = !!r.index.roadSide[sideKey(h, n)];
          const river = !!r.index.riverSide[sideKey(h, n)];
          const seg = Array(to - from).fill(river ? '~' : ' ');
          if (road) seg[Math.floor((to - from) / 2) - (xn < x ? 1 : 0)] = xn < x ? '/' : '\\';
          b.put(from, seg.join(''), road ? 'yellow' : river ? 'cyan' : null);
        }
      }
    }
    lines.push(l1, l2);
    if (xx < r.map.rows && xx !== rows[rows.length - 1]) lines.push(b);
  }
  return lines;
}

/** The compact map: one line a row, rows labelled on the left and columns on top. */
function compactMap(c: Ctx, width: number, rows: number[], header: boolean): Line[] {
  const { r, lay } = c;
  const w = lay.cell - 1;
  const lines: Line[] = [];
  if (header) {
    const hl = new Line(width);
    hl.put(0, 'YY', 'dim');
    for (let yy = cols(r); yy >= 1; yy--)
      hl.put(xOf(r, lay, hid(2, yy)) - lay.cell / 2 + Math.floor((w - 2) / 2), String(yy).padStart(2, '0'), 'dim');
    lines.push(hl);
  }
  for (const xx of rows) {
    const l = new Line(width);
    l.put(0, String(xx).padStart(2, '0'), 'dim');
    for (let yy = cols(r); yy >= 1; yy--) {
      const h = hid(xx, yy);
      const x = xOf(r, lay, h);
      // VP towns keep their controller in the last character, a blank before it (a newcomer read
      // Collooney's "Coll" and its "e" as one name, "Colle"); stacks and terrain use the whole cell.
      const town = !!r.index.town[h];
      // Other named places leave their cell's last character blank: a name filling its cell ran into the
      // next hex's stack ("Xmlna-e2  e" read as Crossmolina's units; they were Ballina's).
      const ct = content(c, h, town ? w - 2 : w, town ? w - 2 : w - 1);
      const tone = c.changed.has(h) ? 'yellow' : ct.tone;
      if (town) {
        const m = marker(c, h);
        l.put(
          x,
          ct.text
            .padEnd(w - 1)
            .slice(0, w - 2)
            .padEnd(w - 1),
          tone,
        );
        l.put(x + w - 1, m.ch, m.tone);
      } else l.put(x, ct.text.padEnd(w).slice(0, w), tone);
      if (yy > 1) {
        const sep = sepChar(c, h, hid(xx, yy - 1));
        l.put(x + w, sep.ch, sep.tone);
      }
    }
    lines.push(l);
  }
  return lines;
}

/**
 * One line: turn, phase, victory points, stratagems, at most `width` columns: parts are shortened, then
 * the least needed dropped whole ("stratagem ..." first), never cut in the middle of a word.
 */
export function status(v: IrlView, width: number): string {
  const strat = (side: SideName) => (v.stratagemThisTurn[side] ? 'used' : 'free');
  const n = v.rules.turns.count;
  const F = v.vp.French.total;
  const E = v.vp.English.total;
  const turn = [`Turn ${v.turn}/${n} ${PHASE_NAME[v.phase]}`, `T${v.turn}/${n} ${PHASE_NAME[v.phase]}`];
  const over = v.over ? ['game over'] : [];
  const vp = [`VP French ${F}, English ${E}`, `VP F${F} E${E}`];
  const st = [`stratagem F ${strat('French')} E ${strat('English')}`, `strat. F ${strat('French')} E ${strat('English')}`];
  // Candidates from the fullest to the barest; the first that fits is the line.
  const candidates: string[][] = [
    [turn[0], ...over, vp[0], st[0]],
    [turn[0], ...over, vp[1], st[0]],
    [turn[1], ...over, vp[1], st[0]],
    [turn[1], ...over, vp[1], st[1]],
    [turn[0], ...over, vp[0]],
    [turn[1], ...over, vp[1]],
    [turn[1], ...over],
    [turn[1]],
  ];
  for (const c of candidates) {
    const text = c.join(' | ');
    if (text.length <= width) return text;
  }
  return wrap(turn[1], width)[0].trimEnd();
}

function roster(v: IrlView, side: SideName, width: number, p: Painter): string[] {
  const items: string[] = [];
  for (const u of v.units.filter((x) => x.side === side && x.place === 'map'))
    items.push(`${u.id}@${u.hex} ${u.strength}${u.routed ? '!' : ''}`);
  for (const g of v.generals) if (v.rules.index.general[g.id].side === side && g.place === 'map') items.push(`${g.id}@${g.hex ?? '?'}`);
  if (side === 'French' && v.hiddenStack)
    items.push(
      `Humbert's stack@${v.hiddenStack.atSea ? 'sea' : v.hiddenStack.hex} ${v.hiddenStack.counters ?? '?'} counter${v.hiddenStack.counters === 1 ? '' : 's'}`,
    );
  // At sea: the units, and the generals with them (Humbert sails with the French).
  const sea = [
    ...v.units.filter((x) => x.side === side && x.place === 'sea').map((u) => u.id),
    ...v.generals.filter((g) => v.rules.index.general[g.id].side === side && g.place === 'sea').map((g) => g.id),
  ];
  if (sea.length) items.push(`at sea: ${sea.join(',')}`);
  const reinf = v.units.filter((x) => x.side === side && x.place === 'reinforcement');
  if (reinf.length) {
    const byTurn = new Map<number, string[]>();
    for (const u of reinf) {
      const t = v.rules.reinforcements.find((r) => r.units.includes(u.id))?.turn ?? 0;
      byTurn.set(t, [...(byTurn.get(t) ?? []), u.id]);
    }
    for (const [t, us] of byTurn) items.push(`turn ${t}: ${us.join(',')}`);
  }
  const dead = v.units.filter((x) => x.side === side && x.place === 'eliminated');
  if (dead.length) items.push(`eliminated: ${dead.map((u) => u.id).join(',')}`);
  // A general left alone is captured (8.3): off the map for good, and said so (he was listed nowhere).
  const captured = v.generals.filter((g) => v.rules.index.general[g.id].side === side && g.place === 'eliminated');
  if (captured.length) items.push(`captured: ${captured.map((g) => g.id).join(',')}`);
  const lines: string[] = [];
  const start = `${side}: `;
  let cur = start;
  const newLine = () => {
    lines.push(cur.trimEnd());
    cur = '  ';
  };
  for (const it of items) {
    if (cur.length + it.length + 2 > width && cur !== start) newLine();
    if (cur.length + it.length + 2 <= width) cur += it + '; ';
    else {
      // A list longer than a line (the eliminated units at the end of a game) wraps after its commas.
      for (const piece of it.split(/(?<=,)/)) {
        if (cur.length + piece.length + 1 > width && cur.trim() && cur !== start) newLine();
        cur += piece;
      }
      cur += '; ';
    }
  }
  lines.push(cur.replace(/; $/, ''));
  return lines.map((l) => p(sideTone(side) as never, l));
}

/** The screen for a view. Lines never exceed ctx.width (default 100); ctx.height, when given, bounds the line count. */
export function render(v: IrlView, ctx: RenderContext): string {
  const width = Math.max(72, ctx.width ?? 100);
  const p = painter(ctx);
  const r = v.rules;
  const lay = layoutFor(width);
  const ch = changes(v, ctx.previous as IrlView | undefined);
  const c: Ctx = { v, r, lay, changed: ch.hexes };
  const allRows = Array.from({ length: r.map.rows }, (_, k) => k + 1);
  const fullHeight = 1 + r.map.rows * 3 - 1;
  const height = ctx.height;
  let lines: string[];
  let extrasRoom = Infinity;
  const full = height === undefined || height >= fullHeight + 2;
  // Every row drawn, with a header line of column numbers that says nothing else.
  let wholeMap = true;
  if (full) {
    lines = fullMap(c, width, allRows).map((l) => l.paint(p));
    if (height !== undefined) extrasRoom = height - lines.length;
  } else if (height >= r.map.rows + 1) {
    lines = compactMap(c, width, allRows, true).map((l) => l.paint(p));
    extrasRoom = height - lines.length;
  } else {
    lines = partialMap(c, width, Math.max(2, height), ch.hexes, p);
    extrasRoom = 0;
    wholeMap = false;
  }
  // Blocks below the map, each shown whole or not at all (most needed first when rows are short).
  const blocks: { order: number; lines: string[] }[] = [];
  const add = (order: number, ls: string[]) => blocks.push({ order, lines: ls });
  if (v.over) add(9, [p('bold', `Game over: ${v.winner ? `${v.winner} victory` : 'draw'} (${v.victory}).`)]);
  // The screen draws the status line itself above a board drawn for a height.
  if (height === undefined) add(0, [status(v, width)]);
  if (ch.notes.length)
    add(
      1,
      wrap(`Since your last decision: ${ch.notes.join('; ')}`, width).map((l) => p('yellow', l)),
    );
  if (v.hiddenStack)
    add(
      2,
      wrap(
        `Humbert's stack ${v.hiddenStack.atSea ? 'is at sea in Killala Bay' : `is at ${v.hiddenStack.hex}`}: ${v.hiddenStack.counters === null ? 'its units are hidden' : `${v.hiddenStack.counters} counter${v.hiddenStack.counters === 1 ? '' : 's'}, units and strength hidden`} (rule 5).`,
        width,
      ),
    );
  // humbert-combat=hidden: the French see the odds of their hidden stack's combat, which the public log leaves out.
  if (v.combat?.hiddenOdds) add(2, wrap(`${v.combat.hiddenOdds} (Humbert's stack is hidden: the log shows the English no column).`, width));
  for (const side of ['French', 'English'] as SideName[]) add(side === 'French' ? 3 : 4, roster(v, side, width, p));
  // Some VP towns of 13.2 are villages on the map (no combat shift): said so, as the map draws them.
  const towns = r.victory.towns
    .map(
      (t) =>
        `${t.name}${r.index.hex[t.hex].terrain === 'village' ? ' (village)' : ''} ${t.hex} ${v.control[t.hex] === 'French' ? 'F' : 'e'}`,
    )
    .join(', ');
  add(5, wrap(`VP towns (controller): ${towns}`, width));
  add(
    6,
    wrap(
      `Stratagems this turn (one a side, rule 11): French ${v.stratagemThisTurn.French ? 'used' : 'free'}, English ${v.stratagemThisTurn.English ? 'used' : 'free'}; once-only ones spent: ${v.spent.length ? v.spent.map((x) => STRATAGEM_NAME[x]).join(', ') : 'none'}. Sligo Garrison ${v.sligoFree ? 'free to move' : 'frozen (rule 12.2)'}.`,
      width,
    ),
  );
  // The full map has room for a VP place's terrain after its controller from 100 columns on (w >= 6).
  const placeMark = full && lay.cell - 1 >= 6;
  // The compact map has no hex ids: a VP place's controller ends its cell, after a blank.
  const marks = full
    ? `after the id: VP controller F/e${placeMark ? ' (then T town, v village)' : ''} or terrain ^ hills " bog M mountain = lake ~ sea v village; - road, ~ river, # bridge, / \\ roads`
    : 'then, after a blank, the VP controller F/e (also after a stack); ^ hills " bog M mountain = lake ~ sea; - road, ~ river, # bridge';
  const KEY = 7;
  add(
    KEY,
    wrap(
      `Key: UPPER French, lower English; i inf, c cav, u United Irishmen + SP; F8/e8 all SP where the mix does not fit; H Humbert, L Lake; ! all routed, !1 one unit routed; H?3 hidden stack; names: TOWNS in capitals, villages not; ${marks}`,
      width,
    ).map((l) => p('dim', l)),
  );
  const shown = new Set<number>();
  let room = extrasRoom;
  for (const b of [...blocks].sort((a, b) => (a.order === 9 ? -1 : b.order === 9 ? 1 : a.order - b.order)))
    if (b.lines.length <= room) {
      shown.add(b.order);
      room -= b.lines.length;
    }
  // No room for the key under a whole map (80x24): the header's free end says where it is, when it fits.
  const pointer = 'key: Show map';
  const headerEnd = stripAnsi(lines[0]).length;
  if (!shown.has(KEY) && wholeMap && headerEnd + 1 + pointer.length <= width) lines[0] += ' ' + p('dim', pointer);
  const extras = blocks.filter((b) => shown.has(b.order)).flatMap((b) => b.lines);
  const out = [...lines, ...extras];
  return out.map((l) => (stripAnsi(l).length > width ? stripAnsi(l).slice(0, width) : l)).join('\n');
}

/**
 * The map when not every row fits in `height` lines: the compact map of the rows that matter now
 * (focusRows), saying which rows are off, in the header's free end when it fits, else on a line of its own.
 */
function partialMap(c: Ctx, width: number, height: number, changed: Set<HexId>, p: Painter): string[] {
  const rows = c.r.map.rows;
  // `under`: lines kept under the map. When units the viewer sees stand in rows left out, one line
  // says so (offScreen), taking a row of the map (a newcomer missed enemy units that had just arrived).
  const layout = (under: number) => {
    let shown = focusRows(c.v, Math.max(1, height - 1 - under), changed);
    let off = under < 2 && height - 2 - under >= 2 ? offScreen(c.v, shown, width) : '';
    if (off) {
      shown = focusRows(c.v, height - 2 - under, changed);
      off = offScreen(c.v, shown, width);
    }
    return { shown, off };
  };
  let { shown, off } = layout(0);
  const offLine = () => (off ? [p('yellow', off)] : []);
  let lines = compactMap(c, width, shown, true);
  const note = `${rowsOff(shown, rows)} (Show map)`;
  const headerEnd = lines[0].chars.join('').trimEnd().length;
  const short = rowsOff(shown, rows);
  if (headerEnd + 2 + note.length <= width) {
    lines[0].put(headerEnd + 2, note, 'yellow');
    return [...lines.map((l) => l.paint(p)), ...offLine()];
  }
  // The rows off alone, when the line under the map names "Show map" (the key and every row are there):
  // at 80 columns the header has no room for both (a newcomer found no word of the key there).
  if (off && headerEnd + 2 + short.length <= width) {
    lines[0].put(headerEnd + 2, short, 'yellow');
    return [...lines.map((l) => l.paint(p)), ...offLine()];
  }
  // No room in the header: one row less, and a line saying which are off, and where the rest is.
  ({ shown, off } = layout(1));
  lines = compactMap(c, width, shown, true);
  return [
    ...lines.map((l) => l.paint(p)),
    p('yellow', `${rowsOff(shown, rows)} ("Show map" shows every row and the key)`.slice(0, width)),
    ...offLine(),
  ];
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const word of text.split(' ')) {
    if (cur.length + word.length + 1 > width && cur) {
      out.push(cur);
      cur = '  ' + word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push(cur);
  return out;
}
