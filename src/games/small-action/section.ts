/**
 * Sections and figures (rulebook: Section Organisation, Issuing Orders, Danger to Leaders):
 * who commands, the command radius, what each figure's order makes it do, cover and casualties.
 */
import type { GameEnv } from '../../engine/module.js';
import { distance, gridOf, terrainOf, within } from './geometry.js';
import type { Cell, Cover, FigureState, Grid, Millimetres, MoveMode, SaRules, SaState, SectionState, SideName } from './types.js';
import { plural } from '../../ui/text.js';

export function rulesOf(env: GameEnv): SaRules {
  return env.rules as SaRules;
}

export function gridFor(s: SaState, rules: SaRules): Grid {
  return gridOf(rules, s.scenario);
}

export function scenarioOf(s: SaState, rules: SaRules) {
  const sc = rules.scenarios.find((x) => x.id === s.scenario);
  if (!sc) throw new Error(`small-action: no scenario "${s.scenario}"`);
  return sc;
}

/** The side's name in this scenario ("Flying Column"). */
export function sideTitle(s: SaState, rules: SaRules, side: SideName): string {
  return scenarioOf(s, rules).sides[side].name;
}

/**
 * Who won, in the same words everywhere (the final screen, the log's victory points line and the
 * result's summary, which records keep and replays verify): "Flying Column (Blue) win", "a draw".
 */
export function verdict(winnerName: string | null, winner: SideName | null): string {
  return winner && winnerName ? `${winnerName} (${winner}) win` : 'a draw';
}

export function isReady(f: FigureState): boolean {
  return f.status === 'ready';
}

/** The section's figures that are standing on the table. */
export function readyMembers(s: SaState, sec: number): number[] {
  return s.sections[sec].members.filter((i) => s.figures[i].status === 'ready');
}

/** Who gives the section its orders: the leader, the 2IC once the leader has fallen, or nobody (-1). */
export function commander(s: SaState, sec: number): number {
  const x = s.sections[sec];
  if (s.figures[x.leader].status === 'ready') return x.leader;
  if (s.figures[x.second].status === 'ready') return x.second;
  return -1;
}

/** Leader and 2IC both fallen: the section stays where it is for the rest of the game (rulebook: Danger to Leaders). */
export function isPinned(s: SaState, sec: number): boolean {
  const x = s.sections[sec];
  return s.figures[x.leader].status === 'casualty' && s.figures[x.second].status === 'casualty';
}

/**
 * Leader and 2IC gone off the table (left by their edge, or one left and the other is down): no
 * commander on the table, yet the section is not pinned (the rulebook has no exits).
 */
export function leadersOffTable(s: SaState, sec: number): boolean {
  return commander(s, sec) < 0 && !isPinned(s, sec);
}

/**
 * With --option leaders-off=as-body, the men left behind by a leader and 2IC gone off the table act
 * as a body: each new card reaches them all, as if within the radius (Issuing Orders read loosely;
 * rules/small-action.md, "Command radius"). The default, last-order: it reaches no one.
 */
export function actsAsBody(s: SaState, sec: number): boolean {
  return s.options.leadersOff === 'as-body' && leadersOffTable(s, sec);
}

/**
 * The command radius between the commander and a figure (rulebook: Issuing Orders): 200 mm in the
 * open, 100 mm when either stands in close country or built-up ground; halved once the 2IC commands.
 */
export function commandRadius(s: SaState, rules: SaRules, sec: number, figure: number): Millimetres {
  const g = gridFor(s, rules);
  const c = commander(s, sec);
  if (c < 0) return 0;
  const close = terrainOf(rules, g, s.figures[c].cell).closeCountry || terrainOf(rules, g, s.figures[figure].cell).closeCountry;
  const base = close ? rules.command.close : rules.command.open;
  return c === s.sections[sec].second ? base * rules.command.secondInCommandFactor : base;
}

/**
 * The commander's radius to a figure standing in close country or built-up ground (Issuing Orders),
 * wherever the commander stands: the close radius, halved once the 2IC commands; 0 with no commander.
 */
export function closeCommandRadius(s: SaState, rules: SaRules, sec: number): Millimetres {
  const c = commander(s, sec);
  if (c < 0) return 0;
  return c === s.sections[sec].second ? rules.command.close * rules.command.secondInCommandFactor : rules.command.close;
}

