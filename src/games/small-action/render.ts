/**
 * The screen: the table as an ASCII map, one character per 50 mm cell, with grid coordinates on its
 * edges (rows A.., columns 1..), and a panel of the sections beside it. Readable without colour:
 * terrain by character, figures by their section's letter (a man), its capital (the leader, b1)
 * and "2" (the 2IC, b2: the digit of its name); "!" a suppressed figure, "x" a casualty (killed or
 * wounded). Fits `ctx.width` (80 or 120 columns: a narrower screen scrolls the map to the part that
 * matters) and, given `ctx.height`, that many lines: then the map shows the rows of the section at
 * hand and of every other figure of both sides whenever they fit, each run of rows left out folded
 * into a line naming them ("rows H-K: no figures", or how many figures are there: on Show map),
 * and the title names the rows shown.
 */
import type { RenderContext } from '../../engine/module.js';
import { painter, stripAnsi, type Painter, type Tone } from '../../ui/colour.js';
import { FACING_NAMES, rowName } from './geometry.js';
import { verdict } from './section.js';
import type { SideName } from './types.js';
import type { FigureView, SaView, SectionView } from './view.js';
import { wrapWords } from '../../ui/text.js';

const TERRAIN_TONE: Record<string, Tone> = {
  '%': 'green',
  '"': 'green',
  '~': 'cyan',
  '*': 'cyan',
  '#': 'white',
  '=': 'yellow',
  ':': 'grey',
  _: 'grey',
  '+': 'yellow',
  '.': 'grey',
};
const SIDE_TONE: Record<SideName, Tone> = { Blue: 'blue', Red: 'red' };

function parseId(id: string): [number, number] {
  const m = /^([A-Z]{1,2})(\d+)$/.exec(id)!;
  const row = m[1].length === 1 ? m[1].charCodeAt(0) - 65 : (m[1].charCodeAt(0) - 64) * 26 + (m[1].charCodeAt(1) - 65);
  return [Number(m[2]) - 1, row];
}

/**
 * The character of a figure: the section letter for a man, its capital for the leader (b1), and the
 * 2IC drawn with the digit of its name (b2 is "2"); "!" suppressed, "x" a casualty.
 */
export function figureGlyph(v: SaView, f: FigureView): string {
  if (f.status === 'casualty') return 'x';
  if (f.suppressed) return '!';
  const sec = v.sections.find((x) => x.id === f.section)!;
  if (f.role === 'leader') return sec.mark.toUpperCase();
  if (f.role === '2ic') return f.label.slice(sec.mark.length);
  return sec.mark;
}

const ROLE_RANK = { leader: 3, '2ic': 2, man: 1 };

/** The figure shown in each cell: a standing one before a casualty, the leader before the 2IC before a man. */
function shownFigures(v: SaView): Map<string, FigureView> {
  const out = new Map<string, FigureView>();
  const rank = (f: FigureView) => (f.status === 'ready' ? 10 : 0) + ROLE_RANK[f.role];
  for (const f of v.figures) {
    if (!f.cell) continue;
    const cur = out.get(f.cell);
    if (!cur || rank(f) > rank(cur)) out.set(f.cell, f);
  }
  return out;
}

/** Labels of figures that moved, fell or left since `previous`. */
export function changesSince(v: SaView, previous: unknown): { moved: Set<string>; lines: string[] } {
  const moved = new Set<string>();
  const lines: string[] = [];
  const prev = previous as SaView | undefined;
  if (!prev || !Array.isArray(prev.figures) || prev.scenario?.id !== v.scenario.id) return { moved, lines };
  const before = new Map(prev.figures.map((f) => [f.label, f]));
  const down: string[] = [];
  const gone: string[] = [];
  const went: string[] = [];
  for (const f of v.figures) {
    const b = before.get(f.label);
    if (!b) continue;
    if (b.status === 'ready' && f.status === 'casualty') down.push(`${f.label} ${f.name}`);
    else if (b.status === 'ready' && f.status === 'exited') gone.push(f.label);
    else if (f.cell && b.cell !== f.cell) {
      moved.add(f.label);
      went.push(f.label);
    }
  }
  if (went.length) lines.push(`moved: ${went.join(' ')}`);
  if (down.length) lines.push(`down: ${down.join(', ')}`);
  if (gone.length) lines.push(`left the table: ${gone.join(' ')}`);
  return { moved, lines };
}

