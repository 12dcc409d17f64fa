/**
 * Place Order Cards and Reveal Order Cards (rulebook: Sequence of Play, Issuing Orders, Order Card
 * Definitions). Every section of both sides gets a card, face down: the engine asks Blue, then Red,
 * and nothing of one side's cards (not even how many are laid) shows to the other before the
 * reveal. At the reveal each figure within its commander's radius takes the new order; the others
 * keep their last (small-action-notes.md, Command radius).
 */
import type { GameEnv } from '../../engine/module.js';
import { dist2, edgeDistance, SightLines, within } from './geometry.js';
import { actsAsBody, commander, commandRadius, gridFor, inCommand, isPinned, plural, readyMembers, rulesOf, sideTitle } from './section.js';
import { allowance, homeEdge, minimumMove } from './movement.js';
import { Ask, option } from './phases.js';
import type { Cell, MoveMode, OrderCard, SaRules, SaState, SideName } from './types.js';
import { MOVE_MODES, ORDER_KINDS } from './types.js';

/** The words of a Fire and Movement card by its movers' mode ("fire-and-movement combat"), written once. */
const FIRE_AND_MOVEMENT_IDS: Readonly<Record<MoveMode, string>> = {
  march: 'fire-and-movement march',
  combat: 'fire-and-movement combat',
  cautious: 'fire-and-movement cautious',
};

/** "fire-and-movement combat", as option ids and records write a card. */
export function cardId(c: OrderCard): string {
  return c.kind === 'fire-and-movement' ? FIRE_AND_MOVEMENT_IDS[c.mode ?? 'combat'] : c.kind;
}

/** "Fire and Movement (movers: Combat Move)". */
export function cardName(rules: SaRules, c: OrderCard): string {
  const n = rules.orders[c.kind].name;
  return c.kind === 'fire-and-movement' ? `${n} (movers: ${rules.orders[c.mode ?? 'combat'].name})` : n;
}

/** Sections of `side` still to receive a card this turn: those with figures standing on the table. */
export function sectionsToOrder(s: SaState, side: SideName): number[] {
  const out: number[] = [];
  s.sections.forEach((x, i) => {
    if (x.side === side && x.card === null && readyMembers(s, i).length > 0) out.push(i);
  });
  return out;
}

/** The cards a section may be given (a section without leader and 2IC stays where it is: no moving card). */
export function legalCards(s: SaState, sec: number): OrderCard[] {
  const pinned = isPinned(s, sec);
  const out: OrderCard[] = [];
  for (const kind of ORDER_KINDS) {
    if (pinned && !['suppressive-fire', 'aimed-fire', 'full-cover'].includes(kind)) continue;
    if (kind === 'fire-and-movement') for (const mode of MOVE_MODES) out.push({ kind, mode });
    else out.push({ kind });
  }
  return out;
}

function cardLabel(s: SaState, rules: SaRules, sec: number, c: OrderCard): string {
  const x = s.sections[sec];
  const lead = commander(s, sec) >= 0 ? commander(s, sec) : readyMembers(s, sec)[0];
  const movingMode: MoveMode | null =
    c.kind === 'march' || c.kind === 'combat' || c.kind === 'cautious'
      ? c.kind
      : c.kind === 'fire-and-movement'
        ? (c.mode ?? 'combat')
        : null;
  let text = cardName(rules, c);
  if (movingMode && lead >= 0) {
    const rate = allowance(rules, s.figures[lead], movingMode);
    const min = minimumMove(rules, movingMode, rate);
    text += min > 0 ? `: ${Math.round(min)}-${rate} mm` : `: up to ${rate} mm`;
    text += slowerNote(s, rules, sec, movingMode, rate);
  }
  if (c.kind === 'full-cover') {
    const bare = readyMembers(s, sec).filter((i) => !rules.terrain[gridFor(s, rules).terrain[s.figures[i].cell]].fullCover).length;
    if (bare) text += ` (${bare} on ground with no cover)`;
  }
  void x;
  return text;
}

/**
 * Figures of the section slower than its rate on this mode, for labels: " (g3 MMG: up to 100 mm,
 * falls behind)" (the MMG team moves at its line's 100 mm: rules/small-action.md).
 */
