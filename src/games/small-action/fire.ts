/**
 * Firing (rulebook: Firing, Suppressive Fire, Aimed Fire, Hitting Specific Figures, Danger to Leaders).
 *
 * One D20 per firing figure (LMG 4, MMG 8) against the fire table: the firer's class, the target's
 * column (its order when it moves, its cover when it does not), and the range (short up to 300 mm).
 * A roll equal to or above the number hits ("compare": our reading). Each die is thrown at the next
 * figure of the target in casualty order that this firer can see and reach (out of cover first, then
 * nearest the firing section; the leader last, or by the D10 when danger to leaders is on), and
 * needs that figure's number; with --option leader-last=section an aimed hit on the leader (the 2IC)
 * falls instead on a man of his section any firer of the volley can hit. Suppressive fire suppresses and never kills. The MMG fires at a
 * beaten zone 100 x 200 mm around the first figure in casualty order it can fire at and may hit
 * any enemy inside it.
 */
import type { GameEnv } from '../../engine/module.js';
import {
  canSee,
  cellsBetween,
  colOf,
  distance,
  FACING_NAMES,
  facingOf,
  inFrontArc,
  rowOf,
  SightLines,
  terrainOf,
  within,
} from './geometry.js';
import { becomeCasualty, cellCover, firesIn, gridFor, inFullCover, moveModeOf, readyMembers, rulesOf } from './section.js';
import { casualtyOrder, dangerToLeaders, rankName, standInFor } from './casualties.js';
import type { Cell, Cover, Facing, FigureState, FireColumn, Klass, Millimetres, SaRules, SaState, WeaponDef } from './types.js';

export type FireKind = 'suppressive' | 'aimed';

export const COLUMN_NAME: Record<FireColumn, string> = {
  march: 'March Move',
  combat: 'Combat Move',
  cautious: 'Cautious Move',
  soft: 'soft cover',
  hard: 'hard cover',
};

/** The fire table number (rulebook: fire table): bracketed to suppress, else short or long range. */
export function needFor(
  rules: SaRules,
  cls: Klass,
  column: FireColumn,
  kind: FireKind,
  range: Millimetres,
): { need: number; band: 'suppress' | 'short' | 'long' } {
  const row = rules.fireTable.classes[cls][column];
  if (kind === 'suppressive') return { need: row[0], band: 'suppress' };
  return range <= rules.fireTable.shortRange ? { need: row[1], band: 'short' } : { need: row[2], band: 'long' };
}

/**
 * The cover a stationary target has against fire from `from`: its own cell's, or that of an
 * obstacle (wall, hedge) it stands directly behind on the line of fire, whichever is better.
 */
export function coverAgainst(s: SaState, rules: SaRules, target: Cell, from: Cell): Cover {
  const g = gridFor(s, rules);
  let c = cellCover(s, rules, target);
  const between = cellsBetween(g, from, target);
  const last = between[between.length - 1];
  if (last !== undefined) {
    const t = terrainOf(rules, g, last);
    if (t.movement === 'obstacle' && (t.cover === 'hard' || (t.cover === 'soft' && c === 'none'))) c = t.cover;
  }
  return c;
}

/**
 * The target's column (rulebook: Aimed Fire, "the status of targets is determined by the target's
 * order"): a moving order gives its column wherever the move ends; a stationary figure uses its
 * cover, and in the open the Combat column (our reading: stationary men in the open are not marching).
 */
export function columnFor(s: SaState, rules: SaRules, target: FigureState, from: Cell): FireColumn {
  const mode = moveModeOf(target);
  if (mode) return mode;
  const cover = coverAgainst(s, rules, target.cell, from);
  return cover === 'none' ? 'combat' : cover;
}

/** The figures of section `sec` that fire in this phase: standing, and (aimed) not suppressed, not having thrown. */
export function firersOf(s: SaState, sec: number, kind: FireKind): number[] {
  return s.sections[sec].members.filter((i) => {
    const f = s.figures[i];
    if (f.status !== 'ready' || !firesIn(f, kind)) return false;
    // Suppressive fire is simultaneous: a figure suppressed in this phase still fires in it.
    return kind === 'suppressive' || (!f.suppressed && !f.threw);
  });
}

