/**
 * The turn (rulebook: Sequence of Play): place order cards → reveal → suppressive fire → movement →
 * aimed fire → close combat → morale; then the scenario's end (turn limit, a side gone) and victory
 * points. `advance` runs everything that needs no decision.
 */
import type { GameEnv } from '../../engine/module.js';
import { parseCell } from './geometry.js';
import { closeCombat } from './close-combat.js';
import { firersOf, whyNoFire } from './fire.js';
import { throwersOf } from './grenades.js';
import { moralePhase } from './morale.js';
import { moversOf } from './movement.js';
import { actOrders, askOrders, cardOf, revealOrders } from './orders.js';
import { actAimed, actFire, actingOrder, actMovement, askAimed, askMovement, askSuppressive, type Ask } from './phases.js';
import { gridFor, plural, readyMembers, rulesOf, scenarioOf, sideTitle, verdict } from './section.js';
import type { Klass, SaRules, SaState, SideName } from './types.js';
import { other, SIDES } from './types.js';

export function ask(s: SaState, rules: SaRules): Ask | null {
  switch (s.stage) {
    case 'orders':
      return askOrders(s, rules);
    case 'suppressive':
      return askSuppressive(s, rules);
    case 'movement':
      return askMovement(s, rules);
    case 'aimed':
      return askAimed(s, rules);
    case 'over':
      return null;
  }
}

/** Applies choice `id`; `asked`: the decision that offered it, asked of this very state (what it worked out is used again). */
export function act(s: SaState, id: string, env: GameEnv, asked?: Ask): void {
  switch (s.stage) {
    case 'orders':
      return actOrders(s, id, rulesOf(env), asked);
    case 'suppressive':
      return actFire(s, id, env, 'suppressive');
    case 'movement':
      return actMovement(s, id, env, asked);
    case 'aimed':
      return actAimed(s, id, env);
    case 'over':
      return;
  }
}

/**
 * Runs automatic steps (and single-option decisions) until a real choice is pending or the game is over.
 * Returns that choice's question, asked of the state it leaves (null: the game is over), for the
 * engine to take as the pending decision (GameModule.apply).
 */
export function advance(s: SaState, env: GameEnv): Ask | null {
  const rules = rulesOf(env);
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.over) return null;
    const a = ask(s, rules);
    if (a && a.options.length > 1) return a;
    if (a) act(s, a.options[0].id, env, a);
    else step(s, env);
  }
  throw new Error('small-action: the turn sequence does not advance');
}

/** The current stage has nothing to ask: skip the section at the head of the queue, or go on to the next phase. */
function step(s: SaState, env: GameEnv): void {
  if (s.stage === 'orders') {
    if (s.ordering === 'Blue') s.ordering = 'Red';
    else startSuppressive(s, env);
    return;
  }
  if (s.queue.length) {
    const x = s.sections[s.queue.shift()!];
    if (env.verbose && s.throwing === null && s.stage !== 'movement') {
      const why = whyNoFire(s, rulesOf(env), s.sections.indexOf(x), s.stage === 'aimed' ? 'aimed' : 'suppressive');
      env.log({ kind: 'text', text: `The ${x.name} does not fire: ${why}.`, side: x.side });
    }
    s.throwing = null;
    return;
  }
  if (s.stage === 'suppressive') startMovement(s, env);
  else if (s.stage === 'movement') startAimed(s, env);
  else if (s.stage === 'aimed') endTurn(s, env);
}

function phase(env: GameEnv, s: SaState, text: string): void {
  if (env.verbose) env.log({ kind: 'text', text: `Turn ${s.turn}: ${text}`, tone: 'phase' });
}

