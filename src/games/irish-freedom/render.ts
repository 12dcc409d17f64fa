/** The screen: an ASCII map of the six Regions, roads, tracks; and rules reference topics. */
import type { RenderContext, RulesTopic } from '../../engine/module.js';
import { padVisible, painter, type Painter, type Tone } from '../../ui/colour.js';
import { fitTable, wrapWords } from '../../ui/table.js';
import { mapOf, points, strengthIn, unitCode, type MapIndex } from './map.js';
import { PHASE_NAME, phaseTitle } from './phases.js';
import { britishMorale } from './british-phases.js';
import { republicanMorale } from './civil-war.js';
import type { Colour, IFRules, IFView, Unit } from './state.js';
import { quote } from '../../engine/quote.js';

const TONE: Record<Colour, Tone> = { red: 'red', orange: 'orange', green: 'green', blue: 'blue' };

/** A piece of a line: its text (maybe coloured) and its visible length. */
interface Piece {
  text: string;
  plain: number;
}

function wrapCodes(codes: Piece[], width: number, indent: string, first = indent): string[] {
  const lines: string[] = [];
  let cur = first;
  let len = first.length;
  let empty = true;
  for (const c of codes) {
    if (len + c.plain > width && (!empty || len > indent.length)) {
      lines.push(cur.trimEnd());
      cur = indent;
      len = indent.length;
    }
    cur += c.text + ' ';
    len += c.plain + 1;
    empty = false;
  }
  if (!empty || first !== indent) lines.push(cur.trimEnd());
  return lines;
}

/**
 * What changed since the same player's previous decision (ctx.previous), unit by unit:
 * '>' moved (or retreated), '+' arrived (recruited, placed by an event), '^' flipped (upgraded,
 * turned into a Mob, changed colour); the eliminated are listed under the map.
 */
export interface Changes {
  mark: Map<string, string>;
  gone: Unit[];
}

export function changesSince(prev: IFView | undefined, v: IFView): Changes | null {
  if (!prev) return null;
  const before = new Map(prev.units.map((u) => [u.id, u]));
  const mark = new Map<string, string>();
  for (const u of v.units) {
    const b = before.get(u.id);
    if (!b) mark.set(u.id, '+');
    else if (b.type !== u.type || b.colour !== u.colour) mark.set(u.id, '^');
    else if (b.area !== u.area) mark.set(u.id, '>');
  }
  const now = new Set(v.units.map((u) => u.id));
  return { mark, gone: prev.units.filter((u) => !now.has(u.id)) };
}

/**
 * The legend's example of a unit's code, read from a unit on the map as it is now: u5 while it is
 * there (the set-up's blue Guerrilla), else the first unit. It was written once as "u5:Gue[b]=2, a blue
 * Guerrilla", and still said so after u5 had become a Regular (a newcomer find).
 */
function legendExample(m: MapIndex, v: IFView): string {
  const u = v.units.find((x) => x.id === 'u5') ?? v.units[0];
  if (!u) return '';
  const strength = strengthIn(m, u.type, u.area);
  const name = m.counter.get(u.type)?.name ?? u.type;
  return `${unitCode(m, u)}=${strength}: unit ${u.id.replace(/^u/, '')}, ${u.colour === 'orange' ? 'an' : 'a'} ${u.colour} ${name}, strength ${strength} where it stands.`;
}

/** A unit on the board: its code, its strength in the terrain it stands on ("=3"), and its change mark. */
function unitPiece(m: MapIndex, u: Unit, p: Painter, ch: Changes | null): Piece {
  const code = `${unitCode(m, u)}=${strengthIn(m, u.type, u.area)}`;
  const mk = ch?.mark.get(u.id) ?? '';
  return { text: (mk ? p('bold', mk) : '') + p(TONE[u.colour], code), plain: mk.length + code.length };
}

/** An Area as every list names it: "3-4 City* (Belfast)" (* a port; the City named when it is not the Region's name). */
function areaHead(m: MapIndex, a: string): string {
  const d = m.area.get(a)!;
  const t = m.rules.terrains.find((x) => x.key === d.terrain)!.short;
  const rn = m.regionName.get(d.region);
  return `${d.die} ${t}${d.port ? '*' : ''}${d.city && d.city !== rn ? ` (${d.city})` : ''}`;
}

/** The units of an Area on the board. */
function areaPieces(m: MapIndex, v: IFView, a: string, p: Painter, ch: Changes | null): Piece[] {
  return v.units.filter((u: Unit) => u.area === a).map((u) => unitPiece(m, u, p, ch));
}

