/** The screen: an ASCII map of the six Regions, roads, tracks; and rules reference topics. */
import type { RenderContext, RulesTopic } from '../../engine/module.js';
import { padVisible, painter, type Painter, type Tone } from '../../ui/colour.js';
import { table } from '../../ui/table.js';
import { mapOf, points, unitCode, type MapIndex } from './map.js';
import { phaseTitle } from './phases.js';
import { britishMorale } from './british-phases.js';
import { republicanMorale } from './civil-war.js';
import type { Colour, IFRules, IFView, Unit } from './state.js';
import { quote } from '../../engine/quote.js';

const TONE: Record<Colour, Tone> = { red: 'red', orange: 'orange', green: 'green', blue: 'blue' };
const BOX = 32;

function wrapCodes(codes: { text: string; plain: number }[], width: number, indent: string): string[] {
  const lines: string[] = [];
  let cur = indent;
  let len = indent.length;
  for (const c of codes) {
    if (len + c.plain + 1 > width && len > indent.length) { lines.push(cur); cur = indent; len = indent.length; }
    cur += c.text + ' ';
    len += c.plain + 1;
  }
  if (len > indent.length) lines.push(cur);
  return lines;
}

function regionBox(m: MapIndex, v: IFView, key: string, p: Painter): string[] {
  const reg = m.rules.regions.find((r) => r.key === key)!;
  const lines = [p('bold', `${reg.id} ${reg.name.toUpperCase()}`)];
  for (const a of m.regionAreas.get(reg.key)!) {
    const d = m.area.get(a)!;
    const t = m.rules.terrains.find((x) => x.key === d.terrain)!.short;
    lines.push(`${d.die.padEnd(3)} ${t}${d.port ? '*' : ''}${d.city ? ' ' + d.city : ''}`);
    const units = v.units.filter((u: Unit) => u.area === a);
    const codes = units.map((u) => {
      const c = unitCode(m, u);
      return { text: p(TONE[u.colour], c), plain: c.length };
    });
    lines.push(...wrapCodes(codes, BOX - 1, '    '));
  }
  return lines;
}

/** The morale now, computed from the state with the function the Treaty/Surrender check uses, and the
 *  value that check last found (the checks run in phase 2 of each turn from turn 2). */
export function moraleLine(v: IFView, m: MapIndex): string {
  const checked = v.turn > 2 || (v.turn === 2 && v.phase !== 'event' && v.phase !== 'cw-event' && v.phase !== 'treaty-check' && v.phase !== 'surrender-check');
  if (v.war === 'independence') {
    const last = checked ? `last Treaty check: ${v.britishMorale}` : `no Treaty check yet`;
    return `British morale now ${britishMorale(v, m).total} (${last})   British eliminated (Army/RIC/Tans): ${v.britishEliminated}`;
  }
  const last = v.republicanMorale === null ? 'set-up not finished' : checked ? `last Surrender check: ${v.republicanMorale}` : `at set-up: ${v.republicanMorale}`;
  return `Republican morale now ${republicanMorale(v, m).total} (${last})   War of Independence points: ${v.woiPoints ?? 0}`;
}

