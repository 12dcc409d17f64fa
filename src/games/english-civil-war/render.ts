/** The screen and the rules reference: plain strings, readable without colour at 100 columns. */
import type { RenderContext } from '../../engine/module.js';
import { painter } from '../../ui/colour.js';
import { wrapWords } from '../../ui/text.js';
import { fitTable } from '../../ui/table.js';
import { aspectText, restrictionText } from './cards.js';
import { plural } from './flow.js';
import { cardCell, SCORE_NOTE, scoreCell } from './score-text.js';
import { ASPECTS, ASPECT_NAME, SIDES, type Aspect, type CardLine, type EcwRules, type SideName } from './state.js';
import { viewLine, type EcwView } from './view.js';
import { quote } from '../../engine/quote.js';

const STAGE_PHASE: Record<EcwView['stage'], string> = {
  strategy: 'Strategy Phase',
  muster: 'Muster Phase',
  blunder: 'Declarations Phase',
  declare: 'Declarations Phase',
  'tracked-down': 'Declarations Phase',
  'defender-choice': 'Declarations Phase',
  'siege-confirm': 'Siege Segment',
  skirmish: 'Skirmish Segment',
  pick: 'Battle/Siege Segment',
  'after-battle': 'Battle/Siege Segment',
  capitulation: 'Capitulation Phase',
  plot: 'Plot Phase',
  loss: 'Loss Phase',
  end: 'End Phase',
  over: 'Game over',
};

function sideTone(side: SideName): 'red' | 'blue' {
  return side === 'Parliament' ? 'red' : 'blue';
}

/** 20 markers: P for Parliament's, R for the Royalist's. */
export function territoryTrack(v: EcwView, ctx: RenderContext): string {
  const p = painter(ctx);
  const n = v.sides.Parliament.territory;
  const m = v.sides.Royalist.territory;
  return `[${p('red', 'P'.repeat(n))}${p('blue', 'R'.repeat(m))}]  Parliament ${n} - Royalist ${m}`;
}

/** Breaks text into lines of at most `width` columns (table cells may hold several lines). */
export function wrap(text: string, width: number): string {
  return wrapWords(text, width).join('\n');
}

function cardRow(line: CardLine): string[] {
  return [line.name, aspectText(line), line.score === null ? '-' : String(line.score), restrictionText(line), line.text];
}

/** The phase the view is in, as the rulebook names it. */
function phaseOf(v: EcwView): string {
  const inBattle = v.stage === 'pick' || v.stage === 'after-battle';
  return v.over
    ? 'Game over'
    : inBattle && v.battle
      ? v.battle.segment === 'battle'
        ? 'Battle Segment'
        : 'Siege Segment'
      : STAGE_PHASE[v.stage];
}

/** One line for the top of the screen: turn, phase, Territory Markers, Regiments. */
export function status(v: EcwView, width: number): string {
  const P = v.sides.Parliament;
  const R = v.sides.Royalist;
  const parts = [
    `Turn ${v.turn}${v.turnLimit ? `/${v.turnLimit}` : ''}`,
    phaseOf(v),
    `Territory P ${P.territory} - R ${R.territory}`,
    `Regiments P ${P.regiments} - R ${R.regiments}`,
  ];
  let line = parts.shift()!;
  for (const x of parts) if (line.length + 3 + x.length <= width) line += ` | ${x}`;
  return line;
}

/** A part of the screen: `order` places it, `keep` says how much it matters when rows are short (lower first). */
interface Part {
  order: number;
  keep: number;
  lines: string[];
}

/**
 * The screen for a side (or "all"): both armies, the Territory track, the battle being fought, and
 * the viewer's hand as a table fitted to `ctx.width`. With `ctx.height`, compact forms (the battle a
 * line per aspect, the hand a list of names) and then the parts that matter most.
 */