/**
 * The front section `sec` fires to when it fires at section `targetSec` (rulebook: Aimed Fire, "any
 * enemy within a 180° arc to their front"). With `--option facing=turn` (the default) a section on
 * Aimed Fire turns in place to face the section it fires at: the nearest of the eight facings to the
 * line from its standing figures' centre to the target's (rules/small-action.md, "Facing and the
 * arc"). With `facing=fixed` it fires to the front it has (set by its last move, or turned to on a
 * Cautious Move that stays).
 */
export function fireFacing(s: SaState, rules: SaRules, sec: number, targetSec: number): Facing {
  const x = s.sections[sec];
  if (s.options.facing === 'fixed') return x.facing;
  const g = gridFor(s, rules);
  const from = readyMembers(s, sec).map((i) => s.figures[i].cell);
  const to = readyMembers(s, targetSec).map((i) => s.figures[i].cell);
  if (!from.length || !to.length) return x.facing;
  // Centre to centre in whole numbers: sum(to) * |from| - sum(from) * |to|.
  const sum = (cs: Cell[], of: (c: Cell) => number) => cs.reduce((n, c) => n + of(c), 0);
  const dx = sum(to, (c) => colOf(g, c)) * from.length - sum(from, (c) => colOf(g, c)) * to.length;
  const dy = sum(to, (c) => rowOf(g, c)) * from.length - sum(from, (c) => rowOf(g, c)) * to.length;
  return facingOf(dx, dy) ?? x.facing;
}

/**
 * Can this firer fire at this figure: in range, in sight, and (Aimed Fire) in the 180° arc to its
 * front? `front`: the facing its section fires to at the target's section (`fireFacing`), when the
 * caller has it already; `sight`: the lines of sight the caller has worked out so far.
 */
export function canFireAt(
  s: SaState,
  rules: SaRules,
  firer: number,
  target: number,
  kind: FireKind,
  front?: Facing,
  sight?: SightLines,
): boolean {
  const f = s.figures[firer];
  const t = s.figures[target];
  if (t.status !== 'ready' || inFullCover(s, rules, t)) return false;
  const g = gridFor(s, rules);
  if (!within(rules, g, f.cell, t.cell, rules.weapons[f.weapon].range)) return false;
  if (kind === 'aimed' && !inFrontArc(g, front ?? fireFacing(s, rules, f.section, t.section), f.cell, t.cell)) return false;
  return sight ? sight.sees(f.cell, t.cell) : canSee(rules, g, f.cell, t.cell);
}

/**
 * Why section `sec` has nothing to fire at in this phase, in the players' words: no firer able (all
 * suppressed or thrown), no enemy within range, enemies in range but out of sight, in Full Cover,
 * or (facing=fixed, Aimed Fire) outside the 180° arc to its front: the check that stopped the pair
 * of firer and enemy that came closest to firing is named.
 */
export function whyNoFire(s: SaState, rules: SaRules, sec: number, kind: FireKind): string {
  const g = gridFor(s, rules);
  const x = s.sections[sec];
  const firers = firersOf(s, sec, kind);
  if (!firers.length) return 'none of its figures can fire (suppressed, or they threw grenades)';
  const enemies = s.figures.filter((e) => e.status === 'ready' && s.sections[e.section].side !== x.side);
  if (!enemies.length) return 'no enemy is left on the table';
  let stage = 0; // 1 in range, 2 in sight, 3 in sight but in Full Cover, 4 out of the arc
  let nearest = Infinity;
  let reach = 0;
  for (const fi of firers) {
    const f = s.figures[fi];
    const range = rules.weapons[f.weapon].range;
    reach = Math.max(reach, range);
    for (const e of enemies) {
      nearest = Math.min(nearest, distance(rules, g, f.cell, e.cell));
      if (!within(rules, g, f.cell, e.cell, range)) continue;
      stage = Math.max(stage, 1);
      if (!canSee(rules, g, f.cell, e.cell)) continue;
      stage = Math.max(stage, 2);
      if (inFullCover(s, rules, e)) stage = Math.max(stage, 3);
      else if (kind === 'aimed' && !inFrontArc(g, fireFacing(s, rules, sec, e.section), f.cell, e.cell)) stage = 4;
    }
  }
  switch (stage) {
    case 4:
      return `the enemies in sight and range are behind it, outside the 180-degree arc to its front (it faces ${FACING_NAMES[x.facing]}; with --option facing=fixed a section turns only on a move, or on a Cautious Move that stays)`;
    case 3:
      return 'the enemies in sight and range are in Full Cover (immune to fire)';
    case 2:
      return 'no enemy it can fire at';
    case 1:
      return 'the enemies within range are out of sight (a building, or more than one woods cell, in the way)';
    default:
      return `no enemy is within range (the nearest is ${Math.round(nearest)} mm away; its weapons reach ${reach} mm)`;
  }
}