/** Is the figure within its commander's voice/hand-signal distance? */
export function inCommand(s: SaState, rules: SaRules, sec: number, figure: number): boolean {
  const c = commander(s, sec);
  if (c < 0) return false;
  return within(rules, gridFor(s, rules), s.figures[c].cell, s.figures[figure].cell, commandRadius(s, rules, sec, figure));
}

/** The movement mode a figure uses this turn, or null when its order does not move it. */
export function moveModeOf(f: FigureState): MoveMode | null {
  const o = f.order;
  if (!o) return null;
  if (o.kind === 'march' || o.kind === 'combat' || o.kind === 'cautious') return o.kind;
  if (o.kind === 'fire-and-movement' && f.fm === 'move') return o.mode ?? 'combat';
  return null;
}

/** Does the figure fire in this phase by its order (suppressive: Suppressive Fire or the firing half of Fire and Movement)? */
export function firesIn(f: FigureState, kind: 'suppressive' | 'aimed'): boolean {
  const o = f.order;
  if (!o) return false;
  if (kind === 'aimed') return o.kind === 'aimed-fire';
  return o.kind === 'suppressive-fire' || (o.kind === 'fire-and-movement' && f.fm === 'fire');
}

/** Full Cover protects (rulebook: Full Cover), except on ground with no cover (flat paved areas). */
export function inFullCover(s: SaState, rules: SaRules, f: FigureState): boolean {
  return f.order?.kind === 'full-cover' && f.cell >= 0 && terrainOf(rules, gridFor(s, rules), f.cell).fullCover;
}

/** The cover a cell gives to a figure standing in it. */
export function cellCover(s: SaState, rules: SaRules, c: Cell): Cover {
  return terrainOf(rules, gridFor(s, rules), c).cover;
}

/** Ready figures of a side in each cell. */
export function occupants(s: SaState, side: SideName | null, c: Cell): number {
  let n = 0;
  for (const f of s.figures) if (f.cell === c && f.status === 'ready' && (side === null || s.sections[f.section].side === side)) n++;
  return n;
}

export function sideOf(s: SaState, f: FigureState): SideName {
  return s.sections[f.section].side;
}

/** A count and its noun, singular for 1 (shared with the other games: ui/text.ts). */
export { plural };

/** "Vol. Keane (a3)". */
export function who(f: FigureState): string {
  return `${f.name} (${f.label})`;
}

export function ready(s: SaState, side: SideName): FigureState[] {
  return s.figures.filter((f) => f.status === 'ready' && s.sections[f.section].side === side);
}

/**
 * A figure becomes a casualty where it stands (rulebook: KIA/WIA; we do not tell killed from
 * wounded: neither has any further effect). Logs the name; says when the 2IC takes command.
 */
export function becomeCasualty(s: SaState, env: GameEnv, fi: number, cause: string): void {
  const f = s.figures[fi];
  if (f.status !== 'ready') return;
  f.status = 'casualty';
  f.suppressed = false;
  const x: SectionState = s.sections[f.section];
  x.casualtiesThisTurn++;
  if (env.verbose) env.log({ kind: 'text', text: `${who(f)} of the ${x.name} is hit (${cause}): a casualty.`, tone: 'bad', side: x.side });
  if (fi === x.leader) {
    x.leaderLostThisTurn = true;
    const c = commander(s, f.section);
    if (c >= 0 && env.verbose) {
      env.log({
        kind: 'text',
        text: `The leader is down: ${who(s.figures[c])}, the 2IC, takes over the ${x.name}; its command radius is halved.`,
        tone: 'event',
        side: x.side,
      });
    }
  }
  // Said of a section with someone left on the table to stay: with its last man down there is no one.
  if (isPinned(s, f.section) && (fi === x.leader || fi === x.second) && readyMembers(s, f.section).length > 0 && env.verbose) {
    env.log({
      kind: 'text',
      text: `The ${x.name} has lost its leader and its 2IC: it must stay where it is for the rest of the game.`,
      tone: 'event',
      side: x.side,
    });
  }
}

/** Distance in mm between two figures. */
export function figureDistance(s: SaState, rules: SaRules, a: FigureState, b: FigureState): Millimetres {
  return distance(rules, gridFor(s, rules), a.cell, b.cell);
}
