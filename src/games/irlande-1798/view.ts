/**
 * What one side may see (rulebook 5): everything but the units stacked with Humbert, which the English
 * see only as "Humbert's stack" (with its number of counters under --option humbert-size=shown)
 * until a combat shows it. Views share the rules object (read-only) so render can draw the map.
 */
import { oddsSummary } from './combat.js';
import { hiddenFromEnglish, humbertHex, humbertSeenAt } from './hidden.js';
import { hexName, positionsOf, unitsIn } from './map.js';
import { vpDetail, type VpBreakdown } from './victory.js';
import type { Band, GeneralId, HexId, IrlRules, IrlState, Phase, Place, SideName, Stage, Stratagem, UnitId, UnitType } from './state.js';

export interface UnitView {
  id: UnitId;
  name: string;
  side: SideName;
  band: Band;
  type: UnitType;
  place: Place;
  hex: HexId | null;
  strength: number;
  routed: boolean;
}

export interface IrlView {
  viewer: SideName | 'all';
  /** The rules data (not enumerable: JSON of a view leaves it out). */
  rules: IrlRules;
  turn: number;
  phase: Phase;
  stage: Stage;
  over: boolean;
  winner: SideName | null;
  victory: IrlState['victory'];
  /** Units the viewer may see (those hidden with Humbert are left out). */
  units: UnitView[];
  generals: { id: GeneralId; place: Place; hex: HexId | null }[];
  /** Humbert's stack as the English see it while it is hidden: its hex and (option) its number of counters. */
  hiddenStack: { hex: HexId; atSea: boolean; counters: number | null } | null;
  control: Record<HexId, SideName>;
  vp: Record<SideName, VpBreakdown>;
  sligoFree: boolean;
  landed: boolean;
  stratagemThisTurn: Record<SideName, boolean>;
  spent: Stratagem[];
  /** The stack moving now: its path, and its units unless they are hidden. */
  moving: { path: HexId[]; units: UnitId[] | null } | null;
  combat: {
    target: HexId;
    attackerSide: SideName;
    attackers: UnitId[] | null;
    declared: boolean;
    /**
     * humbert-combat=hidden, for the French only: the odds of a combat of Humbert's hidden stack, which
     * the public log leaves out (before the die the odds and modifiers, after it the column and the die).
     */
    hiddenOdds?: string;
  } | null;
  poolLeft: number;
}

/** The odds of a hidden stack's combat as the French may know them (rules/irlande-1798.md, "Humbert's stack in combat"). */
function hiddenOdds(s: IrlState, rules: IrlRules): string {
  const c = s.combat!;
  const where = `Combat at ${hexName(rules, c.target)}`;
  if (!c.result) return `${where}: ${oddsSummary(s, rules, c, 'French')}`;
  return `${where}: column ${c.result.column}, modified die ${c.result.die}, result ${c.result.attacker}/${c.result.defender}`;
}

/**
 * Humbert's hex on the English map: where they see him (humbertSeenAt), or none while an English unit
 * stands there, in a combat of his hidden stack that took all his units from it (he went with them,
 * where is not shown until it ends: rules/irlande-1798.md, "Humbert going with his units unseen").
 */
function humbertShownAt(s: IrlState, rules: IrlRules, seen: HexId | null): HexId | null {
  if (!seen || seen === humbertHex(s)) return seen;
  return unitsIn(positionsOf(s, rules), rules, seen, 'English').length ? null : seen;
}

export function makeView(s: IrlState, viewer: SideName | 'all', rules: IrlRules): IrlView {
  const hides = (u: UnitId) => viewer === 'English' && hiddenFromEnglish(s, rules, u);
  // The English see Humbert where a combat of his hidden stack found him until it ends (humbertSeenAt).
  const hh = viewer === 'English' ? humbertSeenAt(s) : humbertHex(s);
  const atSea = s.generals.humbert.place === 'sea';
  const units: UnitView[] = [];
  let hiddenCount = 0;
  for (const d of rules.units) {
    const st = s.units[d.id];
    if (hides(d.id)) {
      // Only the counters in Humbert's hex make his stack: a unit of the stack a hidden combat took
      // elsewhere stays off the English map until the combat ends (rules/irlande-1798.md, "Humbert's stack in combat").
      if (atSea ? st.place === 'sea' : st.place === 'map' && st.hex === hh) hiddenCount++;
      continue;
    }
    units.push({
      id: d.id,
      name: d.name,
      side: d.side,
      band: d.band,
      type: d.type,
      place: st.place,
      hex: st.hex,
      strength: st.strength,
      routed: st.routed,
    });
  }
  const hiddenStack =
    viewer === 'English' && hh && hiddenCount > 0
      ? { hex: hh, atSea, counters: s.options.humbertSize === 'shown' ? hiddenCount : null }
      : null;
  const g = s.group;
  const moving = g ? { path: g.path.slice(), units: g.units.some(hides) ? null : g.units.slice() } : null;
  const c = s.combat;
  const v: Omit<IrlView, 'rules'> = {
    viewer,
    turn: s.turn,
    phase: s.phase,
    stage: s.stage,
    over: s.over,
    winner: s.winner,
    victory: s.victory,
    units,
    generals: rules.generals.map((x) => ({
      id: x.id,
      place: s.generals[x.id].place,
      hex:
        x.id === 'humbert' && viewer === 'English' && s.generals.humbert.place === 'map'
          ? humbertShownAt(s, rules, hh)
          : s.generals[x.id].hex,
    })),
    hiddenStack,
    control: { ...s.control },
    vp: vpDetail(s, rules),
    sligoFree: s.sligoFree,
    landed: s.landed,
    stratagemThisTurn: { ...s.stratagemThisTurn },
    spent: s.spent.slice(),
    moving,
    combat: c
      ? {
          target: c.target,
          attackerSide: c.attackerSide,
          attackers: c.attackers.some(hides) ? null : c.attackers.slice(),
          declared: c.declared,
          ...(viewer !== 'English' && c.humbertStack && c.declared ? { hiddenOdds: hiddenOdds(s, rules) } : {}),
        }
      : null,
    poolLeft: rules.setup.unitsInPool.filter((u) => s.units[u].place === 'pool').length,
  };
  // The rules ride along for render and the bots, but stay out of JSON (replay --json prints views).
  Object.defineProperty(v, 'rules', { value: rules, enumerable: false });
  return v as IrlView;
}