/** The MMG's beaten zone: does cell `c` lie in the 100 x 200 mm rectangle around `aim`, its long side along the line of fire? */
export function inBeatenZone(
  s: SaState,
  rules: SaRules,
  gun: Cell,
  aim: Cell,
  c: Cell,
  zone: { across: Millimetres; deep: Millimetres },
): boolean {
  const g = gridFor(s, rules);
  const cs = rules.grid.cellSize;
  const lx = colOf(g, aim) - colOf(g, gun);
  const ly = rowOf(g, aim) - rowOf(g, gun);
  const len = Math.hypot(lx, ly);
  if (len === 0) return c === aim;
  const dx = colOf(g, c) - colOf(g, aim);
  const dy = rowOf(g, c) - rowOf(g, aim);
  const along = Math.abs((dx * lx + dy * ly) / len) * cs;
  const across = Math.abs((dx * ly - dy * lx) / len) * cs;
  return along <= zone.deep / 2 + 1e-9 && across <= zone.across / 2 + 1e-9;
}

/**
 * The figures a firer could aim its dice at, in casualty order (the MMG: everyone in its beaten zone).
 * `order`: the target section's standing figures in casualty order for fire from the firer's section
 * (`casualtyOrder`), when the caller has it: within one fire it is the same for every firer.
 * `sight`: the lines of sight worked out so far (one fire's firers share them).
 */
export function targetsFor(
  s: SaState,
  rules: SaRules,
  firer: number,
  targetSec: number,
  kind: FireKind,
  order?: number[],
  sight?: SightLines,
): number[] {
  const f = s.figures[firer];
  const w = rules.weapons[f.weapon];
  const sec = f.section;
  const front = kind === 'aimed' ? fireFacing(s, rules, sec, targetSec) : undefined;
  const inSection = s.sections[targetSec].members.filter((t) => canFireAt(s, rules, firer, t, kind, front, sight));
  if (!w.beatenZone || inSection.length === 0)
    return order ? order.filter((t) => inSection.includes(t)) : casualtyOrder(s, rules, sec, inSection);
  // The beaten zone is laid about the figure hits would fall on first (rulebook: Hitting Specific
  // Figures, "not possible to single out" a figure; Danger to Leaders, the leader "the last one
  // removed"): out of cover, then nearest, the leader last - not about the nearest figure, which
  // could be the leader with his men outside the zone.
  const aim = (order ? order.filter((t) => inSection.includes(t)) : casualtyOrder(s, rules, sec, inSection))[0];
  return casualtyOrder(s, rules, sec, beatenZoneAround(s, rules, firer, aim));
}

/** The standing enemies, not in Full Cover, in the beaten zone of MMG `firer` laid about figure `aim`. */
function beatenZoneAround(s: SaState, rules: SaRules, firer: number, aim: number): number[] {
  const f = s.figures[firer];
  const zone = rules.weapons[f.weapon].beatenZone!;
  const aimCell = s.figures[aim].cell;
  const mySide = s.sections[f.section].side;
  return s.figures
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.status === 'ready' && s.sections[t.section].side !== mySide && !inFullCover(s, rules, t))
    .filter(({ t }) => inBeatenZone(s, rules, f.cell, aimCell, t.cell, zone))
    .map(({ i }) => i);
}

/** Why a die needs its number, in the players' words. */
export function needWhy(cls: Klass, column: FireColumn, band: string, range: Millimetres, moving = true): string {
  return `class ${cls}, ${columnText(column, moving)}, ${band === 'suppress' ? 'suppress' : `${band} range`} ${Math.round(range)} mm`;
}

/** The column in words: a stationary target in the open reads "still, in the open (Combat)". */
export function columnText(column: FireColumn, moving: boolean): string {
  return !moving && column === 'combat' ? 'still, in the open (Combat)' : COLUMN_NAME[column];
}

/**
 * The column in a word or two, for the dice table's Why (its key, `fireKey`, says them in full):
 * the target's Move order, or standing still its cover (soft, hard; "still": in the open, the Combat column).
 */