export function renderView(v: EcwView, ctx: RenderContext): string {
  const p = painter(ctx);
  const width = Math.max(80, ctx.width ?? 100);
  const height = ctx.height;
  const parts: Part[] = [];
  const add = (order: number, keep: number, lines: string[]) => lines.length && parts.push({ order, keep, lines });
  add(0, 9, [
    p('bold', `THE ENGLISH CIVIL WAR - Turn ${v.turn}${v.turnLimit ? ` of ${v.turnLimit}` : ''} - ${phaseOf(v)}`) +
      (v.viewer === 'all' ? '' : `   (${v.viewer}'s view)`),
  ]);
  add(1, 2, ['Territory ' + territoryTrack(v, ctx)]);
  const sideLines: string[] = [];
  for (const side of SIDES) {
    const sv = v.sides[side];
    const allies: string[] = [];
    if (v.scots === side) allies.push('Scots');
    if (side === 'Royalist' && v.irish) allies.push('Irish');
    const decl = sv.declaration === null ? '' : `, declares ${sv.declaration === 'hidden' ? '(secret)' : sv.declaration}`;
    const text =
      `${side.padEnd(10)} ${String(sv.regiments).padStart(3)} Regiment${sv.regiments === 1 ? ' ' : 's'} (supports ${sv.supportLimit}), ` +
      `hand ${sv.handCount}, allies: ${allies.join(' & ') || 'none'}${decl}${sv.mustAttack ? ', must attack' : ''}`;
    sideLines.push(
      ...wrap(text, width)
        .split('\n')
        .map((l, i) => (i === 0 ? p(sideTone(side), l.slice(0, 10)) + l.slice(10) : `           ${l}`)),
    );
  }
  add(2, 1, sideLines);
  add(
    3,
    4,
    wrap(
      `Deck ${plural(v.deckCount, 'card')}, discard ${v.discard.length}.` +
        (v.wonLastTurn ? ` ${v.wonLastTurn} won last turn (+2 Morale).` : ''),
      width,
    ).split('\n'),
  );
  if (v.over) add(4, 0, [p('bold', v.winner ? `${v.winner} wins.` : 'The game ended without a winner.')]);
  const battle = v.battle ? battleParts(v, ctx, width) : null;
  const hand = handParts(v, ctx, width);

  // Full forms when they fit; then the hand as a list, then the battle a line per aspect.
  const fixed = () => parts.reduce((n, x) => n + x.lines.length, 0);
  let b = battle?.full ?? [];
  let h = hand.full;
  if (height !== undefined && fixed() + b.length + h.length > height) h = hand.compact;
  if (height !== undefined && battle && fixed() + b.length + h.length > height) b = battle.compact;
  add(5, 0, b);
  if (battle?.note.length) add(6, 6, battle.note);
  add(7, 0, h);

  let kept = parts;
  if (height !== undefined) {
    kept = [];
    let rows = 0;
    for (const part of [...parts].sort((a, b2) => a.keep - b2.keep)) {
      if (rows + part.lines.length <= height || part.keep === 0) {
        kept.push(part);
        rows += part.lines.length;
      }
    }
  }
  return kept
    .sort((a, b2) => a.order - b2.order)
    .flatMap((x) => x.lines)
    .join('\n');
}

