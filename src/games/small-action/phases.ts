/**
 * The fire and movement phases of a turn (rulebook: Sequence of Play): Suppressive Fire, Movement,
 * Aimed Fire. Within a phase sections act one at a time, the side that goes first alternating each
 * turn (Blue on odd turns): at a table both would act at once (rules/small-action.md).
 */
import { LazyOption } from '../../engine/lazy-option.js';
import type { ChoiceOption, GameEnv } from '../../engine/module.js';
import { cellId, cellKey, edgeDistance, FACING_NAMES, parseCell, SightLines, terrainOf } from './geometry.js';
import { canFireAt, fireFacing, firersOf, previewFire, resolveFire, type FireKind } from './fire.js';
import { throwGrenade, throwTargets } from './grenades.js';
import { LazyPromptDecision } from '../../engine/lazy-option.js';
import {
  allowance,
  destinations,
  fallBackCell,
  homeEdge,
  leavers,
  moveSection,
  moversOf,
  type Destinations,
  type Step,
} from './movement.js';
import { gridFor, moveModeOf, plural, readyMembers, rulesOf, sideTitle } from './section.js';
import type { OrderCard, SaRules, SaState, SideName } from './types.js';
import { FACINGS, other } from './types.js';

/**
 * A decision of the turn (src/engine/lazy-option.ts, LazyPromptDecision): its prompt and option labels
 * are worked out when read (a person, a transcript), from the state it was asked in, so they are read
 * before the choice is applied (as the engine does: module.ts, Decision). A movement decision also
 * carries its destinations, for the move applied in the same state; an order card decision the
 * section and the cards it offers.
 */
export class Ask extends LazyPromptDecision<SideName> {
  readonly #moves: Destinations | undefined;
  readonly #cards: CardsOffered | undefined;
  readonly #unmatched: ((typed: string) => string | undefined) | undefined;
  constructor(
    side: SideName,
    phase: string,
    words: () => string,
    options: ChoiceOption[],
    extra: { secret?: true; moves?: Destinations; cards?: CardsOffered; unmatched?: (typed: string) => string | undefined } = {},
  ) {
    super(side, phase, words, options, extra.secret);
    this.#moves = extra.moves;
    this.#cards = extra.cards;
    this.#unmatched = extra.unmatched;
  }
  /** Why typed text matches no option (Decision.unmatched): a cell this move cannot end on. */
  unmatched(typed: string): string | undefined {
    return this.#unmatched?.(typed);
  }
  /**
   * An order card decision's section and cards, one per option in the options' order: the card laid
   * is the one offered. Never written with the decision.
   */
  get cards(): CardsOffered | undefined {
    return this.#cards;
  }
  /**
   * A movement decision's destinations, worked out to ask it: the move applied in the same state
   * uses their flood. Never written with the decision.
   */
  get moves(): Destinations | undefined {
    return this.#moves;
  }
}

/** The cards an order decision offers a section (`askOrders`), one per option. */
export interface CardsOffered {
  sec: number;
  cards: OrderCard[];
}

/** Sections in acting order for a phase: the first side's, then the other's, each in the scenario's order. */
export function actingOrder(s: SaState, wants: (sec: number) => boolean): number[] {
  const out: number[] = [];
  for (const side of [s.first, other(s.first)]) s.sections.forEach((x, i) => x.side === side && wants(i) && out.push(i));
  return out;
}

/**
 * An option whose label is worked out only when read (a person, a transcript, a forced step): apply,
 * the random bot and replays read ids alone. Read it before the choice is applied: it describes the
 * state the decision was asked in.
 */
export function option(id: string, label: () => string): ChoiceOption {
  return new LazyOption(id, label);
}

/** Enemy sections this section's firers can reach: at least one firer can fire at one of their figures. */
export function fireTargetSections(s: SaState, rules: SaRules, sec: number, kind: FireKind): number[] {
  const side = s.sections[sec].side;
  const firers = firersOf(s, sec, kind);
  const sight = new SightLines(rules, gridFor(s, rules));
  const out: number[] = [];
  s.sections.forEach((x, t) => {
    if (x.side === side || !readyMembers(s, t).length) return;
    const front = kind === 'aimed' ? fireFacing(s, rules, sec, t) : undefined;
    if (firers.some((fi) => x.members.some((m) => canFireAt(s, rules, fi, m, kind, front, sight)))) out.push(t);
  });
  return out;
}

/** Enemy sections this section's firers can reach, with a preview of each fire. */
export function fireTargets(s: SaState, rules: SaRules, sec: number, kind: FireKind) {
  return fireTargetSections(s, rules, sec, kind).map((target) => ({ target, preview: previewFire(s, rules, sec, target, kind)! }));
}