export function columnTag(column: FireColumn, moving: boolean): string {
  if (!moving && column === 'combat') return 'still';
  return { march: 'March', combat: 'Combat', cautious: 'Cautious', soft: 'soft', hard: 'hard' }[column];
}

/**
 * The key under a dice table: what its Needs and Why stand for, said once for the whole volley
 * rather than on every die (`tags`: the Why words its rows use, `columnTag`).
 */
export function fireKey(rules: SaRules, cls: Klass, kind: FireKind, tags: Set<string>): string {
  const base =
    kind === 'aimed'
      ? `Needs: class ${cls}'s number on the fire table for the target's column (Why) and range (short up to ${rules.fireTable.shortRange} mm, long beyond).`
      : `Needs: class ${cls}'s bracketed number on the fire table (suppressive fire) for the target's column (Why).`;
  const words = [...tags];
  const moving = words.filter((w) => ['March', 'Combat', 'Cautious'].includes(w));
  const cover = words.filter((w) => w === 'soft' || w === 'hard');
  const parts: string[] = [];
  if (moving.length) parts.push(`${moving.join(', ')}: the target's Move order`);
  if (cover.length) parts.push(`${cover.join(', ')}: it stands still in ${cover.length > 1 ? 'soft or hard' : cover[0]} cover`);
  if (tags.has('still')) parts.push('still: it stands still in the open, on the Combat column (our reading)');
  return parts.length ? `${base} ${parts.join('; ')}.` : base;
}

export interface FirePreview {
  firers: number;
  /** The dice the firers would throw at most: a firer stops when every figure it can aim at is down (suppressed). */
  dice: number;
  /** The figures the firers can aim at as the fire begins (the MMG: those in its beaten zone). */
  inSight: number;
  nearest: Millimetres;
  farthest: Millimetres;
  /** The most hits (figures suppressed) the fire can make: the most some throw of the dice makes in `resolveFire`. */
  atMost: number;
  /** Hits (figures suppressed) to expect: their mean over every throw of the dice, as `resolveFire` throws them. */
  expected: number;
  /** "12+ (B, soft cover, short)" for the first figure a die is thrown at. */
  need: string;
}

/**
 * Danger to leaders on: the leader (with on-2ic, the 2IC too) is hit only by the D10 while another
 * figure a die can fall on stands (rulebook: Danger to Leaders, the second method).
 */
function hitOnlyByD10(s: SaState, t: number): boolean {
  if (s.options.danger === 'off') return false;
  const x = s.sections[s.figures[t].section];
  return t === x.leader || (s.options.danger === 'on-2ic' && t === x.second);
}

/** One way a fire may have gone so far: who is down (suppressed) by it, what the volley can hit, and its chance. */
interface Branch {
  down: Set<number>;
  /** leader-last=section: the figures the volley can hit (resolveFire's `reach`). */
  reach: Set<number>;
  /** The line of the firer throwing now, fixed as it begins (resolveFire). */
  line: number[];
  p: number;
}

/**
 * What a fire at `targetSec` would look like (for labels and the bots); null when no firer can reach it.
 * The hits are worked out as `resolveFire` makes them, every throw of the dice at once: each firer
 * in turn, each die at the next figure in its line that stands (the MMG: its zone laid, before its
 * first die, about the first figure it can fire at that stands), a hit moved to a man in the leader's
 * stead (leader-last=section) or to the leader by the D10 (danger to leaders). Throws that leave the
 * same figures down are merged, so the work is the figures' ways of falling, not the 2^dice throws.
 */