export function slowerNote(s: SaState, rules: SaRules, sec: number, mode: MoveMode, rate: number): string {
  const slow = readyMembers(s, sec)
    .map((i) => s.figures[i])
    .map((f) => ({ f, r: allowance(rules, f, mode) }))
    .filter(({ r }) => r < rate);
  if (!slow.length) return '';
  return ` (${slow.map(({ f, r }) => `${f.label} ${rules.weapons[f.weapon].name}: up to ${r} mm`).join(', ')}, falls behind)`;
}

/** The pending order-card decision, or null when `s.ordering` has laid all its cards. */
export function askOrders(s: SaState, rules: SaRules): Ask | null {
  const side = s.ordering;
  const todo = sectionsToOrder(s, side);
  if (!todo.length) return null;
  const sec = todo[0];
  const x = s.sections[sec];
  const cards = legalCards(s, sec);
  return new Ask(
    side,
    'Place order cards',
    // Worked out when read (a person, a transcript): replays and bots read the options alone.
    () => {
      // No commander on the table (leader and 2IC gone off it): the card reaches no one.
      const gone = commander(s, sec) < 0;
      const out = readyMembers(s, sec).filter((i) => !inCommand(s, rules, sec, i));
      // Each figure's own radius: smaller where it or the commander stands in close country (Issuing Orders).
      const radii = [...new Set(out.map((i) => commandRadius(s, rules, sec, i)))].sort((a, b) => b - a);
      const radius =
        radii.length === 1 ? `the ${radii[0]} mm command radius` : `the command radius (${radii.join(' or ')} mm by the ground)`;
      // Figures grouped by the order they keep, in the order first met: "g4, g5 (Combat Move)".
      const byOrder = new Map<string, string[]>();
      for (const i of out) {
        const order = s.figures[i].order ? cardName(rules, s.figures[i].order!) : 'no order yet';
        byOrder.set(order, [...(byOrder.get(order) ?? []), s.figures[i].label]);
      }
      const kept = [...byOrder].map(([order, labels]) => `${labels.join(', ')} (${order})`);
      const note = isPinned(s, sec)
        ? ' It has lost its leader and 2IC: it stays where it is.'
        : gone && actsAsBody(s, sec)
          ? ` Its leader and 2IC have left the table: the men left act as a body and take the card (${out.map((i) => s.figures[i].label).join(', ')}).`
          : gone
            ? ` Its leader and 2IC have left the table: the card reaches no one (a failed morale test's does), so the men keep their last order: ${kept.join('; ')}.`
            : out.length > 0
              ? ` Beyond ${radius}, keeping their last order: ${kept.join('; ')}.`
              : '';
      const n = readyMembers(s, sec).length;
      return `${sideTitle(s, rules, side)}: lay an order card, face down, for the ${x.name} (class ${x.cls}, ${plural(n, 'figure')}).${note}`;
    },
    cards.map((c) => option(`order ${x.id} ${cardId(c)}`, () => cardLabel(s, rules, sec, c))),
    { secret: true, cards: { sec, cards } },
  );
}

/**
 * The card an option id names ("fire-and-movement", "combat"), written with the module's own names
 * (ORDER_KINDS, MOVE_MODES) rather than pieces of the id: the state then holds the very strings the
 * rules code compares orders with (moveModeOf, firesIn, many times a decision), which compare at once.
 */
export function cardOf(kind: string, mode?: string): OrderCard {
  const k = ORDER_KINDS.find((o) => o === kind);
  if (!k) throw new Error(`small-action: no order card "${kind}"`);
  if (k !== 'fire-and-movement') return { kind: k };
  const m = MOVE_MODES.find((o) => o === (mode ?? 'combat'));
  if (!m) throw new Error(`small-action: no move mode "${mode}"`);
  return { kind: k, mode: m };
}

/**
 * Lays a card (nothing is logged: the log is public). `asked`: the decision that offered it, in this
 * state: the card laid is the one it offered under `id` (else the card is read from the id).
 */
export function actOrders(s: SaState, id: string, rules: SaRules, asked?: Ask): void {
  const offered = asked?.cards;
  let sec: number;
  let card: OrderCard;
  if (offered) {
    sec = offered.sec;
    card = offered.cards[asked!.options.findIndex((o) => o.id === id)];
  } else {
    const m = /^order (\S+) (\S+)(?: (\S+))?$/.exec(id);
    sec = s.sections.findIndex((x) => x.id === m?.[1]);
    card = cardOf(m![2], m![3]);
  }
  s.sections[sec].card = card;
  const key = cardId(card);
  s.stats.orders[key] = (s.stats.orders[key] ?? 0) + 1;
  void rules;
}

