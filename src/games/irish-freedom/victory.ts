/** Treaty Sequence victory points and Ending the Game. */
import type { Outcome, TurnMark, VictoryLevel } from '../../engine/module.js';
import { isBritish, mapArg, points, strengthIn, type MapIndex } from './map.js';
import type { IFRules, IFState, Level, RegionKey, TurnPoints } from './state.js';

const byTurn = (table: TurnPoints[], turn: number): number => table.find((t) => t.turns.includes(turn))?.points ?? 0;
export const levelFor = (levels: Level[], points: number): string =>
  [...levels].sort((a, b) => b.min - a.min).find((l) => points >= l.min)?.name ?? levels[levels.length - 1].name;

/** Strength of Irish and British forces in Ulster, each in its Area's terrain. */
export function ulsterStrengths(s: IFState, m: MapIndex): { irish: number; british: number } {
  let irish = 0,
    british = 0;
  for (const u of s.units) {
    if (m.regionOf.get(u.area) !== 'ulster') continue;
    const v = strengthIn(m, u.type, u.area);
    if (isBritish(u.colour)) british += v;
    else irish += v;
  }
  return { irish, british };
}

/** Treaty Sequence: points by turn, plus 1 "if there are more strength points of Irish forces in Ulster". */
export function treatyPoints(
  s: IFState,
  m: MapIndex,
  turn: number,
): { turnPoints: number; ulsterBonus: boolean; total: number; level: string } {
  const turnPoints = byTurn(m.rules.treatyPoints, turn);
  const st = ulsterStrengths(s, m);
  const ulsterBonus = st.irish > st.british;
  const total = turnPoints + (ulsterBonus ? m.rules.ulsterBonus.points : 0);
  return { turnPoints, ulsterBonus, total, level: levelFor(m.rules.treatyLevels, total) };
}

/** Ending the Game: surrender points by turn plus 1 per Region "with no units in it other than blue units". */
export function civilWarPoints(s: IFState, m: MapIndex): { surrenderPoints: number; regions: number; total: number } {
  const surrenderPoints = s.surrenderTurn === null ? 0 : byTurn(m.rules.surrenderPoints, s.surrenderTurn);
  const dirty = new Set<RegionKey>();
  for (const u of s.units) if (u.colour !== 'blue') dirty.add(m.regionOf.get(u.area)!);
  const regions = m.rules.regions.length - dirty.size;
  return { surrenderPoints, regions, total: surrenderPoints + regions * m.rules.blueRegionPoints.points };
}

/** The Regions with no units other than blue (empty ones included), in Region order. */
export function blueRegions(s: IFState, m: MapIndex): RegionKey[] {
  const dirty = new Set<RegionKey>();
  for (const u of s.units) if (u.colour !== 'blue') dirty.add(m.regionOf.get(u.area)!);
  return m.regionKeys.filter((r) => !dirty.has(r));
}

/** "surrender on turn 7: 0 + Regions with only blue units: 4 (Dublin, Midlands, Cork, Kerry) = 4". */
export function civilWarBreakdown(s: IFState, m: MapIndex): { text: string; total: number } {
  const cw = civilWarPoints(s, m);
  const regions = blueRegions(s, m);
  const per = m.rules.blueRegionPoints.points;
  const names = regions.length ? ` (${regions.map((r) => m.regionName.get(r)).join(', ')})` : '';
  const text = `surrender on turn ${s.surrenderTurn}: ${cw.surrenderPoints} + Regions with only blue units: ${cw.regions}${per !== 1 ? ` x ${per}` : ''}${names} = ${cw.total}`;
  return { text, total: cw.total };
}

/**
 * Turns played, summed over both wars where there are two (the `turns` figure of `simulate`): the turn marker
 * stands one past the last turn played when the game ends at the end of turn 10 ("beyond turn 10"); the War of
 * Independence counts to the Treaty turn, the Civil War from its turn 1 (none while it is being set up).
 */
export function turnsPlayed(s: IFState, m: MapIndex): number {
  const last = m.rules.lastTurn.turn;
  const now = s.turn > last ? last : s.turn;
  if (s.war === 'independence') return now;
  const civil = s.phase === 'treaty-setup' ? 0 : now;
  return (s.treatyTurn ?? 0) + civil;
}