function fireOptions(s: SaState, rules: SaRules, sec: number, kind: FireKind): ChoiceOption[] {
  const x = s.sections[sec];
  return fireTargetSections(s, rules, sec, kind).map((target) =>
    option(`fire ${x.id} at ${s.sections[target].id}`, () => {
      const p = previewFire(s, rules, sec, target, kind)!;
      // What to expect first: where a screen cuts the label short, the detail goes, not the hits.
      return (
        `Fire at the ${s.sections[target].name}: about ${p.expected.toFixed(1)} ${kind === 'aimed' ? 'hits' : 'suppressed'} (at most ${p.atMost}); ` +
        `${p.firers} firer${p.firers === 1 ? '' : 's'}, up to ${p.dice} D20, ${p.inSight} figure${p.inSight === 1 ? '' : 's'} in sight at ` +
        `${Math.round(p.nearest)}-${Math.round(p.farthest)} mm, needs ${p.need}`
      );
    }),
  );
}

// ---- Suppressive Fire ----------------------------------------------------------------------

export function askSuppressive(s: SaState, rules: SaRules): Ask | null {
  const sec = s.queue[0];
  if (sec === undefined) return null;
  const options = fireOptions(s, rules, sec, 'suppressive');
  if (!options.length) return null;
  const x = s.sections[sec];
  options.push({ id: `hold ${x.id}`, label: 'Hold fire' });
  return new Ask(
    x.side,
    'Suppressive fire',
    () =>
      `${sideTitle(s, rules, x.side)}: the ${x.name} lays down suppressive fire (${plural(firersOf(s, sec, 'suppressive').length, 'figure')}). At whom?`,
    options,
  );
}

export function actFire(s: SaState, id: string, env: GameEnv, kind: FireKind): void {
  const sec = s.queue[0];
  const m = /^fire \S+ at (\S+)$/.exec(id);
  if (m)
    resolveFire(
      s,
      env,
      sec,
      s.sections.findIndex((x) => x.id === m[1]),
      kind,
    );
  else if (env.verbose) env.log({ kind: 'text', text: `The ${s.sections[sec].name} holds its fire.`, side: s.sections[sec].side });
  s.queue.shift();
  s.throwing = null;
}

// ---- Movement ------------------------------------------------------------------------------

export function askMovement(s: SaState, rules: SaRules): Ask | null {
  const sec = s.queue[0];
  if (sec === undefined) return null;
  const x = s.sections[sec];
  const d = destinations(s, rules, sec);
  if (!d) return null;
  const g = gridFor(s, rules);
  const ref = s.figures[d.ref];
  const edge = homeEdge(s, rules, x.side);
  if (x.fallBack) {
    // House rule: a section falling back is moved for its player (one option, applied at once).
    const off = d.exit;
    const to = off ? 'off' : cellKey(g, fallBackCell(s, rules, sec, d.cells));
    return new Ask(
      x.side,
      'Movement',
      () => `The ${x.name} falls back toward its own table edge.`,
      [{ id: `move ${x.id} ${off ? 'off' : to}`, label: 'Fall back' }],
      { moves: d },
    );
  }
  const options: ChoiceOption[] = [];
  for (const c of d.cells) {
    if (c.cell === ref.cell) {
      options.push({ id: `move ${x.id} stay`, label: `Stay at ${cellId(g, c.cell)}` });
      // Turning in place matters only when the arc is fixed (facing=fixed): with facing=turn a section
      // on Aimed Fire turns to its target anyway (rules/small-action.md, "Facing and the arc").
      if (s.options.facing === 'fixed')
        for (const f of FACINGS) if (f !== x.facing) options.push({ id: `face ${x.id} ${f}`, label: `Stay and face ${FACING_NAMES[f]}` });
      continue;
    }
    options.push(
      option(`move ${x.id} ${cellKey(g, c.cell)}`, () => {
        const t = terrainOf(rules, g, c.cell);
        return `${cellId(g, c.cell)}: ${Math.round(c.cost)} mm, ${t.name}${t.cover !== 'none' ? ` (${t.cover} cover)` : ''}, ${Math.round(edgeDistance(rules, g, c.cell, edge))} mm from your edge`;
      }),
    );
  }
  // Offered when any mover can reach the edge (the reference figure or not): they leave, the rest
  // move toward it (rules/small-action.md, "Movement"); the label names who leaves and who stays.
  // (Who leaves is worked out for the offer only when the reference figure cannot reach the edge; else for the label, when read.)
  const out = d.exit ? null : leavers(s, rules, d);
  if (d.exit || out!.length) options.push(option(`move ${x.id} off`, () => leaveLabel(s, sec, d, out ?? leavers(s, rules, d), edge)));
  return new Ask(
    x.side,
    'Movement',
    () => {
      const movers = moversOf(s, sec).length;
      return (
        `${sideTitle(s, rules, x.side)}: where does the ${x.name} go? ${movers} figure${movers === 1 ? '' : 's'} move (${rules.orders[d.mode].name}, ` +
        `${d.min > 0 ? `at least ${Math.round(d.min)} mm, ` : ''}up to ${d.rate} mm)${moverNote(s, rules, sec, d.rate)}; pick the cell for ${ref.label} at ${cellId(g, ref.cell)} (type a cell like ${cellId(g, ref.cell)}), the rest keep formation.`
      );
    },
    options,
    { moves: d, unmatched: (typed) => whyNotThere(s, rules, d, typed) },
  );
}

