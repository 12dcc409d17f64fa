/**
 * Stratagems (rulebook 11): each side one a turn. French: bayonet charge, French officers (once),
 * forced march (once); English: cavalry charge, artillery (abandoned when the English of its combat
 * are forced to retreat, that is when they lose it).
 */
import type { GameEnv } from '../../engine/module.js';
import { logText } from './flow.js';
import { adjacentEnemy, isFrenchBand, isUnitedIrishmen, positionsOf, terrainOf, type Positions } from './map.js';
import type { CombatState, IrlRules, IrlState, SideName, Stratagem, UnitId } from './state.js';

export const STRATAGEM_NAME: Record<Stratagem, string> = {
  bayonet: 'Bayonet charge',
  officers: 'French officers',
  'forced-march': 'Forced march',
  'cavalry-charge': 'Cavalry charge',
  artillery: 'Artillery',
};

/** 11.2 Artillery: the effect of a bombardment, in the players' words. */
export const BOMBARDMENT_EFFECT: Record<IrlRules['bombardment']['results'][number]['effect'], string> = {
  none: 'no effect',
  retreat: 'the target retreats one hex',
  'retreat-morale': 'the target retreats one hex and checks its morale',
  'retreat-step-morale': 'the target retreats one hex, loses a step and checks its morale',
};

const freeThisTurn = (s: IrlState, side: SideName) => !s.stratagemThisTurn[side];

/** 11.1 Bayonet charge: a French attack with at least one 70e infantry unit. */
export function bayonetAllowed(s: IrlState, rules: IrlRules, c: CombatState): boolean {
  return (
    c.attackerSide === 'French' &&
    freeThisTurn(s, 'French') &&
    c.attackers.some((u) => rules.index.unit[u].demiBrigade70 && rules.index.unit[u].type === 'infantry')
  );
}

/** 11.1 Bayonet charge: two columns for the 70e/Grenadiers alone, else one. */
export function bayonetShift(c: CombatState): number {
  return c.attackers.length === 1 && c.attackers[0] === '70e-g' ? 2 : 1;
}

/** 11.1 French officers, attacking: only United Irishmen attack. */
export function officersAttackAllowed(s: IrlState, rules: IrlRules, c: CombatState): boolean {
  return (
    c.attackerSide === 'French' &&
    freeThisTurn(s, 'French') &&
    !s.spent.includes('officers') &&
    c.attackers.length > 0 &&
    c.attackers.every((u) => isUnitedIrishmen(rules, u))
  );
}

/** 11.1 French officers, defending: the English attack United Irishmen not stacked with a French unit. */
export function officersDefenceAllowed(s: IrlState, rules: IrlRules, c: CombatState): boolean {
  return (
    c.attackerSide === 'English' &&
    freeThisTurn(s, 'French') &&
    !s.spent.includes('officers') &&
    c.defenders.some((u) => isUnitedIrishmen(rules, u)) &&
    !c.defenders.some((u) => isFrenchBand(rules, u))
  );
}

/** Cavalry strength points among the attackers. */
export function cavalrySP(s: IrlState, rules: IrlRules, units: UnitId[]): number {
  return units.filter((u) => rules.index.unit[u].type === 'cavalry').reduce((t, u) => t + s.units[u].strength, 0);
}

/** 11.2 Cavalry charge: an English attack with 2+ SP of cavalry against a defender in clear terrain (no village or town). */
export function cavalryChargeAllowed(s: IrlState, rules: IrlRules, c: CombatState): boolean {
  return (
    c.attackerSide === 'English' &&
    freeThisTurn(s, 'English') &&
    cavalrySP(s, rules, c.attackers) >= 2 &&
    terrainOf(rules, c.target) === 'clear'
  );
}

/** 11.2 Artillery: once a turn, Lake with one of the English units of the combat, attacking or defending; not once abandoned. */
export function artilleryAllowed(s: IrlState, rules: IrlRules, c: CombatState, asAttacker: boolean): boolean {
  if (!freeThisTurn(s, 'English') || s.spent.includes('artillery') || s.generals.lake.place !== 'map') return false;
  const lakeHex = s.generals.lake.hex!;
  if (asAttacker) return c.attackerSide === 'English' && c.attackers.some((u) => s.units[u].hex === lakeHex);
  return c.attackerSide === 'French' && c.target === lakeHex;
}

export function useStratagem(s: IrlState, side: SideName, st: Stratagem, env: GameEnv): void {
  s.stratagemThisTurn[side] = true;
  if (st === 'officers' || st === 'forced-march') s.spent.push(st);
  logText(env, `${side} stratagem: ${STRATAGEM_NAME[st]}.`, 'event', side);
}

/** 11.1 Forced march: French units that began the turn with Humbert, have moved, and did not end next to an enemy unit. */
export function forcedMarchEligible(s: IrlState, rules: IrlRules, at: Positions): UnitId[] {
  if (s.phase !== 'B' || !freeThisTurn(s, 'French') || s.spent.includes('forced-march') || s.group) return [];
  return s.withHumbertAtStart.filter((u) => {
    const st = s.units[u];
    return st.place === 'map' && !st.routed && s.moved.includes(u) && !adjacentEnemy(at, rules, st.hex!, 'French');
  });
}

export function useForcedMarch(s: IrlState, rules: IrlRules, env: GameEnv): void {
  const eligible = forcedMarchEligible(s, rules, positionsOf(s, rules));
  useStratagem(s, 'French', 'forced-march', env);
  s.moved = s.moved.filter((u) => !eligible.includes(u));
  s.forcedMarch = eligible;
  logText(env, 'The units that began the turn with Humbert and have moved may move a second time.', 'event', 'French');
}
