/**
 * Artillery in combat (rulebook 11.2): the English guns bombard one unit of the enemy stack before the
 * die of the combat, a second one if the first routs. With humbert-combat=hidden the English cannot
 * tell the units of Humbert's stack apart, and the unit hit is drawn blind.
 */
import type { GameEnv } from '../../engine/module.js';
import { logText } from './flow.js';
import { hiddenFromEnglish, publicName } from './hidden.js';
import { loseStep } from './losses.js';
import { terrainOf } from './map.js';
import { BOMBARDMENT_EFFECT } from './stratagems.js';
import type { IrlRules, IrlState, Task, UnitId } from './state.js';

/**
 * The unit of Humbert's hidden stack the artillery hits (rules/irlande-1798.md, "Humbert's stack in
 * combat"): drawn at random by a shuffle, whose result the log does not show (a die read against the
 * counter order would tell an English player who knows the stack's make-up which unit was hit).
 */
export function blindTarget(s: IrlState, rules: IrlRules, env: GameEnv): UnitId {
  const c = s.combat!;
  const targets = (c.attackerSide === 'English' ? c.defenders : c.attackers).filter(
    (u) => s.units[u].place === 'map' && !s.units[u].routed && hiddenFromEnglish(s, rules, u),
  );
  if (targets.length === 1) return targets[0];
  return env.dice.shuffle(targets, "Artillery: the unit of Humbert's stack hit, drawn blind (rule 5)", 'counters')[0];
}

/** The `why` of the retreat and morale tasks a bombardment leaves (in the state: never reworded). */
export const BOMBARDMENT_WHY = 'Bombardment';

/** 11.2 Artillery: one bombardment of `u`. */
export function bombard(s: IrlState, rules: IrlRules, u: UnitId, round: number, env: GameEnv): void {
  const c = s.combat!;
  c.bombardTarget = u;
  s.stats.bombardments++;
  const name = publicName(s, rules, u);
  const roll = env.dice.roll(6, `Artillery bombardment of ${name}`);
  const terr = terrainOf(rules, s.units[u].hex!);
  const mod = terr === 'town' || terr === 'village' ? rules.bombardment.townOrVillageModifier : 0;
  const total = roll + mod;
  const effect = rules.bombardment.results.find((r) => total >= r.min && total <= r.max)!.effect;
  logText(
    env,
    `Bombardment of ${name}: die ${roll}${mod ? ` ${mod} (${terr})` : ''} = ${total}: ${BOMBARDMENT_EFFECT[effect]}.`,
    'combat',
    'English',
  );
  if (effect === 'none') return;
  const next: Task[] = [];
  if (effect === 'retreat-step-morale' && loseStep(s, rules, u, env)) return;
  next.push({ kind: 'retreat', unit: u, why: BOMBARDMENT_WHY });
  if (effect !== 'retreat') next.push({ kind: 'morale', units: [u], why: BOMBARDMENT_WHY });
  // If it routs, the English may bombard a second target (asked only then).
  if (effect !== 'retreat' && round === 1) next.push({ kind: 'bombard', round: 2 });
  // Out of the combat once driven off.
  c.attackers = c.attackers.filter((x) => x !== u);
  c.defenders = c.defenders.filter((x) => x !== u);
  s.tasks.unshift(...next);
}