/**
 * The label of `move <section> off`: who leaves by the edge, and, when not the whole section, who
 * moves toward it, who stays (not moving on this card) and, when the leader leaves (or no commander
 * stays), who commands those left (rules/small-action.md, "Movement"): "Leave the table (your north
 * edge): a1 (leader), a5, a6 leave; a2 (2IC), a3, a4 move toward it; a7, a8 stay; a2 (2IC) left in
 * command". Kept within two lines at 80 columns (the menu shows the option picked in full there).
 */
function leaveLabel(s: SaState, sec: number, d: Destinations, out: number[], edge: string): string {
  const x = s.sections[sec];
  const name = (i: number) => `${s.figures[i].label}${i === x.leader ? ' (leader)' : i === x.second ? ' (2IC)' : ''}`;
  const names = (is: number[]) => is.map(name).join(', ');
  const head = `Leave the table (your ${edge} edge)`;
  const left = readyMembers(s, sec).filter((i) => !out.includes(i));
  if (!left.length) return `${head}: ${out.length === 1 ? `${names(out)} leaves` : `all ${out.length} figures leave`}`;
  const toward = d.movers.filter((i) => !out.includes(i));
  const stay = left.filter((i) => !toward.includes(i));
  const parts = [`${names(out)} leave${out.length === 1 ? 's' : ''}`];
  if (toward.length) parts.push(`${names(toward)} move${toward.length === 1 ? 's' : ''} toward it`);
  if (stay.length) parts.push(`${names(stay)} stay${stay.length === 1 ? 's' : ''}`);
  // Who commands the figures left on the table (the leader first, then the 2IC: Danger to Leaders).
  const cmd = [x.leader, x.second].find((i) => left.includes(i));
  if (out.includes(x.leader) || cmd === undefined)
    parts.push(cmd === undefined ? 'no leader or 2IC left with them' : `${name(cmd)} left in command`);
  return `${head}: ${parts.join('; ')}`;
}

/**
 * Why a cell typed at a movement decision is not offered: out of reach this move, short of the
 * order's minimum, or without room (rules/small-action.md, "Movement"); undefined when the text
 * is no cell of the table, or the cell is offered.
 */
export function whyNotThere(s: SaState, rules: SaRules, d: Destinations, typed: string): string | undefined {
  const g = gridFor(s, rules);
  const c = parseCell(g, typed.trim().toUpperCase());
  if (c < 0 || d.cells.some((x) => x.cell === c)) return undefined;
  const ref = s.figures[d.ref];
  // Short: the menu shows two lines under the list, "nothing matches "C20": " included.
  const move = `${ref.label} at ${cellId(g, ref.cell)}: ${rules.orders[d.mode].name}, ${d.min > 0 ? `${Math.round(d.min)}-` : 'up to '}${d.rate} mm`;
  const cost = d.reach.costOf(c);
  const why = !Number.isFinite(cost)
    ? `out of reach this move (${move})`
    : cost < d.min
      ? `too near: ${Math.round(cost)} mm (${move})`
      : 'full (two figures to a cell)';
  return `${cellId(g, c)} is ${why}`;
}

/** Movers slower than the reference figure's rate: "; g3 MMG up to 100 mm". */
function moverNote(s: SaState, rules: SaRules, sec: number, rate: number): string {
  const slow = moversOf(s, sec)
    .map((i) => s.figures[i])
    .map((f) => ({ f, r: allowance(rules, f, moveModeOf(f)!) }))
    .filter(({ r }) => r < rate);
  return slow.length ? `; ${slow.map(({ f, r }) => `${f.label} ${rules.weapons[f.weapon].name} up to ${r} mm`).join(', ')}` : '';
}