/** `text` (plain: no colour codes) wrapped to `width` columns, the lines after the first indented by `indent`. */
function wrap(text: string, width: number, indent = ''): string[] {
  const [first, ...rest] = wrapWords(text, width);
  return [
    first,
    ...wrapWords(rest.join(' '), width - indent.length)
      .filter(Boolean)
      .map((l) => indent + l),
  ];
}

const NBSP = '\u00a0';

const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** How many of section `x`'s figures on the table moved since this player's last decision. */
function movedOf(v: SaView, x: SectionView, moved: Set<string>): number {
  return v.figures.filter((f) => f.section === x.id && f.status === 'ready' && moved.has(f.label)).length;
}

function sectionLines(v: SaView, x: SectionView, width: number, p: Painter, wide: boolean, moved: Set<string>): string[] {
  const out: string[] = [];
  // Each count kept whole when the line wraps ("2 down", never "2" / "down"): joined by no-break spaces until wrapped.
  const counts = [
    `${x.ready} up`,
    // The figures that moved since this player's last decision (drawn in bold in colour; "Since last" names them).
    movedOf(v, x, moved) ? `${movedOf(v, x, moved)} moved` : '',
    x.casualties ? `${x.casualties} down` : '',
    x.exited ? `${x.exited} off` : '',
    x.suppressed ? `${x.suppressed} supp.` : '',
  ];
  const state = counts
    .filter(Boolean)
    .map((c) => c.replace(/ /g, NBSP))
    .join(', ');
  const [head, ...more] = wrap(`${x.mark} ${x.name} (${x.cls}): ${state}`, width, '   ').map((l) => l.replaceAll(NBSP, ' '));
  // The section's letter in its side's colour (the first character of the first line).
  out.push(p(SIDE_TONE[x.side], head.slice(0, x.mark.length)) + head.slice(x.mark.length), ...more);
  const hidden = v.stage === 'orders' && x.side !== v.viewer && v.viewer !== 'all' && !v.revealed && !x.card;
  const card = hidden
    ? 'order: secret until the reveal'
    : x.card
      ? `order: ${x.card}`
      : v.stage === 'orders' && !v.over
        ? 'order: not laid yet'
        : 'no order';
  out.push(...wrap(`  ${card}${x.forcedWhy ? ` (${x.forcedWhy})` : ''}`, width, '   '));
  // The radius to figures in the open where the commander stands, and to those in close country when it differs (Issuing Orders).
  const radius = x.radiusClose < x.radius ? `${x.radius} mm (${x.radiusClose} in close country)` : `${x.radius} mm`;
  const cmd = x.pinned
    ? 'no leader or 2IC: stays put (fire or cover only)'
    : x.commander === null
      ? x.asBody
        ? 'leader and 2IC off the table: the men act as a body on each card'
        : 'leader and 2IC off the table: the men keep their last order'
      : `cmd ${x.commander ?? '-'} ${radius}, faces ${FACING_NAMES[x.facing]}`;
  out.push(...wrap(`  ${cmd}`, width, '   '));
  if (wide) {
    const down = v.figures.filter((f) => f.section === x.id && f.status === 'casualty').map((f) => `${f.label} ${f.name}`);
    if (down.length) out.push(...wrap(`  casualties: ${down.join(', ')}`, width, '   '));
    const supp = v.figures.filter((f) => f.section === x.id && f.suppressed).map((f) => f.label);
    if (supp.length) out.push(...wrap(`  suppressed: ${supp.join(' ')}`, width, '   '));
    const gren = v.figures.filter((f) => f.section === x.id && f.status === 'ready').reduce((n, f) => n + f.grenades, 0);
    const kit = [
      ...new Set(
        v.figures.filter((f) => f.section === x.id && f.status === 'ready' && f.weapon !== 'rifle').map((f) => `${f.label} ${f.weapon}`),
      ),
    ];
    if (gren || kit.length)
      out.push(
        ...wrap(`  ${kit.join(', ')}${gren ? `${kit.length ? '; ' : ''}${gren} grenade${gren === 1 ? '' : 's'}` : ''}`, width, '   '),
      );
  }
  return out;
}

