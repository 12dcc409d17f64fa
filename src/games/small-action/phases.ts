/**
 * The fire and movement phases of a turn (rulebook: Sequence of Play): Suppressive Fire, Movement,
 * Aimed Fire. Within a phase sections act one at a time, the side that goes first alternating each
 * turn (Blue on odd turns): at a table both would act at once (rules/small-action.md).
 */
import type { ChoiceOption, GameEnv } from '../../engine/module.js';
import { cellId, edgeDistance, FACING_NAMES, parseCell, terrainOf } from './geometry.js';
import { firersOf, previewFire, resolveFire, type FireKind } from './fire.js';
import { throwGrenade, throwTargets } from './grenades.js';
import { destinations, fallBackCell, homeEdge, moveSection, moversOf } from './movement.js';
import { gridFor, readyMembers, rulesOf, sideTitle } from './section.js';
import type { Facing, SaRules, SaState, SideName } from './types.js';
import { FACINGS, other } from './types.js';

export interface Ask {
  side: SideName;
  phase: string;
  prompt: string;
  options: ChoiceOption[];
  secret?: boolean;
}

/** Sections in acting order for a phase: the first side's, then the other's, each in the scenario's order. */
export function actingOrder(s: SaState, wants: (sec: number) => boolean): number[] {
  const out: number[] = [];
  for (const side of [s.first, other(s.first)]) s.sections.forEach((x, i) => x.side === side && wants(i) && out.push(i));
  return out;
}

/** Enemy sections this section's firers can reach, with a preview of each fire. */
export function fireTargets(s: SaState, rules: SaRules, sec: number, kind: FireKind) {
  const side = s.sections[sec].side;
  const out: { target: number; preview: NonNullable<ReturnType<typeof previewFire>> }[] = [];
  s.sections.forEach((x, t) => {
    if (x.side === side || !readyMembers(s, t).length) return;
    const p = previewFire(s, rules, sec, t, kind);
    if (p) out.push({ target: t, preview: p });
  });
  return out;
}

function fireOptions(s: SaState, rules: SaRules, sec: number, kind: FireKind): ChoiceOption[] {
  const x = s.sections[sec];
  return fireTargets(s, rules, sec, kind).map(({ target, preview: p }) => ({
    id: `fire ${x.id} at ${s.sections[target].id}`,
    label:
      `Fire at the ${s.sections[target].name}: ${p.firers} firer${p.firers === 1 ? '' : 's'}, ${p.dice} D20, ${p.inSight} figure${p.inSight === 1 ? '' : 's'} in sight at ` +
      `${Math.round(p.nearest)}-${Math.round(p.farthest)} mm, needs ${p.need}, about ${p.expected.toFixed(1)} ${kind === 'aimed' ? 'hits' : 'suppressed'}`,
  }));
}

// ---- Suppressive Fire ----------------------------------------------------------------------