/** The battle being fought: the table, a line per aspect (compact), and the note under a revealed one. */
function battleParts(v: EcwView, ctx: RenderContext, width: number): { full: string[]; compact: string[]; note: string[] } {
  const b = v.battle!;
  const line = (c: string) => viewLine(v, c);
  /** Aspects `side` has decided (laid a card or chose none) so far, as far as the viewer may know. */
  const decided = (side: SideName): number =>
    b.revealed || b.picked.includes(side) ? ASPECTS.length : side === b.pickSide ? (b.pickAspect ?? 0) : 0;
  const cell = (side: SideName, a: Aspect, row: number): string => {
    if (b.revealed) return cardCell(b, line, side, a);
    const started = decided(side) > 0;
    if (!b.picks[side]) {
      // The other side's cards lie face down: not even their number shows until the reveal.
      if (row > 0) return '';
      return b.picked.includes(side) ? 'laid face down' : b.pickSide === side ? 'choosing' : 'not yet';
    }
    // The viewer's own face-down cards (or all of them in the full view).
    if (!started) return row === 0 ? 'nothing laid yet' : '';
    if (row >= decided(side)) return '';
    return cardCell(b, line, side, a);
  };
  const rows = ASPECTS.map((a, i) => [
    ASPECT_NAME[a],
    cell('Parliament', a, i),
    scoreCell(b, line, 'Parliament', a),
    cell('Royalist', a, i),
    scoreCell(b, line, 'Royalist', a),
    b.aspectWinner ? (b.aspectWinner[a] ?? 'tie') : '',
  ]);
  // Both attack ("both attackers"), or one attacks: said in few words, so the title fits 80 columns.
  const roles =
    b.role.Parliament === b.role.Royalist ? 'both attack' : `${b.role.Parliament === 'attacker' ? 'Parliament' : 'Royalist'} attacks`;
  const title =
    `${b.segment === 'battle' ? 'Battle' : 'Siege'} (${roles}): ` +
    (b.revealed ? (b.winner ? `${b.winner} wins` : 'tie') : 'cards face down until both have laid them');
  const full = fitTable(
    ['Aspect', 'Parliament card', 'score', 'Royalist card', 'score', 'winner'],
    rows.map((r) => r.map((c, k) => (k === 1 || k === 3 ? wrap(c, 18) : c))),
    ctx,
    title,
  ).split('\n');
  // As in the table: "-" is an aspect decided with no card laid, nothing an aspect not decided yet
  // (or the other side's cards, face down: their state is on the first row). Royalist's cells start
  // in one column when the lines fit the width so.
  const side = (card: string, score: string) => (card ? ` ${card}${score ? ` ${score}` : ''}` : '');
  const compactRows = (pad: number) =>
    rows.map((r) => `${r[0].padEnd(10)} ${`P:${side(r[1], r[2])}`.padEnd(pad)}  R:${side(r[3], r[4])}${r[5] ? `  > ${r[5]}` : ''}`);
  const aligned = compactRows(Math.max(...rows.map((r) => `P:${side(r[1], r[2])}`.length)));
  const compact = [
    cutLine(title, width),
    ...(aligned.every((l) => l.length <= width) ? aligned : compactRows(0)).map((l) => cutLine(l, width)),
  ];
  const note = b.revealed ? wrap(SCORE_NOTE.replace(/\n/g, ' '), width).split('\n') : [];
  return { full, compact, note };
}

/** The viewer's hand: a table fitted to the width, or a list of names (compact). */
function handParts(v: EcwView, ctx: RenderContext, width: number): { full: string[]; compact: string[] } {
  if (v.viewer === 'all') {
    const lines = SIDES.flatMap((side) =>
      wrap(`${side}'s hand: ${(v.sides[side].hand ?? []).map((c) => viewLine(v, c).name).join(', ') || '(empty)'}`, width).split('\n'),
    );
    return { full: lines, compact: lines };
  }
  const lines = (v.sides[v.viewer].hand ?? []).map((c) => viewLine(v, c)).sort((a, b) => a.name.localeCompare(b.name));
  const title = `${v.viewer}'s hand (${lines.length})`;
  // Below 100 columns the score joins the aspect and the restrictions the effect, so the effect keeps room.
  const full = (
    width >= 100
      ? fitTable(['Card', 'Aspect', 'Score', 'Restrictions', 'Effect'], lines.map(cardRow), ctx, title)
      : fitTable(
          ['Card', 'Aspect', 'Restrictions. Effect'],
          lines.map((l) => {
            const r = restrictionText(l);
            return [
              l.name,
              `${aspectText(l)}${l.score === null ? '' : ` ${l.score}`}`,
              `${r === '-' ? '' : `${r[0].toUpperCase()}${r.slice(1)}. `}${l.text}`,
            ];
          }),
          ctx,
          title,
        )
  ).split('\n');
  const names = lines.map((l) => `${l.name} (${aspectText(l)}${l.score === null ? '' : ` ${l.score}`})`);
  const compact = wrap(`${title}: ${names.join(', ') || 'empty'}`, width).split('\n');
  return { full, compact };
}

/** Cuts a line to `width` columns. */
function cutLine(s: string, width: number): string {
  return s.length <= width ? s : s.slice(0, width - 3) + '...';
}

export const RULES_TOPICS = [
  { name: 'cards', title: 'The common deck: every card, its aspect, score, restrictions and effect' },
  { name: 'sequence', title: 'The turn sequence: 8 phases and 3 segments' },
  { name: 'battle', title: 'Battles and sieges: aspects, bonuses, casualties, capitulation' },
  { name: 'plot', title: 'The Plot Phase: alliances with Scotland and Ireland' },
  { name: 'support', title: 'Muster, loss and support of Regiments' },
];