function regionBox(m: MapIndex, v: IFView, key: string, p: Painter, box: number, ch: Changes | null): string[] {
  const reg = m.rules.regions.find((r) => r.key === key)!;
  const lines = [p('bold', `${reg.id} ${reg.name.toUpperCase()}`)];
  for (const a of m.regionAreas.get(reg.key)!) {
    // The Area, then its units on the same line while they fit.
    lines.push(...wrapCodes(areaPieces(m, v, a, p, ch), box - 1, '    ', areaHead(m, a) + ' '));
  }
  return lines;
}

/** The map as boxes, `cols` Regions a row, each box `box` columns wide. */
function boxMap(m: MapIndex, v: IFView, p: Painter, cols: number, box: number, ch: Changes | null): string[] {
  const out: string[] = [];
  const keys = m.regionKeys;
  for (let i = 0; i < keys.length; i += cols) {
    const boxes = keys.slice(i, i + cols).map((k) => regionBox(m, v, k, p, box, ch));
    const h = Math.max(...boxes.map((b) => b.length));
    out.push('+' + ('-'.repeat(box) + '+').repeat(boxes.length));
    for (let r = 0; r < h; r++) out.push('|' + boxes.map((b) => padVisible(b[r] ?? '', box)).join('|') + '|');
  }
  out.push('+' + ('-'.repeat(box) + '+').repeat(Math.min(cols, keys.length)));
  return out;
}

/** The compact map for short screens: a Region a line (or two), its Areas in die order with their units. */
function compactMap(m: MapIndex, v: IFView, p: Painter, width: number, ch: Changes | null, terse = false): string[] {
  const out: string[] = [];
  const namew = Math.max(...m.rules.regions.map((r) => r.name.length)) + 3;
  for (const key of m.regionKeys) {
    const reg = m.rules.regions.find((r) => r.key === key)!;
    // One piece per Area (its head and units), so an Area is never split from its units.
    // One piece per Area (its head and units), so an Area is not split from its units unless it must be.
    const pieces: Piece[] = m.regionAreas.get(key)!.flatMap((a) => {
      const head = areaHead(m, a);
      const units = areaPieces(m, v, a, p, ch);
      // An empty Area is its name alone (dim); an Area with units "5 Town: u1:RIC[r]=2".
      const whole = units.length
        ? {
            text: [p('dim', head) + ':', ...units.map((u) => u.text)].join(' ') + ' ',
            plain: head.length + 1 + units.reduce((n, u) => n + 1 + u.plain, 0) + 1,
          }
        : { text: p('dim', head) + ' ', plain: head.length + 1 };
      if (terse && !units.length) return [];
      return whole.plain <= width - 4 ? [whole] : [{ text: p('dim', head) + ':', plain: head.length + 1 }, ...units];
    });
    const first = p('bold', `${reg.id} ${reg.name}`) + ' '.repeat(namew - `${reg.id} ${reg.name}`.length);
    out.push(...wrapCodes(pieces, width, '    ', first));
  }
  return out;
}

/** The morale now, computed from the state with the function the Treaty/Surrender check uses, and the
 *  value that check last found (the checks run in phase 2 of each turn from turn 2); then the count
 *  beside it (British eliminated, or the War of Independence points). Two parts, each kept whole. */
export function moraleLine(v: IFView, m: MapIndex): [string, string] {
  const checked =
    v.turn > 2 ||
    (v.turn === 2 && v.phase !== 'event' && v.phase !== 'cw-event' && v.phase !== 'treaty-check' && v.phase !== 'surrender-check');
  if (v.war === 'independence') {
    const last = checked ? `last Treaty check: ${v.britishMorale}` : `no Treaty check yet`;
    return [`British morale now ${britishMorale(v, m).total} (${last})`, `British eliminated (Army/RIC/Tans): ${v.britishEliminated}`];
  }
  const last =
    v.republicanMorale === null
      ? 'set-up not finished'
      : checked
        ? `last Surrender check: ${v.republicanMorale}`
        : `at set-up: ${v.republicanMorale}`;
  return [`Republican morale now ${republicanMorale(v, m).total} (${last})`, `War of Independence points: ${v.woiPoints ?? 0}`];
}

/** One line for the top of the screen: turn, phase, morale, eliminations, the last card. */
export function status(v: IFView, width: number): string {
  const m = v.map;
  const ind = v.war === 'independence';
  const parts = [
    turnText(v, m),
    `${PHASE_NAME[v.phase]}${v.combat ? ' (combat)' : ''}`,
    ind ? `British morale ${britishMorale(v, m).total}` : `Republican morale ${republicanMorale(v, m).total}`,
    ind ? `${v.britishEliminated} British eliminated` : `WoI ${points(v.woiPoints ?? 0)}`,
  ];
  if (v.lastEvent) parts.push(`card: ${v.lastEvent}`);
  let line = parts.shift()!;
  for (const x of parts) if (line.length + 3 + x.length <= width) line += ` | ${x}`;
  return line;
}