/** A new turn: forced cards are laid (public: they come from the scenario or a morale test), then the players lay theirs. */
export function startTurn(s: SaState, env: GameEnv): void {
  const rules = rulesOf(env);
  s.turn++;
  s.first = s.turn % 2 === 1 ? 'Blue' : 'Red';
  s.stage = 'orders';
  s.ordering = 'Blue';
  s.revealed = false;
  s.queue = [];
  s.throwing = null;
  if (s.turn === 1) {
    for (const fo of scenarioOf(s, rules).firstOrders) {
      const x = s.sections.find((y) => y.id === fo.section)!;
      x.forced = { kind: cardOf(fo.order).kind };
      x.forcedWhy = "the scenario's first order";
    }
  }
  for (const x of s.sections) {
    if (x.forced) {
      x.card = x.forced;
      x.forced = null;
    }
  }
  phase(env, s, `Place order cards (${sideTitle(s, rules, s.first)} fires and moves first this turn)`);
}

function startSuppressive(s: SaState, env: GameEnv): void {
  revealOrders(s, env);
  s.stage = 'suppressive';
  s.queue = actingOrder(s, (i) => firersOf(s, i, 'suppressive').length > 0);
  if (s.queue.length) phase(env, s, 'Suppressive fire');
}

function startMovement(s: SaState, env: GameEnv): void {
  s.stage = 'movement';
  s.queue = actingOrder(s, (i) => moversOf(s, i).length > 0);
  if (s.queue.length) phase(env, s, 'Movement');
}

const CLASS_RANK: Record<Klass, number> = { A: 3, B: 2, C: 1 };

/**
 * Aimed Fire order (rulebook: Aimed Fire): when both sides have sections on Aimed Fire, the higher
 * class fires first; equal classes: a die roll (a D6 each, high fires first, ties rolled again).
 * Casualties fall at once: a figure hit before it fires does not fire.
 */
function startAimed(s: SaState, env: GameEnv): void {
  s.stage = 'aimed';
  const rules = rulesOf(env);
  const firing = actingOrder(s, (i) => firersOf(s, i, 'aimed').length > 0 || throwersOf(s, i).length > 0);
  const bothSides = SIDES.every((side) => firing.some((i) => s.sections[i].side === side));
  const firstOf: Partial<Record<Klass, SideName>> = {};
  if (bothSides) {
    for (const k of ['A', 'B', 'C'] as Klass[]) {
      const here = firing.filter((i) => s.sections[i].cls === k);
      if (!SIDES.every((side) => here.some((i) => s.sections[i].side === side))) continue;
      for (;;) {
        const b = env.dice.roll(
          6,
          env.verbose ? `Aimed fire: which class ${k} side fires first? (${sideTitle(s, rules, 'Blue')})` : 'first',
        );
        const r = env.dice.roll(
          6,
          env.verbose ? `Aimed fire: which class ${k} side fires first? (${sideTitle(s, rules, 'Red')})` : 'first',
        );
        if (b === r) continue;
        firstOf[k] = b > r ? 'Blue' : 'Red';
        if (env.verbose)
          env.log({
            kind: 'text',
            text: `Both sides have class ${k} sections on Aimed Fire: ${sideTitle(s, rules, firstOf[k]!)} fires first (${b} to ${r}).`,
            tone: 'event',
          });
        break;
      }
    }
  }
  const pos = new Map(firing.map((i, n) => [i, n]));
  s.queue = firing.slice().sort((a, b) => {
    const xa = s.sections[a];
    const xb = s.sections[b];
    if (bothSides && xa.cls !== xb.cls) return CLASS_RANK[xb.cls] - CLASS_RANK[xa.cls];
    const f = firstOf[xa.cls];
    if (bothSides && f && xa.side !== xb.side) return xa.side === f ? -1 : 1;
    return pos.get(a)! - pos.get(b)!;
  });
  if (s.queue.length) phase(env, s, 'Aimed fire');
}