/**
 * The panel beside the map, as blocks in screen order, each with its rank (1 matters most): the
 * sections, the targets at hand, what changed, the figure and ground keys. Every line is wrapped
 * to `width` at spaces (never cut inside a word, never losing an entry).
 */
function panelBlocks(
  v: SaView,
  width: number,
  p: Painter,
  wide: boolean,
  changes: { moved: Set<string>; lines: string[] },
  color: boolean,
): { rank: number; lines: string[] }[] {
  const blocks: { rank: number; lines: string[] }[] = [];
  for (const side of ['Blue', 'Red'] as SideName[]) {
    const pts = v.over ? `: ${v.points[side]} pts` : '';
    const lines = wrap(`${side}: ${v.scenario.sides[side].name}${pts}`, width, '  ').map((l) => p(SIDE_TONE[side], l));
    for (const x of v.sections.filter((y) => y.side === side)) lines.push(...sectionLines(v, x, width, p, wide, changes.moved));
    blocks.push({ rank: 1, lines });
  }
  const pend = v.pending;
  if (pend && pend.targets.length) {
    const lines = [p('bold', 'Targets (range, number, hits):')];
    for (const t of pend.targets)
      lines.push(
        ...wrap(
          ` ${t.section}: ${t.inSight} seen ${Math.round(t.nearest)}-${Math.round(t.farthest)} mm, ${t.need}, ~${t.expected.toFixed(1)}`,
          width,
          '   ',
        ),
      );
    blocks.push({ rank: 2, lines });
  }
  if (changes.lines.length)
    blocks.push({ rank: 3, lines: changes.lines.flatMap((c) => wrap(`Since last: ${c}`, width, '   ').map((l) => p('bold', l))) });
  const marks = v.sections.map((x) => `${x.mark.toUpperCase()} ${x.mark}1 leader, 2 ${x.mark}2 (2IC), ${x.mark} men`).join('; ');
  const bold = color && changes.moved.size ? '; bold: moved since your last decision' : '';
  blocks.push({ rank: 4, lines: wrap(`Figures: ${marks}; ! suppressed, x down${bold}`, width, '  ') });
  blocks.push({ rank: 5, lines: wrap(`Ground: ${v.legend.map(([c, n]) => `${c} ${n.replace(/ \(.*\)$/, '')}`).join(', ')}`, width, '  ') });
  return blocks;
}

/** The panel's lines (panelBlocks), at most `room` of them: the blocks that matter least are left out whole. */
function panelLines(blocks: { rank: number; lines: string[] }[], room = Infinity): string[] {
  const size = () => blocks.reduce((n, b) => n + b.lines.length, 0);
  while (size() > room && blocks.some((b) => b.rank > 1)) {
    const worst = Math.max(...blocks.map((b) => b.rank));
    blocks.splice(
      blocks.findIndex((b) => b.rank === worst),
      1,
    );
  }
  return blocks.flatMap((b) => b.lines).slice(0, room);
}

/** "B", "B-D": a run of rows by name. */
function rowRun(a: number, b: number): string {
  return a === b ? rowName(a) : `${rowName(a)}-${rowName(b)}`;
}