export function previewFire(s: SaState, rules: SaRules, sec: number, targetSec: number, kind: FireKind): FirePreview | null {
  const g = gridFor(s, rules);
  const cls = s.sections[sec].cls;
  const order = casualtyOrder(s, rules, sec, readyMembers(s, targetSec));
  const sight = new SightLines(rules, g);
  const front = kind === 'aimed' ? fireFacing(s, rules, sec, targetSec) : undefined;
  const pooled = kind === 'aimed' && s.options.leaderLast === 'section';
  const danger = rules.dangerToLeaders;
  const d10 = Math.max(0, Math.min(1, (danger.die - danger.leaderHitOn + 1) / danger.die));
  const special = (t: number) => hitOnlyByD10(s, t);
  // Down (suppressed) before the fire: suppressive fire passes over a man already turned about.
  const already = (t: number) => kind === 'suppressive' && s.figures[t].suppressed;
  const seen = new Set<number>();
  let firers = 0;
  let dice = 0;
  let nearest = Infinity;
  let farthest = 0;
  let need = '';
  const chance = new Map<string, number>();
  const chanceOf = (fi: number, t: number): number => {
    const key = `${fi}:${t}`;
    let p = chance.get(key);
    if (p === undefined) {
      const tf = s.figures[t];
      const f = s.figures[fi];
      const nd = needFor(rules, cls, columnFor(s, rules, tf, f.cell), kind, distance(rules, g, f.cell, tf.cell));
      p = Math.max(0, Math.min(1, (21 - nd.need) / 20));
      chance.set(key, p);
    }
    return p;
  };
  // Each firer's line as the fire reaches it, given who is down: the MMG's by its aim figure.
  const shooters: { fi: number; dice: number; line: (down: Set<number>) => number[] }[] = [];
  const start = new Set<number>();
  for (const fi of firersOf(s, sec, kind)) {
    const ts = targetsFor(s, rules, fi, targetSec, kind, order, sight);
    if (!ts.length) continue;
    firers++;
    const f = s.figures[fi];
    const w = rules.weapons[f.weapon];
    dice += w.dice;
    for (const t of ts) {
      seen.add(t);
      start.add(t);
      const d = distance(rules, g, f.cell, s.figures[t].cell);
      nearest = Math.min(nearest, d);
      farthest = Math.max(farthest, d);
    }
    let line: (down: Set<number>) => number[] = () => ts;
    if (w.beatenZone && kind === 'aimed') {
      const aims = order.filter((t) => canFireAt(s, rules, fi, t, kind, front, sight));
      const zones = new Map<number, number[]>();
      line = (down) => {
        const aim = aims.find((t) => !down.has(t));
        if (aim === undefined) return [];
        let z = zones.get(aim);
        if (!z) zones.set(aim, (z = casualtyOrder(s, rules, sec, beatenZoneAround(s, rules, fi, aim))));
        return z.filter((t) => !down.has(t));
      };
    }
    shooters.push({ fi, dice: w.dice, line });
    if (!need) {
      const first = s.figures[ts.find((t) => !special(t) && !already(t)) ?? ts.find((t) => !already(t)) ?? ts[0]];
      const col = columnFor(s, rules, first, f.cell);
      const nd = needFor(rules, cls, col, kind, distance(rules, g, f.cell, first.cell));
      need = `${nd.need}+ (${columnText(col, moveModeOf(first) !== null)}, ${nd.band})`;
    }
  }
  if (!firers) return null;
  const sorted = (xs: Iterable<number>) => [...xs].sort((x, y) => x - y).join(',');
  const keyOf = (b: Branch) => `${sorted(b.down)}|${pooled ? sorted(b.reach) : ''}|${b.line.join(',')}`;
  let branches = new Map<string, Branch>([['', { down: new Set(), reach: pooled ? start : new Set(), line: [], p: 1 }]]);
  const add = (into: Map<string, Branch>, b: Branch) => {
    if (b.p <= 0) return;
    const k = keyOf(b);
    const was = into.get(k);
    if (was) was.p += b.p;
    else into.set(k, b);
  };
  for (const sh of shooters) {
    // The line is fixed as the firer begins (resolveFire): with leader-last=section it joins the volley's reach.
    const begun = new Map<string, Branch>();
    for (const b of branches.values()) {
      const line = sh.line(b.down);
      add(begun, { down: b.down, reach: pooled ? new Set([...b.reach, ...line]) : b.reach, line, p: b.p });
    }
    branches = begun;
    for (let k = 0; k < sh.dice; k++) {
      const next = new Map<string, Branch>();
      for (const b of branches.values()) {
        const done = (t: number) => b.down.has(t) || already(t);
        const open = b.line.filter((t) => !done(t));
        if (!open.length) {
          add(next, b);
          continue;
        }
        const ordinary = open.filter((t) => !special(t));
        const t = (ordinary.length ? ordinary : open)[0];
        const p = chanceOf(sh.fi, t);
        add(next, { ...b, p: b.p * (1 - p) });
        const fell = (victim: number, q: number) => add(next, { ...b, down: new Set([...b.down, victim]), p: b.p * p * q });
        if (kind === 'suppressive') {
          fell(t, 1);
          continue;
        }
        const standIn = pooled ? standInFor(s, rules, sec, t, b.reach, done) : t;
        // Danger to leaders: the D10 for the leader (and with on-2ic the 2IC) the hit could fall on.
        let left = 1;
        if (s.options.danger !== 'off' && !special(standIn)) {
          const couldHit = pooled ? [...b.reach].filter((u) => !done(u)) : open;
          const x = s.sections[s.figures[standIn].section];
          for (const who_ of [x.leader, ...(s.options.danger === 'on-2ic' ? [x.second] : [])]) {
            if (!couldHit.includes(who_)) continue;
            fell(who_, left * d10);
            left *= 1 - d10;
          }
        }
        fell(standIn, left);
      }
      branches = next;
    }
  }
  let atMost = 0;
  let expected = 0;
  for (const b of branches.values()) {
    atMost = Math.max(atMost, b.down.size);
    expected += b.p * b.down.size;
  }
  return { firers, dice, inSight: seen.size, nearest, farthest, atMost, expected, need };
}