/** Between the wars (the Treaty, the Civil War set-up) the turn marker still shows the Treaty's turn of the War of Independence. */
const betweenWars = (v: IFView) => v.phase === 'treaty' || v.phase === 'treaty-setup';

/**
 * The turn, naming its war: "War of Independence turn 3/10", "Civil War turn 2/10"; between the wars
 * "Treaty on War of Independence turn 7" (the Civil War's turn 1 comes after its set-up).
 */
export function turnText(v: IFView, m: MapIndex): string {
  if (betweenWars(v)) return v.treatyTurn !== null ? `Treaty on War of Independence turn ${v.treatyTurn}` : 'Before Civil War turn 1';
  const last = m.rules.lastTurn.turn;
  // A war that ran its course ends with the counter past the last turn: "after turn 10/10".
  return `${v.war === 'independence' ? 'War of Independence' : 'Civil War'} ${v.turn > last ? `after turn ${last}` : `turn ${v.turn}`}/${last}`;
}

/** "turn 3 of 10", or "after turn 10 of 10" once the last turn is over (the game's end). */
function turnOfLast(v: IFView, m: MapIndex): string {
  const last = m.rules.lastTurn.turn;
  return v.turn > last ? `after turn ${last} of ${last}` : `turn ${v.turn} of ${last}`;
}

/**
 * The War of Independence's result as the screen recalls it: during the Civil War, the points the
 * Treaty brought, which count again at its end (rulebook: Victory).
 */
function treatyLine(v: IFView): string {
  const pts = `${points(v.woiPoints ?? 0)}${v.ulsterBonus ? ' (with the Ulster bonus)' : ''}`;
  if (v.war === 'civil')
    return v.over
      ? `War of Independence result: the Treaty on its turn ${v.treatyTurn}, ${pts}${v.over === 'surrender' ? ", added to the Civil War's points in the final score" : ''}.`
      : `War of Independence result: the Treaty on its turn ${v.treatyTurn}, ${pts}; they are added to the Civil War's points when the Republicans surrender.`;
  return `The Treaty on War of Independence turn ${v.treatyTurn}: ${pts}.`;
}

/** A part of the screen: `order` places it, `keep` says how much it matters when rows are short (lower first). */
interface Part {
  order: number;
  keep: number;
  lines: string[];
}

/**
 * Draws the screen for a view, fitting `ctx.width` (80 and up: two Regions a row below 100 columns,
 * three from 100) and `ctx.height` (a compact map when the boxes do not fit; then the parts that
 * matter most). Readable without colour: units carry their strength in their terrain ("=3") and a
 * mark of what changed since `ctx.previous`.
 */