/** Draws the whole screen for a view (deterministic; readable without colour at 100 columns). */
export function render(v: IFView, ctx: RenderContext): string {
  const p = painter(ctx);
  const m = v.map;
  if (!m) throw new Error('irish-freedom: render needs a view made by view(state, side, rules)');
  const out: string[] = [];
  out.push(p('phase', `Irish Freedom - ${phaseTitle(v)} - turn ${v.turn}`));
  const keys = m.regionKeys;
  for (const row of [keys.slice(0, 3), keys.slice(3, 6)]) {
    const boxes = row.map((k) => regionBox(m, v, k, p));
    const h = Math.max(...boxes.map((b) => b.length));
    out.push('+' + ('-'.repeat(BOX) + '+').repeat(3));
    for (let i = 0; i < h; i++) out.push('|' + boxes.map((b) => padVisible(b[i] ?? '', BOX)).join('|') + '|');
  }
  out.push('+' + ('-'.repeat(BOX) + '+').repeat(3));
  out.push('* = port.  Colours: [r] red Crown forces, [o] orange loyalists, [g] green, [b] blue.');
  const roads = m.rules.roads.map((r) => r.ends.map((e) => `${m.regionName.get(e.region)} ${e.dice.join(',')}`).join(' = '));
  out.push(...wrapCodes(roads.map((r) => ({ text: r + ';', plain: r.length + 1 })), 92, '').map((l, i) => (i === 0 ? 'Roads: ' : '       ') + l.trimEnd()));
  const track = [];
  for (let t = 1; t <= m.rules.lastTurn.turn; t++) track.push(t === v.turn ? p('yellow', `[${t}]`) : ` ${t} `);
  out.push('Turn: ' + track.join(''));
  out.push(moraleLine(v, m));
  const fx: string[] = [];
  if (v.effects.limerickSoviet) fx.push('Limerick Soviet (no British road moves this turn)');
  if (v.effects.emmetDalton) fx.push('Emmet Dalton (one landing without a port)');
  if (v.effects.dublinGuards) fx.push(`Dublin Guards (${v.effects.dublinGuards} +1 when attacking)`);
  if (v.effects.michaelCollins) fx.push(`Michael Collins (+2 once in Cork or Kerry${v.options.collins === 'turn' ? ' this turn' : ''})`);
  out.push('Effects: ' + (fx.length ? fx.join('; ') : 'none'));
  const held = (list: { key: string }[]) => (v.card && list.some((c) => c.key === v.card) ? 1 : 0);
  const gl = m.rules.cards.green.length - v.decks.greenDiscard.length - held(m.rules.cards.green);
  const bl = m.rules.cards.blue.length - v.decks.blueDiscard.length - held(m.rules.cards.blue);
  out.push(`Cards: green deck ${gl} left, ${v.decks.greenDiscard.length} discarded; blue deck ${bl} left, ${v.decks.blueDiscard.length} discarded` +
    (v.lastEvent ? `; last card: ${v.lastEvent}` : ''));
  if (v.treatyTurn !== null) out.push(`Treaty on turn ${v.treatyTurn}: ${points(v.woiPoints ?? 0)}${v.ulsterBonus ? ' (with the Ulster bonus)' : ''}.`);
  return out.join('\n');
}

export const RULES_TOPICS: RulesTopic[] = [
  { name: 'counters', title: 'The Counters: strengths (Bogland-Townland-City) and movement' },
  { name: 'combat', title: 'Combat results' },
  { name: 'cards', title: 'The Cards: both event decks' },
  { name: 'map', title: 'The Map: Regions, Areas and roads' },
  { name: 'sequence', title: 'Turn Sequence of both wars' },
  { name: 'victory', title: 'Victory points and levels' },
];

const MOVE: Record<string, string> = { none: 'never moves', region: 'within its Region', road: 'within its Region or along a road', 'with-unit': 'only with a unit' };


/** Words of `text` in lines of at most `width` characters (a longer word is cut). */
export function wrapWords(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let cur = '';
    for (let word of para.split(' ')) {
      while (word.length > width) {
        if (cur) { out.push(cur); cur = ''; }
        out.push(word.slice(0, width));
        word = word.slice(width);
      }
      if (!cur) cur = word;
      else if (cur.length + 1 + word.length <= width) cur += ' ' + word;
      else { out.push(cur); cur = word; }
    }
    out.push(cur);
  }
  return out;
}

/** A table that fits in ctx.width (default 100) columns: the widest columns are narrowed and their cells
 *  wrapped at word boundaries until the whole table fits. */
function fitTable(head: string[], rows: string[][], ctx: RenderContext, title?: string): string {
  const width = ctx.width ?? 100;
  const n = head.length;
  const natural = head.map((h, i) => Math.max(h.length, ...rows.map((r) => Math.max(...(r[i] ?? '').split('\n').map((l) => l.length)))));
  const cols = natural.slice();
  const budget = width - (3 * n + 1); // "| " and " |" around each cell, one border between
  let total = cols.reduce((a, b) => a + b, 0);
  while (total > budget) {
    let k = 0;
    for (let i = 1; i < n; i++) if (cols[i] > cols[k]) k = i;
    if (cols[k] <= 6) break;
    cols[k]--;
    total--;
  }
  const fit = (cell: string, i: number) => (cell.length <= cols[i] && !cell.includes('\n') ? cell : wrapWords(cell, cols[i]).join('\n'));
  return table(head.map(fit), rows.map((r) => r.map(fit)), ctx, title);
}

export function renderRules(rules: IFRules, topic: string, ctx: RenderContext): string {
  const w = ctx.width ?? 100;
  const text = renderTopic(rules, topic, ctx);
  // Lines outside the tables (notes under them) wrap at the width too
  return text.split('\n').flatMap((l) => (l.length > w && !l.startsWith('|') && !l.startsWith('+') ? wrapWords(l, w) : [l])).join('\n');
}