/** The line standing for rows `a` to `b` left out of the map: "rows H-K: no figures", else how many figures are in them. */
function foldedRows(v: SaView, a: number, b: number, width: number): string {
  const n = v.figures.filter((f) => f.cell && f.status !== 'exited' && parseId(f.cell)[1] >= a && parseId(f.cell)[1] <= b).length;
  const rows = `row${a === b ? '' : 's'} ${rowRun(a, b)}`;
  const forms = n
    ? [`${rows}: ${n} figure${n === 1 ? '' : 's'} (Show map)`, `${rows}: ${n} figure${n === 1 ? '' : 's'}`, `${rowRun(a, b)}: ${n} fig.`]
    : [`${rows}: no figures`, `${rowRun(a, b)}: none`, rowRun(a, b)];
  return forms.find((f) => f.length + 2 <= width) ?? forms[forms.length - 1];
}

/** Consecutive runs of the rows shown, [first, last] each. */
function runsOf(rows: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && r === last[1] + 1) last[1] = r;
    else out.push([r, r]);
  }
  return out;
}

/**
 * The map rows to draw in `budget` lines when the screen is short (a run of rows left out between
 * two runs drawn takes a line of its own, saying which rows it folds): first the rows of the
 * section at hand (`must`; when they cannot all be drawn, those nearest its middle), then each row
 * of `wanted` in turn while it fits (every row holding a figure comes first there, so a figure is
 * left out only when the rows holding figures cannot all be drawn even with the empty rows between
 * them folded); then the ground between the section's own figures, when it fits whole; the lines
 * left go to the rows around them, filling a gap first, then nearest the section (the others' rows
 * get half as much room around them). Rows of `held` (those holding figures) above or below the
 * rows drawn cost a line too, saying so.
 */
export function chooseRows(total: number, budget: number, must: number[], wanted: number[], held: number[] = []): number[] {
  if (budget >= total) return Array.from({ length: total }, (_, r) => r);
  const shown = new Set<number>();
  const cost = (rows: Set<number>) => {
    const r = [...rows].sort((a, b) => a - b);
    let n = r.length;
    for (let i = 1; i < r.length; i++) if (r[i] > r[i - 1] + 1) n++;
    // Rows holding figures above the first row drawn or below the last: a line saying so.
    if (r.length && held.some((h) => h < r[0])) n++;
    if (r.length && held.some((h) => h > r[r.length - 1])) n++;
    return n;
  };
  const tryAdd = (rows: number[]) => {
    const next = new Set([...shown, ...rows]);
    if (cost(next) > budget) return false;
    for (const r of rows) shown.add(r);
    return true;
  };
  const mid = must.length ? (Math.min(...must) + Math.max(...must)) / 2 : (total - 1) / 2;
  if (must.length) {
    if (!tryAdd(must)) for (const r of must.slice().sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b)) tryAdd([r]);
  } else tryAdd([Math.round(mid)]);
  for (const r of wanted) tryAdd([r]);
  if (must.length) {
    const lo = Math.min(...must);
    tryAdd(Array.from({ length: Math.max(...must) - lo + 1 }, (_, k) => lo + k));
  }
  const near = (r: number, rows: number[]) => (rows.length ? Math.min(...rows.map((x) => Math.abs(x - r))) : Infinity);
  const mustRows = must.length ? must : [Math.round(mid)];
  for (;;) {
    const cands = new Set<number>();
    for (const r of shown) for (const n of [r - 1, r + 1]) if (n >= 0 && n < total && !shown.has(n)) cands.add(n);
    const key = (n: number) => [
      shown.has(n - 1) && shown.has(n + 1) ? 0 : 1,
      Math.min(
        near(n, mustRows),
        2 *
          near(
            n,
            wanted.filter((w) => shown.has(w)),
          ),
      ),
      n,
    ];
    const order = [...cands].sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
    });
    if (!order.some((n) => tryAdd([n]))) break;
  }
  return [...shown].sort((a, b) => a - b);
}

/**
 * The rows that matter on a short screen: the section at hand's (`must`); then (`wanted`, in that
 * order) the rows of the enemies it sees, of the other standing figures of both sides (the enemies
 * nearest it first, then its own side's), the scenario's objective (the farmhouse), the cells it
 * may move to (a movement decision), and last the casualties lying on the table.
 */