export function render(v: IFView, ctx: RenderContext): string {
  const p = painter(ctx);
  const m = v.map;
  if (!m) throw new Error('irish-freedom: render needs a view made by view(state, side, rules)');
  const width = Math.max(80, ctx.width ?? 100);
  const height = ctx.height;
  const ch = changesSince(ctx.previous as IFView | undefined, v);
  const cols = width >= 100 ? 3 : 2;
  const box = Math.min(40, Math.floor((width - 1) / cols) - 1);
  const parts: Part[] = [];
  const add = (order: number, keep: number, lines: string[]) => lines.length && parts.push({ order, keep, lines });

  add(
    0,
    9,
    wrapWords(`Irish Freedom - ${phaseTitle(v)} - ${betweenWars(v) ? turnText(v, m) : turnOfLast(v, m)}`, width).map((l) => p('phase', l)),
  );
  const boxes = boxMap(m, v, p, cols, box, ch);
  const compact = height !== undefined && boxes.length + 2 > height;
  // The compact map; still too tall, without its empty Areas.
  let map = compact ? compactMap(m, v, p, width, ch) : boxes;
  if (compact && map.length > height!) map = compactMap(m, v, p, width, ch, true);
  add(1, 0, map);
  // What changed, and what each mark means.
  if (ch && (ch.mark.size || ch.gone.length)) {
    const gone = ch.gone.map((u) => unitCode(m, u));
    const legend = `Since your last decision: > moved, + arrived, ^ flipped${gone.length ? `; eliminated: ${gone.join(', ')}` : ''}.`;
    add(2, 1, wrapWords(legend, width));
  }
  const strengths = m.rules.counters
    .map((c) => `${c.short} ${new Set(c.strength).size === 1 ? c.strength[0] : c.strength.join('/')}`)
    .join(', ');
  add(
    3,
    4,
    wrapWords(
      `${legendExample(m, v)} * port. Colours [r]ed Crown, [o]range loyalist, [g]reen, [b]lue. ` + `Strengths Bog/Town/City: ${strengths}.`,
      width,
    ),
  );
  const roads = m.rules.roads.map((r) => r.ends.map((e) => `${m.regionName.get(e.region)} ${e.dice.join(',')}`).join(' = '));
  add(
    4,
    8,
    wrapCodes(
      roads.map((r) => ({ text: r + ';', plain: r.length + 1 })),
      width,
      '       ',
      'Roads: ',
    ),
  );
  const track = [];
  for (let t = 1; t <= m.rules.lastTurn.turn; t++) track.push(t === v.turn ? p('yellow', `[${t}]`) : ` ${t} `);
  add(5, 6, [
    `${betweenWars(v) ? 'Treaty on turn' : v.war === 'independence' ? 'War of Independence turn' : 'Civil War turn'}: ${track.join('')}`,
  ]);
  // One line when it fits; else each part on a line of its own ("points:" never parted from its number).
  const [morale, count] = moraleLine(v, m);
  const oneLine = `${morale}   ${count}`;
  add(6, 3, oneLine.length <= width ? [oneLine] : [...wrapWords(morale, width), ...wrapWords(count, width)]);
  const fx: string[] = [];
  if (v.effects.limerickSoviet) fx.push('Limerick Soviet (no British road moves this turn)');
  if (v.effects.emmetDalton) fx.push('Emmet Dalton (one landing without a port)');
  if (v.effects.dublinGuards) fx.push(`Dublin Guards (${v.effects.dublinGuards} +1 when attacking)`);
  if (v.effects.michaelCollins) fx.push(`Michael Collins (+2 once in Cork or Kerry${v.options.collins === 'turn' ? ' this turn' : ''})`);
  add(7, fx.length ? 2 : 7, wrapWords('Effects: ' + (fx.length ? fx.join('; ') : 'none'), width));
  const held = (list: { key: string }[]) => (v.card && list.some((c) => c.key === v.card) ? 1 : 0);
  const gl = m.rules.cards.green.length - v.decks.greenDiscard.length - held(m.rules.cards.green);
  const bl = m.rules.cards.blue.length - v.decks.blueDiscard.length - held(m.rules.cards.blue);
  add(
    8,
    5,
    wrapWords(
      `Cards: green deck ${gl} left, ${v.decks.greenDiscard.length} discarded; blue deck ${bl} left, ${v.decks.blueDiscard.length} discarded` +
        (v.lastEvent ? `; last card: ${v.lastEvent}` : ''),
      width,
    ),
  );
  if (v.treatyTurn !== null) add(9, 3, wrapWords(treatyLine(v), width));

  // Short screens: the parts that matter least go first.
  let kept = parts;
  if (height !== undefined) {
    kept = [];
    let rows = 0;
    for (const part of [...parts].sort((a, b) => a.keep - b.keep)) {
      if (rows + part.lines.length <= height || part.keep === 0) {
        kept.push(part);
        rows += part.lines.length;
      }
    }
  }
  return kept
    .sort((a, b) => a.order - b.order)
    .flatMap((x) => x.lines)
    .join('\n');
}

export const RULES_TOPICS: RulesTopic[] = [
  { name: 'counters', title: 'The Counters: strengths (Bogland-Townland-City) and movement' },
  { name: 'combat', title: 'Combat results' },
  { name: 'cards', title: 'The Cards: both event decks' },
  { name: 'map', title: 'The Map: Regions, Areas and roads' },
  { name: 'sequence', title: 'Turn Sequence of both wars' },
  { name: 'victory', title: 'Victory points and levels' },
];

const MOVE: Record<string, string> = {
  none: 'never moves',
  region: 'within its Region',
  road: 'within its Region or along a road',
  'with-unit': 'only with a unit',
};

export function renderRules(rules: IFRules, topic: string, ctx: RenderContext): string {
  const w = ctx.width ?? 100;
  const text = renderTopic(rules, topic, ctx);
  // Lines outside the tables (notes under them) wrap at the width too
  return text
    .split('\n')
    .flatMap((l) => (l.length > w && !l.startsWith('|') && !l.startsWith('+') ? wrapWords(l, w) : [l]))
    .join('\n');
}