export function askSuppressive(s: SaState, rules: SaRules): Ask | null {
  const sec = s.queue[0];
  if (sec === undefined) return null;
  const options = fireOptions(s, rules, sec, 'suppressive');
  if (!options.length) return null;
  const x = s.sections[sec];
  options.push({ id: `hold ${x.id}`, label: 'Hold fire' });
  return {
    side: x.side,
    phase: 'Suppressive fire',
    prompt: `${sideTitle(s, rules, x.side)}: the ${x.name} lays down suppressive fire (${firersOf(s, sec, 'suppressive').length} figures). At whom?`,
    options,
  };
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
    const to = off ? 'off' : cellId(g, fallBackCell(s, rules, sec, d.cells)).toLowerCase();
    return {
      side: x.side,
      phase: 'Movement',
      prompt: `The ${x.name} falls back toward its own table edge.`,
      options: [{ id: `move ${x.id} ${off ? 'off' : to}`, label: 'Fall back' }],
    };
  }
  const options: ChoiceOption[] = [];
  for (const c of d.cells) {
    if (c.cell === ref.cell) {
      options.push({ id: `move ${x.id} stay`, label: `Stay at ${cellId(g, c.cell)}` });
      for (const f of FACINGS) if (f !== x.facing) options.push({ id: `face ${x.id} ${f}`, label: `Stay and face ${FACING_NAMES[f]}` });
      continue;
    }
    const t = terrainOf(rules, g, c.cell);
    options.push({
      id: `move ${x.id} ${cellId(g, c.cell).toLowerCase()}`,
      label: `${cellId(g, c.cell)}: ${Math.round(c.cost)} mm, ${t.name}${t.cover !== 'none' ? ` (${t.cover} cover)` : ''}, ${Math.round(edgeDistance(rules, g, c.cell, edge))} mm from your edge`,
    });
  }
  if (d.exit) options.push({ id: `move ${x.id} off`, label: `Leave the table by your own (${edge}) edge` });
  const movers = moversOf(s, sec).length;
  return {
    side: x.side,
    phase: 'Movement',
    prompt:
      `${sideTitle(s, rules, x.side)}: where does the ${x.name} go? ${movers} figure${movers === 1 ? '' : 's'} move (${rules.orders[d.mode].name}, ` +
      `${d.min > 0 ? `at least ${Math.round(d.min)} mm, ` : ''}up to ${d.rate} mm); pick the cell for ${ref.label} at ${cellId(g, ref.cell)} (type a cell like ${cellId(g, ref.cell)}), the rest keep formation.`,
    options,
  };
}

export function actMovement(s: SaState, id: string, env: GameEnv): void {
  const rules = rulesOf(env);
  const g = gridFor(s, rules);
  const sec = s.queue[0];
  const x = s.sections[sec];
  const face = /^face \S+ (\S+)$/.exec(id);
  if (face) {
    x.facing = face[1] as Facing;
    if (env.verbose) env.log({ kind: 'text', text: `The ${x.name} stays where it is and faces ${FACING_NAMES[x.facing]}.`, side: x.side });
  } else {
    const to = id.split(' ')[2];
    const from = s.figures[destinations(s, rules, sec)!.ref].cell;
    if (to !== 'stay') {
      const r = moveSection(s, env, sec, to === 'off' ? 'off' : parseCell(g, to));
      if (env.verbose) {
        const where = to === 'off' ? 'toward its own table edge' : `from ${cellId(g, from)} to ${to.toUpperCase()}`;
        env.log({
          kind: 'text',
          text: `The ${x.name} moves ${where}: ${r.moved} figure${r.moved === 1 ? '' : 's'} moved${r.exited ? `, ${r.exited} left the table` : ''}.`,
          side: x.side,
        });
      }
    } else if (env.verbose) env.log({ kind: 'text', text: `The ${x.name} stays where it is.`, side: x.side });
  }
  s.queue.shift();
}

// ---- Aimed Fire ----------------------------------------------------------------------------

export function askAimed(s: SaState, rules: SaRules): Ask | null {
  const sec = s.queue[0];
  if (sec === undefined) return null;
  const x = s.sections[sec];
  const g = gridFor(s, rules);
  const options: ChoiceOption[] = [];
  for (const t of throwTargets(s, rules, sec)) {
    const enemies = s.figures.filter((f) => f.cell === t.cell && f.status === 'ready').length;
    options.push({
      id: `throw ${x.id} at ${cellId(g, t.cell).toLowerCase()}`,
      label: `${s.figures[t.thrower].label} throws a grenade at ${cellId(g, t.cell)} (${enemies} enem${enemies === 1 ? 'y' : 'ies'} there)`,
    });
  }
  options.push(...fireOptions(s, rules, sec, 'aimed'));
  if (!options.length) return null;
  options.push({ id: `hold ${x.id}`, label: 'Hold fire' });
  const firers = firersOf(s, sec, 'aimed').length;
  return {
    side: x.side,
    phase: 'Aimed fire',
    prompt:
      `${sideTitle(s, rules, x.side)}: the ${x.name} (class ${x.cls}, facing ${FACING_NAMES[x.facing]}) has ${firers} figure${firers === 1 ? '' : 's'} to fire` +
      `${throwTargets(s, rules, sec).length ? ': throw grenades first (each thrower then does not fire), then fire' : ''} at a section in the arc to its front.`,
    options,
  };
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