export function renderRulesTopic(rules: EcwRules, topic: string, ctx: RenderContext): string {
  const text = renderTopic(rules, topic, ctx);
  // Prose wrapped to the width (tables are fitted by fitTable).
  return text
    .split('\n')
    .flatMap((l) => (/^(\+-|\|)/.test(l) ? [l] : wrapWords(l, ctx.width ?? 100)))
    .join('\n');
}

function renderTopic(rules: EcwRules, topic: string, ctx: RenderContext): string {
  switch (topic) {
    case 'cards': {
      const rows = rules.cards.map((c) => [
        c.name,
        c.type,
        String(c.copies),
        c.score === null ? '-' : String(c.score),
        wrap(restrictionText(c), 16),
        wrap(c.text, 30),
      ]);
      const total = rules.cards.reduce((n, c) => n + c.copies, 0);
      return fitTable(
        ['Card', 'Type', '#', 'Score', 'Restrictions', 'Effect'],
        rows,
        ctx,
        `The common deck: ${rules.cards.length} lines, ${total} cards (# copies)`,
      );
    }
    case 'sequence':
      return [
        'Each turn: 1 Strategy (fill hands to 8; Invade), 2 Muster (4D6 + allies + events),',
        '3 Declarations (Strategic Blunder; secret attack/defend; Tracked Down;',
        '   the defender of an attack chooses battle, siege or strategic retreat),',
        '   I Skirmish (both defend, or a declined siege: 1D6 loss each, no capitulation)',
        '   II Battle (five aspects)   III Siege (siege cards only; the attacker may decline)',
        '4 Capitulation (Territory Markers; Victory cards), 5 Plot (alliances), 6 Loss (1D6 each),',
        '7 Support (Parliament 3 x TM, Royalist 2 x TM), 8 End (discard any cards).',
        `Victory: the first to hold all ${rules.setup.totalTerritory} Territory Markers.`,
      ].join('\n');
    case 'battle': {
      const c = rules.casualties;
      const k = rules.capitulation;
      return [
        'Each player lays at most one card per aspect face down:',
        'Tactics, Terrain, Troops, Leadership, Morale.',
        'Cards are revealed together. Aspect score = card score + modifiers; Troops adds your Regiments;',
        `+${rules.bonuses.moraleAfterWin} Morale if you won a battle or siege last turn; +${rules.bonuses.siegeDefenderTerrain} Terrain to a siege defender.`,
        'A negation cancels the opposing card of that aspect (score and effects).',
        'Higher score wins the aspect; most aspects won wins the battle.',
        'B cards: battles only; S cards: sieges only; A/D: attacker/defender only.',
        `Casualties: winner ${c.winnerDice}D6, loser ${c.loserDice}D6, tie ${c.tieDice}D6 each.`,
        `Capitulation: both attacked ${k.bothAttackers} TM; accepted battle won by the attacker ${k.acceptedBattle} TM;`,
        `siege won by the attacker ${k.siege} TM; strategic retreat ${k.strategicRetreat} TM; Victory card +${k.victoryCard} TM.`,
      ].join('\n');
    }
    case 'plot':
      return rules.plot
        .map(
          (r) =>
            `${r.side} rolls 1D6 for ${r.ally === 'scots' ? 'Scotland' : 'Ireland'}: ${r.target}+` +
            (r.territoryCost ? ` (first time: ${r.territoryCost} TM to the other side)` : ''),
        )
        .concat(['Already allied: no roll. Negotiations / Form Alliance: one roll succeeds. Scotland changes hands.'])
        .join('\n');
    case 'support':
      return [
        `Muster: ${rules.muster.baseDice}D6 Regiments, +${rules.muster.alliedDice.scots}D6 allied to the Scots, +${rules.muster.alliedDice.irish}D6 allied to the Irish, +1D6 per muster event.`,
        `Loss: ${rules.loss.lossDice}D6 each (Bitter Campaign / Mutiny: +1D6 to the opponent).`,
        `Support: Parliament ${rules.support.multiplier.Parliament} x TM, Royalist ${rules.support.multiplier.Royalist} x TM; excess Regiments are discarded.`,
      ].join('\n');
    default:
      throw new Error(`no rules topic ${quote(topic)}; topics: ${RULES_TOPICS.map((t) => t.name).join(', ')}`);
  }
}
