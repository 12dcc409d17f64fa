/**
 * The screen: the table as an ASCII map, one character per 50 mm cell, with grid coordinates on its
 * edges (rows A.., columns 1..), and a panel of the sections beside it. Readable without colour:
 * terrain by character, figures by their section's letter (a man), its capital (the leader) and
 * its number (the 2IC); "!" a suppressed figure, "x" a casualty (killed or wounded). Fits `ctx.width`
 * (80 or 120 columns: a narrower screen scrolls the map to the part that matters) and, given
 * `ctx.height`, that many lines, the rows around the section at hand.
 */
import type { RenderContext } from '../../engine/module.js';
import { painter, stripAnsi, type Painter, type Tone } from '../../ui/colour.js';
import { FACING_NAMES, rowName } from './geometry.js';
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

/** The character of a figure: the section letter, its capital for the leader, its number for the 2IC; "!" suppressed, "x" a casualty. */
export function figureGlyph(v: SaView, f: FigureView): string {
  if (f.status === 'casualty') return 'x';
  if (f.suppressed) return '!';
  const sec = v.sections.find((x) => x.id === f.section)!;
  if (f.role === 'leader') return sec.mark.toUpperCase();
  if (f.role === '2ic') return String(sec.number);
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

/** Words cut to fit `width`, each line at most `width` columns. */
/** `text` wrapped to `width` columns, the lines after the first indented by `indent`. */
function wrap(text: string, width: number, indent = ''): string[] {
  const [first, ...rest] = wrapWords(text, width);
  return [
    first,
    ...wrapWords(rest.join(' '), width - indent.length)
      .filter(Boolean)
      .map((l) => indent + l),
  ];
}

function sectionLines(v: SaView, x: SectionView, width: number, p: Painter, wide: boolean): string[] {
  const out: string[] = [];
  const state = `${x.ready} up${x.casualties ? `, ${x.casualties} down` : ''}${x.exited ? `, ${x.exited} off` : ''}${x.suppressed ? `, ${x.suppressed} supp.` : ''}`;
  out.push(...wrap(`${p(SIDE_TONE[x.side], x.mark)} ${x.name} (${x.cls}): ${state}`, width + (p('bold', '') === '' ? 0 : 0), '   '));
  const hidden = v.stage === 'orders' && x.side !== v.viewer && v.viewer !== 'all' && !v.revealed;
  const card = hidden
    ? 'order: secret until the reveal'
    : x.card
      ? `order: ${x.card}`
      : v.stage === 'orders' && !v.over
        ? 'order: not laid yet'
        : 'no order';
  out.push(...wrap(`  ${card}${x.forcedWhy ? ` (${x.forcedWhy})` : ''}`, width, '   '));
  const cmd = x.pinned ? 'no leader or 2IC: stays put' : `cmd ${x.commander ?? '-'} ${x.radius} mm, faces ${FACING_NAMES[x.facing]}`;
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

function panelLines(v: SaView, width: number, p: Painter, wide: boolean, changes: string[]): string[] {
  const out: string[] = [];
  for (const side of ['Blue', 'Red'] as SideName[]) {
    const pts = v.over ? `: ${v.points[side]} pts` : '';
    out.push(p(SIDE_TONE[side], `${side}: ${v.scenario.sides[side].name}${pts}`.slice(0, width)));
    for (const x of v.sections.filter((y) => y.side === side)) out.push(...sectionLines(v, x, width, p, wide));
  }
  const pend = v.pending;
  if (pend && pend.targets.length) {
    out.push(p('bold', 'Targets (range, number, hits):'));
    for (const t of pend.targets)
      out.push(
        ...wrap(
          ` ${t.section}: ${t.inSight} seen ${Math.round(t.nearest)}-${Math.round(t.farthest)} mm, ${t.need}, ~${t.expected.toFixed(1)}`,
          width,
          '   ',
        ),
      );
  }
  for (const c of changes)
    out.push(
      ...wrap(p('bold', `Since last: ${c}`), width + (stripAnsi(p('bold', 'x')).length === 1 ? p('bold', 'x').length - 1 : 0), '   '),
    );
  const marks = v.sections.map((x) => `${x.mark}${x.mark.toUpperCase()}${x.number}`).join(' ');
  out.push(...wrap(`Figures: ${marks} (man, leader, 2IC) ! suppressed x down`, width, '  '));
  out.push(...wrap(`Ground: ${v.legend.map(([c, n]) => `${c} ${n.replace(/ \(.*\)$/, '')}`).join(', ')}`, width, '  '));
  return out;
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
  const focus = focusCells(v);
  const fx = focus.length ? focus.reduce((n, c) => n + c[0], 0) / focus.length : cols / 2;
  const fy = focus.length ? focus.reduce((n, c) => n + c[1], 0) / focus.length : rows / 2;
  const c0 = Math.max(0, Math.min(cols - mapCols, Math.round(fx - mapCols / 2)));
  const title = `${width >= 110 ? 'SMALL ACTION - ' : ''}${v.scenario.name} - Turn ${v.turn}/${v.turnLimit} - ${v.phase}${v.viewer === 'all' ? '' : ` - ${v.viewer}'s view`}`;
  const height = ctx.height;
  const mapRows = height ? Math.max(3, Math.min(rows, height - 3)) : rows;
  const r0 = Math.max(0, Math.min(rows - mapRows, Math.round(fy - mapRows / 2)));
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
  for (let r = r0; r < r0 + mapRows; r++) {
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
  const mapWidth = lw + 1 + mapCols + 1 + lw;
  const panelWidth = width - mapWidth - 2;
  const panel = panelLines(v, Math.max(20, panelWidth >= panelMin ? panelWidth : width - 1), p, wide, changes.lines);
  const out: string[] = [p('bold', title.slice(0, width))];
  if (panelWidth >= panelMin) {
    const n = height ? lines.length : Math.max(lines.length, panel.length);
    for (let i = 0; i < n; i++) {
      const left = lines[i] ?? ' '.repeat(mapWidth);
      const right = panel[i] ?? '';
      const padded = left + ' '.repeat(Math.max(0, mapWidth - stripAnsi(left).length));
      out.push(right ? `${padded}  ${right}` : padded.trimEnd());
    }
  } else {
    out.push(...lines);
    if (!height) out.push(...panel);
  }
  if (c0 > 0 || c0 + mapCols < cols || r0 > 0 || r0 + mapRows < rows) {
    const note = `(map: rows ${rowName(r0)}-${rowName(r0 + mapRows - 1)}, columns ${c0 + 1}-${c0 + mapCols} of ${rowName(0)}-${rowName(rows - 1)}, 1-${cols})`;
    if (!height) out.push(note);
  }
  if (v.over)
    out.push(
      p(
        'bold',
        `Game over: ${v.endReason}. ${v.winner ? `${v.scenario.sides[v.winner].name} (${v.winner}) wins` : 'A draw'}, ${v.points.Blue} to ${v.points.Red}.`,
      ),
    );
  const result = height ? out.slice(0, height) : out;
  return result.map((l) => (stripAnsi(l).length > width ? stripAnsi(l).slice(0, width) : l)).join('\n');
}

/** The cells that matter: the pending section's figures, else the viewer's, else everyone standing. */
function focusCells(v: SaView): [number, number][] {
  const pick = (fs: FigureView[]) => fs.filter((f) => f.cell && f.status === 'ready').map((f) => parseId(f.cell!));
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

/** One line: turn, phase, each side's figures. */
export function statusLine(v: SaView, width: number): string {
  const side = (s: SideName) => {
    const fs = v.figures.filter((f) => f.side === s);
    const up = fs.filter((f) => f.status === 'ready').length;
    const down = fs.filter((f) => f.status === 'casualty').length;
    return `${v.scenario.sides[s].name} ${up} up${down ? ` ${down} down` : ''}${v.over ? ` ${v.points[s]} pts` : ''}`;
  };
  const text = `Turn ${v.turn}/${v.turnLimit} | ${v.phase} | ${side('Blue')} | ${side('Red')}`;
  return text.length > width ? text.slice(0, width) : text;
}