function rowsThatMatter(v: SaView): { must: number[]; wanted: number[] } {
  const focus = focusFigures(v);
  const must = [...new Set(focus.map((f) => parseId(f.cell!)[1]))];
  const sides = new Set(focus.map((f) => f.side));
  const side = sides.size === 1 ? [...sides][0] : null;
  const cx = focus.reduce((n, f) => n + parseId(f.cell!)[0], 0) / (focus.length || 1);
  const cy = focus.reduce((n, f) => n + parseId(f.cell!)[1], 0) / (focus.length || 1);
  const seen = new Set(v.pending?.enemiesSeen ?? []);
  // Every figure on the table but the focus: the enemies seen, then the enemies, then the rest (own side, casualties), nearest first.
  const inFocus = new Set(focus.map((f) => f.label));
  const others = v.figures
    .filter((f) => f.cell && f.status !== 'exited' && !inFocus.has(f.label))
    .map((f) => {
      const [c, r] = parseId(f.cell!);
      const rank = f.status !== 'ready' ? 3 : side && f.side !== side ? (seen.has(f.label) ? 0 : 1) : 2;
      return { r, rank, d: (c - cx) ** 2 + (r - cy) ** 2 };
    })
    .sort((a, b) => a.rank - b.rank || a.d - b.d || a.r - b.r);
  const standing = others.filter((e) => e.rank < 3).map((e) => e.r);
  const down = others.filter((e) => e.rank === 3).map((e) => e.r);
  const mid = must.length ? (Math.min(...must) + Math.max(...must)) / 2 : 0;
  const moves = (v.pending?.destinations ?? [])
    .filter((d) => /^[a-z]+\d+$/.test(d.to))
    .map((d) => parseId(d.to.toUpperCase())[1])
    .sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b);
  // The scenario's objectives (the farmhouse to hold), nearest the section first.
  const objectives = v.scenario.objectives
    .flatMap((o) => o.cells.map((c) => parseId(c)[1]))
    .sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b);
  return { must, wanted: [...new Set([...standing, ...objectives, ...moves, ...down])] };
}

/** Parts of a line joined by `sep`, leaving out whole parts (the highest `drop` first) until it fits `width`. */
function fitParts(parts: { text: string; drop: number }[], width: number, sep: string): string {
  const left = parts.slice();
  for (;;) {
    const text = left.map((x) => x.text).join(sep);
    if (text.length <= width || left.length <= 1) return text.length <= width ? text : wrapWords(text, width)[0];
    const worst = Math.max(...left.map((x) => x.drop));
    left.splice(
      left.findIndex((x) => x.drop === worst),
      1,
    );
  }
}