function renderTopic(rules: IFRules, topic: string, ctx: RenderContext): string {
  const m = mapOf(rules);
  switch (topic) {
    case 'counters':
      return fitTable(
        ['Counter', 'Colours', 'Strength B-T-C', 'Moves', 'Source'],
        rules.counters.map((c) => [
          c.name,
          c.colours.join('/'),
          c.strength.join('-'),
          MOVE[c.movement] + (c.naval ? ' (+ naval, Free State)' : '') + (c.support ? ', support' : ''),
          c.source,
        ]),
        ctx,
        'The Counters',
      );
    case 'combat':
      return (
        fitTable(
          ['Score', 'Result'],
          rules.combatResults.map((r) => [r.min <= -50 ? `${r.max} or less` : r.max >= 50 ? `${r.min} or more` : String(r.min), r.text]),
          ctx,
          'Combat: attackers minus defenders (terrain strengths) + D6',
        ) +
        '\nThe side that moved in attacks, the side originally present defends. ' +
        'Weakest eliminated first (ties random); the victor may upgrade one unit after an elimination (ties random; British never); ' +
        'retreat to a rolled Area of the Region and fight again there as attackers; support counters retreat with the loser or are captured.' +
        `\nOptional rule: a modifier of ${rules.highModifier.threshold}+ turns that side's worst roll into an enemy retreat.`
      );
    case 'cards':
      return (
        fitTable(
          ['Card', 'Effect'],
          rules.cards.green.map((c) => [c.name, c.text]),
          ctx,
          'War of Independence (green) deck',
        ) +
        '\n' +
        fitTable(
          ['Card', 'Effect'],
          rules.cards.blue.map((c) => [c.name, c.text]),
          ctx,
          'Civil War (blue) deck',
        )
      );
    case 'map':
      return (
        fitTable(
          ['Area', 'Terrain', 'Port', 'City', 'Source'],
          m.areaIds.map((a) => {
            const d = m.area.get(a)!;
            return [
              `${m.regionNumber.get(d.region)} ${m.regionName.get(d.region)} ${d.die}`,
              d.terrain,
              d.port ? 'port' : '',
              d.city ?? '',
              d.source,
            ];
          }),
          ctx,
          'The Map',
        ) +
        '\n' +
        fitTable(
          ['Road', 'D6 at one end', 'D6 at the other'],
          rules.roads.map((r) => [
            r.ends.map((e) => m.regionName.get(e.region)).join(' - '),
            r.ends[0].dice.join(','),
            r.ends[1].dice.join(','),
          ]),
          ctx,
          'Roads',
        )
      );
    case 'sequence':
      return fitTable(
        ['#', 'War of Independence', 'Civil War'],
        [
          ['1', 'Random event (green card; not turn 1)', 'Random event (blue card; not turn 1)'],
          ['2', 'Treaty check: D6 > British morale = Treaty', 'Surrender check: D6 > Republican morale = surrender'],
          ['3', 'British upgrade (RIC to Tans, or Tans raise a Mob)', 'Republican upgrade/recruitment'],
          ['4', 'British move (Army > Tans > RIC > UVF)', 'Republican move (Army > Flying Column > RIC > Guerrilla > UVF)'],
          ['5', 'Irish move/recruit: 2 actions', 'Free State move/recruit: 3 actions'],
          ['6', 'End turn (beyond turn 10: British victory)', 'End turn (beyond turn 10: Republican victory)'],
        ],
        ctx,
        'Turn Sequence (combat after every phase)',
      );
    case 'victory':
      return (
        fitTable(
          ['Treaty on turn', 'Points'],
          rules.treatyPoints.map((t) => [t.turns.join(', '), String(t.points)]),
          ctx,
          'Treaty Sequence',
        ) +
        `\n+${rules.ulsterBonus.points} if Irish strength in Ulster exceeds British.\n` +
        fitTable(
          ['Points', 'Level'],
          rules.treatyLevels.map((l) => [`${l.min}+`, l.name]),
          ctx,
          'War of Independence levels',
        ) +
        '\n' +
        fitTable(
          ['Surrender on turn', 'Points'],
          rules.surrenderPoints.map((t) => [t.turns.join(', '), String(t.points)]),
          ctx,
          'Ending the Game',
        ) +
        `\n+${rules.blueRegionPoints.points} per Region with no units other than blue.\n` +
        fitTable(
          ['Total points', 'Level'],
          rules.finalLevels.map((l) => [l.min < 0 ? 'less' : `${l.min}+`, l.name]),
          ctx,
          'Final levels (War of Independence + Civil War)',
        )
      );
    default:
      return `Unknown topic ${quote(topic)}. Topics: ${RULES_TOPICS.map((t) => t.name).join(', ')}.`;
  }
}
