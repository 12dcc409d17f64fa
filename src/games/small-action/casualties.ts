/**
 * Who a hit falls on (rulebook: Hitting Specific Figures, Danger to Leaders): the target section's
 * figures in casualty order (out of cover first, then nearest the firers, the leader last and the 2IC
 * next to last), the stand-in for a leader under --option leader-last=section, and the D10 of danger
 * to leaders.
 */
import type { GameEnv } from '../../engine/module.js';
import { dist2 } from './geometry.js';
import { cellCover, gridFor, rulesOf, who } from './section.js';
import type { SaRules, SaState } from './types.js';

/**
 * Where a figure comes in its section's casualty order by rank (rulebook: Danger to Leaders): 2 the
 * leader, 1 the 2IC, 0 the others. Danger to leaders off: the leader is always removed last (and the
 * 2IC just before him). On, the leader (and with on-2ic the 2IC) is hit only by the D10, and otherwise
 * comes last too; with "on" the 2IC is one of the men.
 */
export function leaderRank(s: SaState, t: number): number {
  const x = s.sections[s.figures[t].section];
  if (t === x.leader) return 2;
  return t === x.second && s.options.danger !== 'on' ? 1 : 0;
}

/** Figures of the target section in casualty order for fire from section `sec` (rulebook: Hitting Specific Figures). */
export function casualtyOrder(s: SaState, rules: SaRules, sec: number, pool: number[]): number[] {
  const g = gridFor(s, rules);
  const shooters = s.sections[sec].members.filter((i) => s.figures[i].status === 'ready');
  const near = (t: number) => {
    let m = Infinity;
    for (const i of shooters) m = Math.min(m, dist2(g, s.figures[i].cell, s.figures[t].cell));
    return m;
  };
  const key = pool.map((t) => ({
    t,
    cover: cellCover(s, rules, s.figures[t].cell) === 'none' ? 0 : 1,
    near: near(t),
    rank: leaderRank(s, t),
  }));
  key.sort((a, b) => a.rank - b.rank || a.cover - b.cover || a.near - b.near || a.t - b.t);
  return key.map((k) => k.t);
}

/**
 * With --option leader-last=section, the figure a hit on `t` falls on (rulebook: Danger to Leaders,
 * the leader "the last one removed"; Hitting Specific Figures, hits are taken from the section): a
 * leader (2IC) is hit only when no figure of his section that ranks before him stands among `reach`,
 * the figures any firer of the volley can hit; else the first such figure in casualty order is.
 * Figures no firer can reach do not shield him: a volley cannot remove a man it cannot hit.
 */
export function standInFor(s: SaState, rules: SaRules, sec: number, t: number, reach: Set<number>, down: (t: number) => boolean): number {
  const rank = leaderRank(s, t);
  if (rank === 0) return t;
  const section = s.figures[t].section;
  const before = [...reach].filter((u) => !down(u) && s.figures[u].section === section && leaderRank(s, u) < rank);
  return before.length ? casualtyOrder(s, rules, sec, before)[0] : t;
}

/** "leader" or "2IC", for the dice table. */
export function rankName(s: SaState, t: number): string {
  return leaderRank(s, t) === 2 ? 'leader' : '2IC';
}

/**
 * Danger to leaders (rulebook: Danger to Leaders, the second method): after a hit is determined, a
 * separate D10; a 10 means the section leader is hit instead (with "on-2ic", then a D10 for the 2IC).
 * Returns the figure hit, and the D10 that moved the hit to him (null when none did).
 */
export function dangerToLeaders(
  s: SaState,
  env: GameEnv,
  t: number,
  open: number[],
  special: (t: number) => boolean,
): { victim: number; d10: number | null } {
  if (s.options.danger === 'off' || special(t)) return { victim: t, d10: null };
  const rules = rulesOf(env);
  const x = s.sections[s.figures[t].section];
  const d = rules.dangerToLeaders;
  const on = `on a ${d.leaderHitOn}${d.leaderHitOn < d.die ? ' or more' : ''}`;
  for (const who_ of [x.leader, ...(s.options.danger === 'on-2ic' ? [x.second] : [])]) {
    if (!open.includes(who_)) continue;
    const title = who_ === x.leader ? 'leader' : '2IC';
    const r = env.dice.roll(
      d.die,
      env.verbose ? `Danger to leaders: is the ${x.name}'s ${title} ${who(s.figures[who_])} hit? (${on})` : 'danger',
    );
    if (r >= d.leaderHitOn) return { victim: who_, d10: r };
  }
  return { victim: t, d10: null };
}