/** Close combat, morale, then the end of the turn: the scenario ends at its turn limit or when a side has no one left on the table. */
function endTurn(s: SaState, env: GameEnv): void {
  const rules = rulesOf(env);
  closeCombat(s, env);
  for (const x of s.sections) {
    x.fallBack = false;
    x.forcedWhy = null;
  }
  moralePhase(s, env);
  for (const f of s.figures) {
    f.suppressed = false;
    f.moved = false;
    f.threw = false;
  }
  for (const x of s.sections) {
    x.card = null;
    x.casualtiesThisTurn = 0;
    x.leaderLostThisTurn = false;
  }
  const gone = SIDES.filter((side) => !s.sections.some((x, i) => x.side === side && readyMembers(s, i).length > 0));
  if (gone.length || s.turn >= s.turnLimit) {
    finish(
      s,
      env,
      gone.length
        ? `${gone.map((g) => sideTitle(s, rules, g)).join(' and ')} ha${gone.length === 1 ? 's' : 've'} no one left on the table`
        : `the turn limit (${s.turnLimit}) is reached`,
      gone,
    );
    return;
  }
  startTurn(s, env);
}

/** Victory points (the scenario's `victory`): casualties, figures that had to leave but did not, objectives held. */
export function scorePoints(s: SaState, rules: SaRules, gone: SideName[] = []): { points: Record<SideName, number>; lines: string[] } {
  const v = scenarioOf(s, rules).victory;
  const g = gridFor(s, rules);
  const points: Record<SideName, number> = { Blue: 0, Red: 0 };
  const lines: string[] = [];
  for (const side of SIDES) {
    const enemy = other(side);
    const cas = s.figures.filter((f) => f.status === 'casualty' && s.sections[f.section].side === enemy).length;
    points[side] += cas * v.perCasualty;
    if (cas)
      lines.push(
        `${sideTitle(s, rules, side)}: ${plural(cas, 'enemy casualty', 'enemy casualties')} x ${v.perCasualty} = ${cas * v.perCasualty}`,
      );
  }
  if (v.mustExit && !gone.includes(other(v.mustExit.side))) {
    const left = s.figures.filter((f) => f.status === 'ready' && s.sections[f.section].side === v.mustExit!.side).length;
    const foe = other(v.mustExit.side);
    points[foe] += left * v.mustExit.pointsPerFigure;
    if (left)
      lines.push(
        `${sideTitle(s, rules, foe)}: ${sideTitle(s, rules, v.mustExit.side)} ${plural(left, 'figure')} still on the table x ${v.mustExit.pointsPerFigure} = ${left * v.mustExit.pointsPerFigure}`,
      );
  }
  for (const h of v.hold) {
    const cells = new Set(h.cells.map((c) => parseCell(g, c)));
    const holders = SIDES.filter((side) =>
      s.figures.some((f) => f.status === 'ready' && cells.has(f.cell) && s.sections[f.section].side === side),
    );
    if (holders.length === 1) {
      points[holders[0]] += h.points;
      lines.push(`${sideTitle(s, rules, holders[0])} holds ${h.name}: ${h.points}`);
    }
  }
  return { points, lines };
}

function finish(s: SaState, env: GameEnv, why: string, gone: SideName[]): void {
  const rules = rulesOf(env);
  const { points, lines } = scorePoints(s, rules, gone);
  s.points = points;
  s.over = true;
  s.stage = 'over';
  s.endReason = why;
  s.winner = points.Blue > points.Red ? 'Blue' : points.Red > points.Blue ? 'Red' : null;
  env.log({ kind: 'text', text: `The game ends: ${why}.`, tone: 'phase' });
  if (env.verbose) for (const l of lines) env.log({ kind: 'text', text: `  ${l}`, tone: 'info' });
  env.log({
    kind: 'text',
    text: `Victory points: ${sideTitle(s, rules, 'Blue')} ${points.Blue}, ${sideTitle(s, rules, 'Red')} ${points.Red}: ${verdict(s.winner && sideTitle(s, rules, s.winner), s.winner)}.`,
    tone: 'good',
  });
}