export function renderView(v: SaView, ctx: RenderContext): string {
  const p = painter(ctx);
  const width = Math.max(60, ctx.width ?? 100);
  const rows = v.map.length;
  const cols = v.map[0].length;
  const shown = shownFigures(v);
  const changes = changesSince(v, ctx.previous);
  const wide = width >= 110;
  // Columns: the whole table when it fits beside a panel, else a window around the focus.
  const panelMin = 30;
  const mapCols = Math.min(cols, width - 6 - panelMin - 2 > 12 ? width - 6 - panelMin - 2 : width - 6);
  const focus = focusFigures(v).map((f) => parseId(f.cell!));
  const fx = focus.length ? focus.reduce((n, c) => n + c[0], 0) / focus.length : cols / 2;
  const c0 = Math.max(0, Math.min(cols - mapCols, Math.round(fx - mapCols / 2)));
  const height = ctx.height;
  // Rows: all of them; on a short screen, those that matter (the section at hand and its enemies).
  const overLines = v.over ? 2 : 0;
  const budget = height ? Math.max(3, height - 3 - overLines) : rows;
  const { must, wanted } = rowsThatMatter(v);
  const held = [...new Set(v.figures.filter((f) => f.cell && f.status !== 'exited').map((f) => parseId(f.cell!)[1]))];
  const showRows = chooseRows(rows, budget, must, wanted, held);
  const runs = runsOf(showRows);
  const windowed = showRows.length < rows;
  const colsCut = c0 > 0 || c0 + mapCols < cols;
  const lw = rows > 26 ? 2 : 1;
  const lines: string[] = [];
  const tens = Array.from({ length: mapCols }, (_, k) => {
    const c = c0 + k + 1;
    return c >= 10 ? String(Math.floor(c / 10) % 10) : ' ';
  }).join('');
  const units = Array.from({ length: mapCols }, (_, k) => String((c0 + k + 1) % 10)).join('');
  const pad = ' '.repeat(lw + 1);
  lines.push(`${pad}${tens}`);
  lines.push(`${pad}${units}`);
  // Rows left out, folded into a line of their own: which rows, and whether any figure is in them (on Show map).
  const fold = (a: number, b: number) => {
    const gap = ` ${foldedRows(v, a, b, mapCols)} `;
    const l = Math.max(0, Math.floor((mapCols - gap.length) / 2));
    lines.push(`${pad}${p('dim', `${'-'.repeat(l)}${gap}${'-'.repeat(Math.max(0, mapCols - l - gap.length))}`)}`);
  };
  const first = runs.length ? runs[0][0] : 0;
  const last = runs.length ? runs[runs.length - 1][1] : rows - 1;
  if (held.some((h) => h < first)) fold(0, first - 1);
  runs.forEach(([a, b], k) => {
    if (k > 0) fold(runs[k - 1][1] + 1, a - 1);
    for (let r = a; r <= b; r++) {
      let line = `${rowName(r).padStart(lw)} `;
      for (let c = c0; c < c0 + mapCols; c++) {
        const id = `${rowName(r)}${c + 1}`;
        const f = shown.get(id);
        if (f) {
          const g = figureGlyph(v, f);
          const tone: Tone = f.status === 'casualty' ? 'dim' : changes.moved.has(f.label) ? 'bold' : SIDE_TONE[f.side];
          line += changes.moved.has(f.label) && ctx.color ? p('bold', p(SIDE_TONE[f.side], g)) : p(tone, g);
        } else {
          const ch = v.map[r][c];
          line += p(TERRAIN_TONE[ch] ?? 'grey', ch);
        }
      }
      line += ` ${rowName(r)}`;
      lines.push(line);
    }
  });
  if (held.some((h) => h > last)) fold(last + 1, rows - 1);
  // The whole map (Show map, paged at a short terminal): the column numbers again under it.
  if (!height) lines.push(`${pad}${tens}`, `${pad}${units}`);
  const mapWidth = lw + 1 + mapCols + 1 + lw;
  const panelWidth = width - mapWidth - 2;
  const beside = panelWidth >= panelMin;
  const shownText = `rows ${runs.map(([a, b]) => rowRun(a, b)).join(', ')} of ${rowRun(0, rows - 1)}${colsCut ? `, columns ${c0 + 1}-${c0 + mapCols} of 1-${cols}` : ''}`;
  const title = fitParts(
    [
      ...(wide ? [{ text: 'SMALL ACTION', drop: 6 }] : []),
      { text: v.scenario.name, drop: 5 },
      { text: `Turn ${v.turn}/${v.turnLimit}`, drop: windowed ? 3 : 2 },
      { text: v.phase, drop: windowed ? 4 : 3 },
      ...(v.viewer === 'all' ? [] : [{ text: `${v.viewer}'s view`, drop: 2 }]),
      ...(windowed || (height && colsCut) ? [{ text: `map ${shownText}`, drop: 1 }] : []),
    ],
    width,
    ' - ',
  );
  const out: string[] = [p('bold', title)];
  const room = height ? height - 1 - overLines : Infinity;
  if (beside) {
    const panel = panelLines(panelBlocks(v, panelWidth, p, wide, changes, !!ctx.color), height ? room : Infinity);
    const n = height ? Math.min(room, Math.max(lines.length, panel.length)) : Math.max(lines.length, panel.length);
    for (let i = 0; i < n; i++) {
      const left = lines[i] ?? ' '.repeat(mapWidth);
      const right = panel[i] ?? '';
      const padded = left + ' '.repeat(Math.max(0, mapWidth - stripAnsi(left).length));
      out.push(right ? `${padded}  ${right}` : padded.trimEnd());
    }
  } else {
    out.push(...lines);
    if (!height) out.push(...panelLines(panelBlocks(v, width - 1, p, wide, changes, !!ctx.color)));
  }
  if (!height && (colsCut || windowed)) out.push(...wrapWords(`(map: ${shownText})`, width));
  if (v.over)
    out.push(
      ...wrapWords(
        `Game over: ${v.endReason}. ${capital(verdict(v.winner && v.scenario.sides[v.winner].name, v.winner))}, ${v.points.Blue} to ${v.points.Red}.`,
        width,
      ).map((l) => p('bold', l)),
    );
  const result = height ? out.slice(0, height) : out;
  return result.map((l) => (stripAnsi(l).length > width ? stripAnsi(l).slice(0, width) : l)).join('\n');
}