/**
 * Reveal Order Cards: every card turns over; each figure within its commander's radius takes its
 * section's new order (a forced card, from morale, reaches every figure); Fire and Movement splits.
 */
export function revealOrders(s: SaState, env: GameEnv): void {
  const rules = rulesOf(env);
  s.revealed = true;
  env.reveal?.();
  const parts: string[] = [];
  // The lines of sight the Fire and Movement split asks (every section's figures share them).
  const sight = new SightLines(rules, gridFor(s, rules));
  s.sections.forEach((x, sec) => {
    if (!x.card) return;
    const pinned = isPinned(s, sec);
    // A forced card reaches every figure. Leader and 2IC gone off the table (not both down) are beyond
    // every radius: the men keep their last order (Issuing Orders; rules/small-action.md), unless
    // --option leaders-off=as-body has the men left act on each card as a body.
    const everyone = pinned || x.forcedWhy !== null || actsAsBody(s, sec);
    let kept = 0;
    for (const i of readyMembers(s, sec)) {
      const f = s.figures[i];
      if (everyone || inCommand(s, rules, sec, i)) f.order = { ...x.card };
      else kept++;
      // A section that has lost leader and 2IC stays where it is: no figure keeps a moving order.
      if (pinned && f.order && f.order.kind !== 'suppressive-fire' && f.order.kind !== 'aimed-fire' && f.order.kind !== 'full-cover')
        f.order = null;
    }
    splitFireAndMovement(s, rules, sec, sight);
    if (env.verbose)
      parts.push(
        `${x.name}: ${cardName(rules, x.card)}${x.forcedWhy ? ` (${x.forcedWhy})` : ''}${kept ? ` (${kept} out of command keep${kept === 1 ? 's' : ''} the last order)` : ''}`,
      );
  });
  if (env.verbose) env.log({ kind: 'text', text: `Order cards revealed: ${parts.join('; ')}.`, tone: 'event' });
}

/**
 * Fire and Movement: half the figures (rounded up) fire, suppressive only; the rest move. Which half
 * is not said: those that see an enemy in range fire first, then automatic weapons, then the nearest.
 * `sight`: the lines of sight worked out so far, when the caller keeps them.
 */
export function splitFireAndMovement(s: SaState, rules: SaRules, sec: number, sight?: SightLines): void {
  const g = gridFor(s, rules);
  const lines = sight ?? new SightLines(rules, g);
  const fm = readyMembers(s, sec).filter((i) => s.figures[i].order?.kind === 'fire-and-movement');
  for (const i of readyMembers(s, sec)) s.figures[i].fm = null;
  if (!fm.length) return;
  const side = s.sections[sec].side;
  // Where the enemies stand (two may share a cell): whether a figure sees one in range, and how near
  // the nearest is, go by their cells.
  const enemyCells: Cell[] = [];
  for (const e of s.figures)
    if (e.status === 'ready' && s.sections[e.section].side !== side && !enemyCells.includes(e.cell)) enemyCells.push(e.cell);
  const key = (i: number) => {
    const f = s.figures[i];
    const w = rules.weapons[f.weapon];
    const sees = enemyCells.some((c) => within(rules, g, f.cell, c, w.range) && lines.sees(f.cell, c)) ? 0 : 1;
    let near = enemyCells.length ? Infinity : 0;
    for (const c of enemyCells) near = Math.min(near, dist2(g, f.cell, c));
    return { i, sees, auto: w.dice > 1 ? 0 : 1, near };
  };
  const order = fm.map(key).sort((a, b) => a.sees - b.sees || a.auto - b.auto || a.near - b.near || a.i - b.i);
  const firing = Math.ceil(fm.length / 2);
  order.forEach((k, n) => (s.figures[k.i].fm = n < firing ? 'fire' : 'move'));
}

/** Distance of a section's commander (or first figure) to its home edge, in mm. */
export function homeDistance(s: SaState, rules: SaRules, sec: number): number {
  const g = gridFor(s, rules);
  const members = readyMembers(s, sec);
  if (!members.length) return 0;
  const edge = homeEdge(s, rules, s.sections[sec].side);
  return Math.min(...members.map((i) => edgeDistance(rules, g, s.figures[i].cell, edge)));
}