/**
 * Resolves the fire of section `sec` at section `targetSec`. Aimed hits make casualties; suppressive
 * hits turn the figure about (suppressed: it cannot carry out its order this turn).
 */
export function resolveFire(s: SaState, env: GameEnv, sec: number, targetSec: number, kind: FireKind): void {
  const rules = rulesOf(env);
  const g = gridFor(s, rules);
  const me = s.sections[sec];
  const them = s.sections[targetSec];
  const rows: string[][] = [];
  const verbose = env.verbose;
  const done = (t: number) =>
    kind === 'aimed' ? s.figures[t].status !== 'ready' : s.figures[t].suppressed || s.figures[t].status !== 'ready';
  const special = (t: number) => hitOnlyByD10(s, t);
  let hits = 0;
  s.stats.fires++;
  if (kind === 'aimed') {
    const face = fireFacing(s, rules, sec, targetSec);
    if (face !== me.facing) {
      me.facing = face;
      if (verbose)
        env.log({ kind: 'text', text: `The ${me.name} turns to face ${FACING_NAMES[face]}, toward the ${them.name}.`, side: me.side });
    }
  }
  // The target section in casualty order: where the firing section stands and the ground the targets
  // stand on do not change during the fire.
  const order = casualtyOrder(s, rules, sec, readyMembers(s, targetSec));
  const sight = new SightLines(rules, g);
  const firers = firersOf(s, sec, kind);
  // --option leader-last=section (Danger to Leaders: the leader the last one removed, read for the
  // section as a whole): the figures any firer of this volley can hit, among which a hit on the leader
  // (the 2IC) is moved to a man who ranks before him (`standInFor`). Aimed fire only: suppression
  // removes no one.
  const pooled = kind === 'aimed' && s.options.leaderLast === 'section';
  const reach = new Set<number>();
  // The Why words the rows use, for the key under the table.
  const tags = new Set<string>();
  // The firers the fire's option counted (previewFire: those with someone to fire at as the fire
  // begins): each is shown in the dice table, with its dice or why it rolled none.
  const promised = new Set<number>();
  if (pooled || verbose)
    for (const fi of firers) {
      const first = targetsFor(s, rules, fi, targetSec, kind, order, sight);
      if (first.length) promised.add(fi);
      if (pooled) for (const t of first) reach.add(t);
    }
  for (const fi of firers) {
    const f = s.figures[fi];
    const w = rules.weapons[f.weapon];
    const line = targetsFor(s, rules, fi, targetSec, kind, order, sight);
    // Every figure it could fire at fell (aimed fire) earlier in this fire: it rolls nothing.
    if (!line.length && verbose && promised.has(fi)) rows.push(notRolled(f.label, w, 0, kind));
    if (!line.length) continue;
    // An MMG whose aim figure fell earlier in the volley lays its zone anew: what it reaches now counts too.
    if (pooled) for (const t of line) reach.add(t);
    let row: string[] | null = null;
    for (let k = 0; k < w.dice; k++) {
      const open = line.filter((t) => !done(t));
      if (!open.length) {
        // Every die shown with its reason: the dice left have no one to fall on.
        if (verbose) rows.push(notRolled(f.label, w, k, kind));
        break;
      }
      // With danger to leaders on, a leader is hit only by the D10 (unless no one else is left).
      const ordinary = open.filter((t) => !special(t));
      const t = (ordinary.length ? ordinary : open)[0];
      const tf = s.figures[t];
      const col = columnFor(s, rules, tf, f.cell);
      const range = distance(rules, g, f.cell, tf.cell);
      const nd = needFor(rules, me.cls, col, kind, range);
      const moving = moveModeOf(tf) !== null;
      const why = verbose ? needWhy(me.cls, col, nd.band, range, moving) : '';
      // The die is thrown at t and needs t's number; with leader-last=section a hit on the leader (the
      // 2IC) falls on a man of his section the volley can hit, while one stands. The reason is written
      // before the roll, so it says where a hit would fall.
      const standIn = pooled ? standInFor(s, rules, sec, t, reach, done) : t;
      const stead = standIn === t ? '' : `in ${tf.label}'s stead (the ${rankName(s, t)} falls last)`;
      const reason = verbose
        ? `${kind === 'aimed' ? 'Aimed' : 'Suppressive'} fire, ${f.label} ${w.name}${w.dice > 1 ? ` die ${k + 1} of ${w.dice}` : ''} at ${tf.label}: needs ${nd.need}+ (${why})${stead ? `; a hit would fall on ${s.figures[standIn].label} ${stead}` : ''}`
        : 'fire';
      const roll = env.dice.roll(20, reason);
      let victim = t;
      let result = roll >= nd.need ? 'hit' : 'miss';
      if (roll >= nd.need) {
        hits++;
        if (kind === 'aimed') {
          // Danger to leaders: the D10 may put the hit on a leader this firer (leader-last=section: the volley) could hit.
          const couldHit = pooled ? [...reach].filter((u) => !done(u)) : open;
          const danger = dangerToLeaders(s, env, standIn, couldHit, special);
          victim = danger.victim;
          becomeCasualty(s, env, victim, `${kind} fire from ${f.label}`);
          // Why the hit fell where it did: on a man in the leader's stead, or on the leader by the D10.
          const note =
            danger.d10 !== null
              ? ` (danger to leaders: D${rules.dangerToLeaders.die} of ${danger.d10})`
              : victim === standIn && stead
                ? ` ${stead}`
                : '';
          result = `${s.figures[victim].label} down${note}`;
        } else {
          tf.suppressed = true;
          result = `${tf.label} suppressed`;
        }
      }
      if (verbose) {
        if (row && row[1] === tf.label && row[3] === `${nd.need}+`) {
          row[5] += ` ${roll}`;
          row[6] += `, ${result}`;
        } else {
          // The Why in a word or two (the key under the table says them in full); the band only for
          // aimed fire (suppressive fire has one number for all ranges).
          const tag = columnTag(col, moving);
          tags.add(tag);
          row = [
            `${f.label} ${w.name}`,
            tf.label,
            `${Math.round(range)}`,
            `${nd.need}+`,
            kind === 'aimed' ? `${tag}, ${nd.band}` : tag,
            String(roll),
            result,
          ];
          rows.push(row);
        }
      }
    }
  }
  if (verbose) {
    const title = `${kind === 'aimed' ? 'Aimed' : 'Suppressive'} fire: ${me.name} (class ${me.cls}) at ${them.name}: ${hits} ${kind === 'aimed' ? (hits === 1 ? 'hit' : 'hits') : 'suppressed'}`;
    const head = ['Firer', 'At', 'mm', 'Needs', 'Why', 'D20', 'Result'];
    env.log({ kind: 'table', title, head, rows, ...(tags.size ? { note: fireKey(rules, me.cls, kind, tags) } : {}) });
  }
}

/**
 * The dice table's row for a firer's dice from the `k`th on, not rolled: everyone it could fire at is
 * down (suppressed) already ("a4: no one left to hit in its sight"), so no die of it has a figure to
 * fall on (Firing: one D20 per firing figure, each at a figure it can see).
 */
function notRolled(label: string, w: WeaponDef, k: number, kind: FireKind): string[] {
  const left = w.dice === 1 ? 'not rolled' : `${k === w.dice - 1 ? `die ${w.dice}` : `dice ${k + 1}-${w.dice}`} not rolled`;
  const what = `${kind === 'aimed' ? 'to hit' : 'to suppress'} ${w.beatenZone ? 'in its beaten zone' : 'in its sight'}`;
  return [`${label} ${w.name}`, '-', '', '', '', '', `${left}: no one left ${what}`];
}