/**
 * The turn as the turn track shows it, in its war (`replay --step`'s `t N`): each war counts its
 * turns from 1; between the wars (the Treaty, the Civil War set-up) the marker still stands at the
 * Treaty's turn of the War of Independence.
 */
export function turnMark(s: IFState, rules: IFRules): TurnMark {
  const last = rules.lastTurn.turn;
  const now = Math.min(s.turn, last);
  if (s.war === 'independence' || s.phase === 'treaty' || s.phase === 'treaty-setup')
    return { turn: s.war === 'independence' ? now : (s.treatyTurn ?? now), part: { key: 'woi', name: 'War of Independence' } };
  return { turn: now, part: { key: 'cw', name: 'Civil War' } };
}

/** The levels of a game lost on the turn track (Ending the Game): the result's words and simulate's. */
const BRITISH_VICTORY = 'British victory';
const REPUBLICAN_VICTORY = 'Republican victory (British intervention)';

/**
 * The victory levels in the rulebook's order, best first, by the war a game ends in: the Treaty's
 * levels (Treaty Sequence) and the British victory end the War of Independence (a campaign stopped at
 * the Treaty, or war=independence); the final levels (Ending the Game) and the Republican victory
 * end the Civil War. Their points are not on one scale, so `simulate` keeps the wars apart.
 */
export function victoryLevels(rules: IFRules): VictoryLevel[] {
  const best = (levels: Level[]) => [...levels].sort((a, b) => b.min - a.min).map((l) => l.name);
  const woi = 'War of Independence';
  const cw = 'Civil War';
  return [
    ...best(rules.treatyLevels).map((name) => ({ name, group: woi })),
    { name: BRITISH_VICTORY, group: woi },
    ...best(rules.finalLevels).map((name) => ({ name, group: cw })),
    { name: REPUBLICAN_VICTORY, group: cw },
  ];
}

export function result(s: IFState, rules?: IFRules): Outcome {
  const m = mapArg(rules, 'result');
  const details = {
    war: s.options.war,
    treatyTurn: s.treatyTurn,
    surrenderTurn: s.surrenderTurn,
    woiPoints: s.woiPoints,
    cwPoints: s.cwPoints,
    ulsterBonus: s.ulsterBonus,
    britishEliminated: s.britishEliminated,
    end: s.over,
  };
  const base = { turns: turnsPlayed(s, m), details };
  switch (s.over) {
    case null:
      return {
        finished: false,
        summary: `In progress: ${s.war === 'independence' ? 'War of Independence' : 'Civil War'}, turn ${s.turn}.`,
        ...base,
      };
    case 'british-victory':
      return {
        finished: true,
        winner: null,
        level: BRITISH_VICTORY,
        points: 0,
        summary: 'No Treaty by the end of turn 10: a British victory, you have lost (badly).',
        ...base,
      };
    case 'republican-victory':
      return {
        finished: true,
        winner: null,
        level: REPUBLICAN_VICTORY,
        points: s.woiPoints ?? 0,
        summary:
          'No Republican surrender by the end of turn 10: a Republican victory and British intervention; you have lost (extremely badly).',
        ...base,
      };
    case 'treaty-stop':
    case 'treaty-independence': {
      const level = levelFor(m.rules.treatyLevels, s.woiPoints ?? 0);
      return {
        finished: true,
        winner: 'Irish',
        level,
        points: s.woiPoints ?? 0,
        summary: `The Treaty on turn ${s.treatyTurn}: ${level} with ${points(s.woiPoints ?? 0, 'victory point')}${s.ulsterBonus ? ' (Ulster bonus included)' : ''}.`,
        ...base,
      };
    }
    case 'surrender': {
      const total = (s.woiPoints ?? 0) + (s.cwPoints ?? 0);
      const level = levelFor(m.rules.finalLevels, total);
      // The Civil War points broken down (the state is the one the surrender check scored)
      const cw = civilWarBreakdown(s, m);
      const cwText = cw.total === s.cwPoints ? `${s.cwPoints} (${cw.text})` : `${s.cwPoints}`;
      return {
        finished: true,
        winner: 'Irish',
        level,
        points: total,
        summary: `The Republicans surrendered on turn ${s.surrenderTurn}: ${level} with ${points(total)} = War of Independence ${s.woiPoints ?? 0} + Civil War ${cwText}.`,
        ...base,
      };
    }
  }
}
