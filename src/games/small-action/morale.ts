/**
 * Morale (our house rule, small-action-notes.md: the rulebook lists a Morale phase but gives no
 * text; `--option morale=off` plays the printed rules). A section that took casualties this turn,
 * or lost its leader, tests: D20 at or under 14 (class A), 12 (B), 10 (C), one less per casualty
 * this turn. A fail forces its order next turn: Full Cover; or, at half strength (5 figures) or
 * less, a March Move back toward its own table edge. A section that has lost leader and 2IC "must
 * remain where it is for the remainder of the game" (Danger to Leaders): it goes to ground instead.
 */
import type { GameEnv } from '../../engine/module.js';
import { isPinned, readyMembers, rulesOf } from './section.js';
import type { SaState } from './types.js';

/** The number a section must roll at or under (before casualties are counted: the class number). */
export function moraleTarget(s: SaState, env: GameEnv, sec: number): number {
  const m = rulesOf(env).morale;
  const x = s.sections[sec];
  return m.target[x.cls] + m.perCasualty * x.casualtiesThisTurn;
}

export function moralePhase(s: SaState, env: GameEnv): void {
  if (!s.options.morale) return;
  const m = rulesOf(env).morale;
  let headed = false;
  s.sections.forEach((x, sec) => {
    if (x.casualtiesThisTurn === 0 && !x.leaderLostThisTurn) return;
    const left = readyMembers(s, sec).length;
    if (left === 0) return;
    if (env.verbose && !headed) env.log({ kind: 'text', text: `Turn ${s.turn}: Morale (house rule)`, tone: 'phase' });
    headed = true;
    const target = moraleTarget(s, env, sec);
    const why = `${x.casualtiesThisTurn} casualt${x.casualtiesThisTurn === 1 ? 'y' : 'ies'}${x.leaderLostThisTurn ? ', leader lost' : ''}`;
    const roll = env.dice.roll(
      20,
      env.verbose ? `Morale test (house rule), ${x.name}: ${target} or less (class ${x.cls} ${m.target[x.cls]}, ${why})` : 'morale',
    );
    if (roll <= target) {
      if (env.verbose)
        env.log({ kind: 'text', text: `${x.name} passes its morale test (${roll} against ${target}).`, tone: 'good', side: x.side });
      return;
    }
    s.stats.moraleFails++;
    // Danger to Leaders: with leader and 2IC gone the section stays where it is, so it cannot fall back.
    const pinned = isPinned(s, sec);
    if (left <= m.halfStrength && !pinned) {
      x.forced = { kind: 'march' };
      x.fallBack = true;
      x.forcedWhy = 'morale failed at half strength: falling back';
    } else {
      x.forced = { kind: 'full-cover' };
      x.forcedWhy =
        left <= m.halfStrength
          ? 'morale failed at half strength: going to ground (no leader or 2IC to fall back)'
          : 'morale failed: going to ground';
    }
    if (env.verbose) {
      env.log({
        kind: 'text',
        text: `${x.name} fails its morale test (${roll} against ${target}): next turn ${x.fallBack ? 'it falls back toward its own table edge (March Move)' : 'its order is Full Cover'}.`,
        tone: 'bad',
        side: x.side,
      });
    }
  });
}