/** Applies a movement choice; `asked`: the decision that offered it, in this state (its destinations' flood is used). */
export function actMovement(s: SaState, id: string, env: GameEnv, asked?: Ask): void {
  const rules = rulesOf(env);
  const g = gridFor(s, rules);
  const sec = s.queue[0];
  const x = s.sections[sec];
  const face = /^face \S+ (\S+)$/.exec(id);
  if (face) {
    x.facing = FACINGS.find((f) => f === face[1])!;
    if (env.verbose) env.log({ kind: 'text', text: `The ${x.name} stays where it is and faces ${FACING_NAMES[x.facing]}.`, side: x.side });
  } else {
    const to = id.split(' ')[2];
    if (to !== 'stay') {
      const r = moveSection(s, env, sec, to === 'off' ? 'off' : parseCell(g, to), asked?.moves);
      if (env.verbose) env.log({ kind: 'text', text: moveReport(s, rules, sec, to === 'off', r), side: x.side });
    } else if (env.verbose) env.log({ kind: 'text', text: `The ${x.name} stays where it is.`, side: x.side });
  }
  s.queue.shift();
}

/**
 * The log line of a move: where every mover really ended ("b1 W18->S18"), the reference figure
 * first; those hemmed in are named as staying; figures that left the table as "off".
 */
export function moveReport(
  s: SaState,
  rules: SaRules,
  sec: number,
  off: boolean,
  r: { moved: number; exited: number; steps: Step[] },
): string {
  const g = gridFor(s, rules);
  const x = s.sections[sec];
  const went = r.steps
    .filter((st) => st.from !== st.to)
    .map((st) => `${s.figures[st.figure].label} ${cellId(g, st.from)}->${st.to < 0 ? 'off' : cellId(g, st.to)}`);
  const stayed = r.steps.filter((st) => st.from === st.to).map((st) => `${s.figures[st.figure].label} at ${cellId(g, st.from)}`);
  const count = `${r.moved} figure${r.moved === 1 ? '' : 's'} moved${r.exited ? `, ${r.exited} left the table` : ''}`;
  const head = `The ${x.name} moves${off ? ' toward its own table edge' : ''} (${count})`;
  return `${head}${went.length ? `: ${went.join(', ')}` : ''}${stayed.length ? `; did not move: ${stayed.join(', ')}` : ''}.`;
}

// ---- Aimed Fire ----------------------------------------------------------------------------

export function askAimed(s: SaState, rules: SaRules): Ask | null {
  const sec = s.queue[0];
  if (sec === undefined) return null;
  const x = s.sections[sec];
  const g = gridFor(s, rules);
  const options: ChoiceOption[] = [];
  const throws = throwTargets(s, rules, sec);
  for (const t of throws) {
    options.push(
      option(`throw ${x.id} at ${cellKey(g, t.cell)}`, () => {
        // The enemies standing there (a friend sharing the cell is no target, though the burst hits him too).
        const enemies = s.figures.filter((f) => f.cell === t.cell && f.status === 'ready' && s.sections[f.section].side !== x.side).length;
        return `${s.figures[t.thrower].label} throws a grenade at ${cellId(g, t.cell)} (${enemies} enem${enemies === 1 ? 'y' : 'ies'} there)`;
      }),
    );
  }
  options.push(...fireOptions(s, rules, sec, 'aimed'));
  if (!options.length) return null;
  options.push({ id: `hold ${x.id}`, label: 'Hold fire' });
  return new Ask(
    x.side,
    'Aimed fire',
    () => {
      const firers = firersOf(s, sec, 'aimed').length;
      return (
        `${sideTitle(s, rules, x.side)}: the ${x.name} (class ${x.cls}, facing ${FACING_NAMES[x.facing]}) has ${firers} figure${firers === 1 ? '' : 's'} to fire` +
        `${throws.length ? ': throw grenades first (each thrower then does not fire), then fire' : ''}` +
        (s.options.facing === 'fixed'
          ? ' at a section in the 180-degree arc to its front.'
          : ' at a section (it turns to face it; the 180-degree arc counts from there).')
      );
    },
    options,
  );
}

export function actAimed(s: SaState, id: string, env: GameEnv): void {
  const rules = rulesOf(env);
  const sec = s.queue[0];
  const m = /^throw \S+ at (\S+)$/.exec(id);
  if (m) {
    const cell = parseCell(gridFor(s, rules), m[1]);
    const t = throwTargets(s, rules, sec).find((x) => x.cell === cell)!;
    throwGrenade(s, env, t.thrower, cell);
    s.throwing = sec;
    return;
  }
  actFire(s, id, env, 'aimed');
}