/** The figures that matter: the pending section's, else the viewer's, else everyone standing. */
function focusFigures(v: SaView): FigureView[] {
  const pick = (fs: FigureView[]) => fs.filter((f) => f.cell && f.status === 'ready');
  if (v.pending) {
    const mine = pick(v.figures.filter((f) => f.section === v.pending!.section));
    if (mine.length) return mine;
  }
  if (v.viewer !== 'all') {
    const mine = pick(v.figures.filter((f) => f.side === v.viewer));
    if (mine.length) return mine;
  }
  return pick(v.figures);
}

/** The phases in one word or two, for a status line short of room. */
const SHORT_PHASE: Record<SaView['stage'], string> = {
  orders: 'Orders',
  suppressive: 'Supp. fire',
  movement: 'Movement',
  aimed: 'Aimed fire',
  over: 'Game over',
};

/**
 * One line: turn, phase, each side's figures (and points at the end). When it is too wide, shorter
 * forms are tried in turn, both sides' figures kept as long as any form has them (a newcomer at 80
 * columns saw only the British): the phase in short ("Orders"), then Blue/Red for the sides' names,
 * then the casualties left out, then the sides, then the phase. Whole parts are left out, never a
 * word cut.
 */
export function statusLine(v: SaView, width: number): string {
  const count = (s: SideName) => {
    const fs = v.figures.filter((f) => f.side === s);
    return { up: fs.filter((f) => f.status === 'ready').length, down: fs.filter((f) => f.status === 'casualty').length };
  };
  const side = (s: SideName, name: string, down: boolean) => {
    const c = count(s);
    return `${name} ${c.up} up${down && c.down ? ` ${c.down} down` : ''}${v.over ? ` ${v.points[s]} pts` : ''}`;
  };
  const turn = `Turn ${v.turn}/${v.turnLimit}`;
  const short = SHORT_PHASE[v.stage] ?? v.phase;
  const names = (blueRed: boolean, down: boolean) => [
    side('Blue', blueRed ? 'Blue' : v.scenario.sides.Blue.name, down),
    side('Red', blueRed ? 'Red' : v.scenario.sides.Red.name, down),
  ];
  const forms = [
    [turn, v.phase, ...names(false, true)],
    [turn, short, ...names(false, true)],
    [turn, v.phase, ...names(true, true)],
    [turn, short, ...names(true, true)],
    [turn, short, ...names(false, false)],
    [turn, short, ...names(true, false)],
    [turn, v.phase],
    [turn, short],
    [turn],
  ].map((parts) => parts.join(' | '));
  return forms.find((f) => f.length <= width) ?? wrapWords(forms[forms.length - 1], width)[0];
}