function renderTopic(rules: IFRules, topic: string, ctx: RenderContext): string {
  const m = mapOf(rules);
  switch (topic) {
    case 'counters':
      return fitTable(['Counter', 'Colours', 'Strength B-T-C', 'Moves', 'Source'],
        rules.counters.map((c) => [c.name, c.colours.join('/'), c.strength.join('-'), MOVE[c.movement] + (c.naval ? ' (+ naval, Free State)' : '') + (c.support ? ', support' : ''), c.source]), ctx, 'The Counters');
    case 'combat':
      return fitTable(['Score', 'Result'], rules.combatResults.map((r) => [r.min <= -50 ? `${r.max} or less` : r.max >= 50 ? `${r.min} or more` : String(r.min), r.text]), ctx,
        'Combat: attackers minus defenders (terrain strengths) + D6') +
        '\nThe side that moved in attacks, the side originally present defends. ' +
        'Weakest eliminated first (ties random); the victor may upgrade one unit after an elimination (ties random; British never); ' +
        'retreat to a rolled Area of the Region and fight again there as attackers; support counters retreat with the loser or are captured.' +
        `\nOptional rule: a modifier of ${rules.highModifier.threshold}+ turns that side's worst roll into an enemy retreat.`;
    case 'cards':
      return fitTable(['Card', 'Effect'], rules.cards.green.map((c) => [c.name, c.text]), ctx, 'War of Independence (green) deck') + '\n' +
        fitTable(['Card', 'Effect'], rules.cards.blue.map((c) => [c.name, c.text]), ctx, 'Civil War (blue) deck');
    case 'map':
      return fitTable(['Area', 'Terrain', 'Port', 'City', 'Source'],
        m.areaIds.map((a) => { const d = m.area.get(a)!; return [`${m.regionNumber.get(d.region)} ${m.regionName.get(d.region)} ${d.die}`, d.terrain, d.port ? 'port' : '', d.city ?? '', d.source]; }), ctx, 'The Map') + '\n' +
        fitTable(['Road', 'D6 at one end', 'D6 at the other'], rules.roads.map((r) => [r.ends.map((e) => m.regionName.get(e.region)).join(' - '), r.ends[0].dice.join(','), r.ends[1].dice.join(',')]), ctx, 'Roads');
    case 'sequence':
      return fitTable(['#', 'War of Independence', 'Civil War'], [
        ['1', 'Random event (green card; not turn 1)', 'Random event (blue card; not turn 1)'],
        ['2', 'Treaty check: D6 > British morale = Treaty', 'Surrender check: D6 > Republican morale = surrender'],
        ['3', 'British upgrade (RIC to Tans, or Tans raise a Mob)', 'Republican upgrade/recruitment'],
        ['4', 'British move (Army > Tans > RIC > UVF)', 'Republican move (Army > Flying Column > RIC > Guerrilla > UVF)'],
        ['5', 'Irish move/recruit: 2 actions', 'Free State move/recruit: 3 actions'],
        ['6', 'End turn (beyond turn 10: British victory)', 'End turn (beyond turn 10: Republican victory)'],
      ], ctx, 'Turn Sequence (combat after every phase)');
    case 'victory':
      return fitTable(['Treaty on turn', 'Points'], rules.treatyPoints.map((t) => [t.turns.join(', '), String(t.points)]), ctx, 'Treaty Sequence') +
        `\n+${rules.ulsterBonus.points} if Irish strength in Ulster exceeds British.\n` +
        fitTable(['Points', 'Level'], rules.treatyLevels.map((l) => [`${l.min}+`, l.name]), ctx, 'War of Independence levels') + '\n' +
        fitTable(['Surrender on turn', 'Points'], rules.surrenderPoints.map((t) => [t.turns.join(', '), String(t.points)]), ctx, 'Ending the Game') +
        `\n+${rules.blueRegionPoints.points} per Region with no units other than blue.\n` +
        fitTable(['Total points', 'Level'], rules.finalLevels.map((l) => [l.min < 0 ? 'less' : `${l.min}+`, l.name]), ctx, 'Final levels (War of Independence + Civil War)');
    default:
      return `Unknown topic ${quote(topic)}. Topics: ${RULES_TOPICS.map((t) => t.name).join(', ')}.`;
  }
}
