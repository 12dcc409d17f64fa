/**
 * Movement (rulebook 7): a unit or stack moves hex by hex ("move <unit>", "with <unit>", "to <hex>",
 * "drop <unit>", "stop"); terrain costs, the road rate when the whole move follows roads, the
 * always-one-hex rule, no entry into enemy hexes, stacking at all times, generals riding along.
 * The end of each movement phase checks surrenders (rulebook 9.2).
 */
import type { GameEnv } from '../../engine/module.js';
import { enterHex } from './control.js';
import { logText, opt, phaseLabel, Question, registerPhase, registerStage, startTasks, type Ask } from './flow.js';
import { humbertHex, humbertStack } from './hidden.js';
import {
  adjacentGoodOrderEnemy,
  generalsIn,
  hexName,
  hexSide,
  namedHex,
  namedUnit,
  positionsOf,
  rulesOf,
  sidesOf,
  terrainOf,
  unitData,
  unitsIn,
  type Positions,
} from './map.js';
import { commands, mayStand } from './stacking.js';
import { movingSide, problemAcross, spentAfter } from './move-points.js';
import { destinations } from './routes.js';
import { eliminate } from './losses.js';
import { forcedMarchEligible, useForcedMarch } from './stratagems.js';
import type { GeneralId, HexId, IrlRules, IrlState, MovingGroup, SideName, UnitId } from './state.js';

/** Whether a hex has a road (a unit starting there may use the road rate, rulebook 7). */
function hasRoad(rules: IrlRules, h: HexId): boolean {
  return rules.index.onRoad[h] === true;
}

/** One step of the moving group into `to`: positions, movement points, control of the hex entered. */
function step(s: IrlState, rules: IrlRules, g: MovingGroup, to: HexId, env: GameEnv): void {
  const across = hexSide(rules, g.path[g.path.length - 1], to)!;
  for (const u of g.units) {
    g.spent[u] = spentAfter(rules, unitData(rules, u), g.spent[u], across)!;
    s.units[u].hex = to;
  }
  for (const gen of g.generals) s.generals[gen].hex = to;
  g.path.push(to);
  enterHex(s, rules, to, movingSide(s), g.units, env, g.notes);
}

/** Units of `side` that may begin a move now (in `inHex` only, when given); `at`: who stands where. */
export function movableUnits(s: IrlState, rules: IrlRules, side: SideName, at: Positions, inHex?: HexId): UnitId[] {
  // The side's units in the rules' counter order; in `inHex`, those who stand there.
  const candidates = inHex ? unitsIn(at, rules, inHex, side) : rules.units.filter((u) => u.side === side).map((u) => u.id);
  return candidates.filter((u) => {
    const st = s.units[u];
    if (st.place !== 'map' || st.routed || s.moved.includes(u) || s.landedThisTurn.includes(u)) return false;
    if (u === rules.rout.sligoGarrison && !s.sligoFree) return false; // rule 12.2
    // Alone, or with the generals of its hex riding along (they lift the stacking limit).
    // stepProblem checks the terrain and the enemy too.
    const next = sidesOf(rules, rules.index.hexNumber[st.hex!]);
    const alone = newGroup(s, rules, [u], []);
    if (next.some((across) => problemAcross(s, rules, alone, across, at) === null)) return true;
    const gens = generalsIn(at, rules, st.hex!, side).filter((gen) => commands(rules, gen, u));
    if (!gens.length) return false;
    const led = newGroup(s, rules, [u], gens);
    return next.some((across) => problemAcross(s, rules, led, across, at) === null);
  });
}

function newGroup(s: IrlState, rules: IrlRules, units: UnitId[], generals: GeneralId[]): MovingGroup {
  const from = s.units[units[0]].hex!;
  const spent: MovingGroup['spent'] = {};
  for (const u of units) spent[u] = { normal: 0, road: hasRoad(rules, from), steps: 0, exhausted: false };
  return { units, generals, from, path: [from], spent, notes: [] };
}

/** A general who would be left in the start hex without a unit of his command: he must ride along. */
function leavingNeedsGeneral(s: IrlState, rules: IrlRules, g: MovingGroup, at: Positions): GeneralId | null {
  if (g.path.length > 1) return null;
  const stay = unitsIn(at, rules, g.from).filter((u) => !g.units.includes(u));
  for (const gen of generalsIn(at, rules, g.from)) {
    if (g.generals.includes(gen)) continue;
    if (!stay.some((u) => commands(rules, gen, u))) return gen;
  }
  return null;
}

/** Units and generals that may join the group before its first step. */
function joiners(s: IrlState, rules: IrlRules, g: MovingGroup, at: Positions): { units: UnitId[]; generals: GeneralId[] } {
  if (g.path.length > 1) return { units: [], generals: [] };
  const side = unitData(rules, g.units[0]).side;
  const units = movableUnits(s, rules, side, at, g.from)
    .filter((u) => !g.units.includes(u))
    .filter((u) => !(g.generals.includes('humbert') && !commands(rules, 'humbert', u)));
  const generals = generalsIn(at, rules, g.from, side)
    .filter((gen) => !g.generals.includes(gen) && g.units.some((u) => commands(rules, gen, u)))
    .filter((gen) => !(gen === 'humbert' && g.units.some((u) => !commands(rules, 'humbert', u))));
  return { units, generals };
}

const unitLabel = (s: IrlState, rules: IrlRules, u: UnitId) => {
  const d = unitData(rules, u);
  return `${d.name} (${d.type}, ${s.units[u].strength} SP, ${d.mp} MP)`;
};

function moveAsk(s: IrlState, rules: IrlRules, at: Positions): Ask {
  const side = movingSide(s);
  const options = movableUnits(s, rules, side, at).map((u) =>
    opt(`move ${u}`, () => `Move ${unitLabel(s, rules, u)} from ${hexName(rules, s.units[u].hex!)}`),
  );
  if (side === 'French' && forcedMarchEligible(s, rules, at).length) {
    options.push(
      opt(
        'stratagem forced-march',
        () =>
          `Stratagem: forced march (once a game): ${forcedMarchEligible(s, rules, at)
            .map((u) => unitData(rules, u).name)
            .join(', ')} move a second time (Humbert may go with them, as with any move)`,
      ),
    );
  }
  options.push(opt('end movement', 'End the movement phase'));
  return { side, phase: phaseLabel(s), prompt: `${side} movement: move a unit or stack, or end the phase.`, options };
}

const groupName = (rules: IrlRules, g: Pick<MovingGroup, 'units' | 'generals'>) =>
  g.units
    .map((u) => unitData(rules, u).name)
    .concat(g.generals.map((x) => rules.index.general[x].name))
    .join(', ');

function movingAsk(s: IrlState, rules: IrlRules, at: Positions): Ask {
  const g = s.group!;
  const side = movingSide(s);
  const here = g.path[g.path.length - 1];
  if (g.routes?.length) {
    // The destination list only, once the player asked for it (undo goes back to the steps: no die has been rolled).
    return {
      side,
      phase: phaseLabel(s),
      prompt: `Moving ${groupName(rules, g)} from ${hexName(rules, here)}: choose a destination (and its route).`,
      options: g.routes.map((d) => opt(d.id, d.label)),
    };
  }
  const options = [];
  const j = joiners(s, rules, g, at);
  if (j.units.length + j.generals.length >= 2)
    options.push(
      opt(
        'with all',
        () =>
          `Take along everyone who can come: ${[...j.generals.map((x) => rules.index.general[x].name), ...j.units.map((u) => unitData(rules, u).name)].join(', ')}`,
      ),
    );
  for (const gen of j.generals) options.push(opt(`with ${gen}`, () => `Take ${rules.index.general[gen].name} along`));
  for (const u of j.units) options.push(opt(`with ${u}`, () => `Take ${unitLabel(s, rules, u)} along`));
  const mustTake = leavingNeedsGeneral(s, rules, g, at);
  if (!mustTake) {
    for (const across of sidesOf(rules, rules.index.hexNumber[here])) {
      if (problemAcross(s, rules, g, across, at) !== null) continue;
      const n = across.toId;
      options.push(
        opt(`to ${n}`, () => {
          const t = terrainOf(rules, n);
          const road = across.road ? ', road' : '';
          const river = across.river ? ', across the river' : '';
          const friends = unitsIn(at, rules, n).length ? ', joining friends' : '';
          return `To ${hexName(rules, n)} (${t}${road}${river}${friends})`;
        }),
      );
    }
  }
  if (!g.routes && g.path.length === 1 && !mustTake && options.some((o) => o.id.startsWith('to '))) {
    // The label names the destination when there is only one: choosing the list then moves the group
    // there at once (a question of one answer is not asked), as a newcomer found. Worked out only when read.
    options.push(
      opt('destination', () => {
        const routes = destinations(s, rules, g, at);
        if (routes.length === 1) return `Choose a destination further away: only one, ${routes[0].label.replace(/^To /, 'to ')}`;
        return routes.length
          ? `Choose a destination further away (${routes.length} routes are listed)`
          : 'Choose a destination further away (there is none: the steps are offered again)';
      }),
    );
  }
  if (g.path.length > 1) {
    if (g.units.length > 1) {
      for (const u of g.units) {
        const rest = g.units.filter((x) => x !== u);
        if (g.generals.some((gen) => !rest.some((x) => commands(rules, gen, x)))) continue;
        if (
          !mayStand(
            s,
            rules,
            at,
            here,
            [u],
            [],
            g.units.filter((x) => x !== u),
            g.generals,
          )
        )
          continue;
        options.push(opt(`drop ${u}`, () => `Leave ${unitData(rules, u).name} here at ${here} (its move ends)`));
      }
    }
    for (const gen of g.generals) {
      const stay = unitsIn(at, rules, here).filter((u) => !g.units.includes(u));
      if (stay.some((u) => commands(rules, gen, u)) && mayStand(s, rules, at, here, [], [gen], g.units, g.generals))
        options.push(opt(`drop ${gen}`, () => `Leave ${rules.index.general[gen].name} here at ${here}`));
    }
    options.push(opt('stop', () => `Stop here at ${hexName(rules, here)}`));
  }
  // Never an empty question: a unit that can go nowhere stays where it is.
  if (!options.length) options.push(opt('stop', () => `Stay at ${hexName(rules, here)}`));
  // The prompt is written when read, from the group as it stands now (the state moves on).
  const asked = { units: g.units.slice(), generals: g.generals.slice() };
  const spent = asked.units.map((u) => g.spent[u]);
  const from = g.path.length > 1 ? ` (from ${g.from})` : '';
  const words = () => {
    const left = Math.min(
      ...asked.units.map((u, i) => {
        const sp = spent[i];
        return sp.exhausted ? 0 : unitData(rules, u).mp - (sp.road ? rules.movement.roadCost * sp.steps : sp.normal);
      }),
    );
    const mp = `${left} MP left${spent.every((sp) => sp.road) ? ' on the road' : ''}`;
    return `Moving ${groupName(rules, asked)} at ${hexName(rules, here)}${from}, ${mp}: add units, step, drop units or stop.`;
  };
  return new Question(side, phaseLabel(s), words, options);
}

/** Ends the group's move: everyone in it has moved this phase. */
function finishGroup(s: IrlState): void {
  const g = s.group!;
  for (const u of g.units) if (!s.moved.includes(u)) s.moved.push(u);
  s.forcedMarch = s.forcedMarch.filter((u) => !g.units.includes(u));
  s.group = null;
}

/**
 * Logs a finished move (the log is public, rule 5): what the English could see on the map. A stack
 * with Humbert is "Humbert's stack"; units that leave Humbert's hex without him come into view and are
 * named; units that were in the open and end in Humbert's hex are counted, not named ("2 French units
 * ... joined Humbert's stack"), and never called Humbert's stack, which did not move. `dropped`: the
 * counters the group leaves where it stands while the rest goes on ("drop"): only they are named (not
 * the generals, who go on with the group and are named in its own line), "... and was left there".
 */
function logMove(s: IrlState, rules: IrlRules, g: MovingGroup, units: UnitId[], env: GameEnv, dropped: string[] = []): void {
  const notes = g.notes.splice(0);
  const side = movingSide(s);
  const end = g.path[g.path.length - 1];
  if (g.generals.includes('humbert') && !s.humbertRevealed) {
    logHumbertMove(s, rules, g, end, env);
    for (const n of notes) logText(env, n, /controlled by the French|Sligo/.test(n) ? 'good' : 'bad', side);
    return;
  }
  if (!env.verbose || g.path.length < 2) return;
  const generals = g.generals.map((x) => rules.index.general[x].name);
  const hh = humbertHex(s);
  // Humbert's hex when the move began: his own start when he rides with it, else where he stands now.
  const hiddenAt = (h: HexId, atStart: boolean) =>
    side === 'French' && !s.humbertRevealed && hh !== null && (atStart && g.generals.includes('humbert') ? g.from : hh) === h;
  const hiddenBefore = hiddenAt(g.from, true);
  const hiddenAfter = hiddenAt(end, false);
  const route = g.path.join(' > ');
  let text: string;
  if (hiddenBefore && hiddenAfter) text = `Part of Humbert's stack moved ${route} and back into it.`;
  else if (hiddenAfter) {
    const n = units.length;
    text = `${n === 1 ? 'A French unit' : `${n} French units`} moved ${route} and joined Humbert's stack.`;
  } else if (dropped.length) text = `${dropped.join(', ')} moved ${route} and ${dropped.length === 1 ? 'was' : 'were'} left there.`;
  else text = `${[...units.map((u) => unitData(rules, u).name), ...generals].join(', ')} moved ${route}.`;
  logText(env, text, 'info', side);
  for (const n of notes) logText(env, n, /controlled by the French|Sligo/.test(n) ? 'good' : 'bad', side);
}

/**
 * Humbert's hidden stack moved to `end` (where Humbert now stands): the path, the units that stayed in
 * the hex it left, then the units it left on the way, named where they now stand in the open (rule 5:
 * units still with Humbert stay unnamed; those he left are seen on the English map from now on).
 */
function logHumbertMove(s: IrlState, rules: IrlRules, g: MovingGroup, end: HexId, env: GameEnv, more = ''): void {
  const left = (g.left ?? []).filter((x) => x.hex !== end);
  delete g.left;
  if (!env.verbose || g.path.length < 2) return;
  const stayed =
    g.from === end
      ? []
      : rules.units
          .filter((d) => d.side === 'French' && !g.units.includes(d.id) && !left.some((x) => x.unit === d.id))
          .filter((d) => s.units[d.id].place === 'map' && s.units[d.id].hex === g.from)
          .map((d) => d.name);
  const leaving = stayed.length ? `, leaving ${stayed.join(', ')} at ${g.from}` : '';
  logText(env, `Humbert's stack moved ${g.path.join(' > ')}${leaving}${more}.`, 'info', 'French');
  for (const x of left) logText(env, `Humbert's stack left ${unitData(rules, x.unit).name} at ${x.hex}.`, 'info', 'French');
}

function endMovement(s: IrlState, env: GameEnv): void {
  const rules = rulesOf(env);
  surrenderCheck(s, rules, env);
  s.moved = [];
  s.forcedMarch = [];
  // A general left alone by a surrender follows his units first (tasks.ts), then the next phase.
  startTasks(s, [], 'next-phase');
}

/** Rulebook 9.2: a routed unit next to a good-order enemy unit at the end of a movement phase surrenders. */
export function surrenderCheck(s: IrlState, rules: IrlRules, env: GameEnv): void {
  let at: Positions | undefined;
  for (const u of rules.units) {
    const st = s.units[u.id];
    if (st.place !== 'map' || !st.routed) continue;
    // Who stands where, taken afresh once a surrender has taken a unit off the map.
    at = positionsOf(s, rules, at);
    if (adjacentGoodOrderEnemy(s, rules, at, st.hex!, u.side)) {
      logText(env, `${u.name} (routed, at ${st.hex}) is next to good-order enemy units and surrenders.`, 'bad', u.side);
      s.stats.surrenders++;
      eliminate(s, rules, u.id, env);
    }
  }
}

registerStage('move', {
  ask: moveAsk,
  act(s, id, env) {
    const rules = rulesOf(env);
    if (id === 'end movement') return endMovement(s, env);
    if (id === 'stratagem forced-march') return useForcedMarch(s, rules, env);
    const u = namedUnit(rules, id.slice(5));
    s.group = newGroup(s, rules, [u], []);
    s.stage = 'moving';
  },
  step() {},
});

registerStage('moving', {
  ask: movingAsk,
  act(s, id, env) {
    const rules = rulesOf(env);
    const g = s.group!;
    const [verb, what] = id.split(' ');
    const here = g.path[g.path.length - 1];
    if (verb === 'with' && what === 'all') {
      // Generals first (Humbert decides who may join), then every unit that still may (nobody has moved yet).
      const at = positionsOf(s, rules);
      for (const gen of joiners(s, rules, g, at).generals) g.generals.push(gen);
      for (const u of joiners(s, rules, g, at).units) {
        g.units.push(u);
        g.spent[u] = { normal: 0, road: hasRoad(rules, g.from), steps: 0, exhausted: false };
      }
      return;
    }
    if (verb === 'with') {
      if (what === 'humbert' || what === 'lake') g.generals.push(what);
      else {
        const u = namedUnit(rules, what);
        g.units.push(u);
        g.spent[u] = { normal: 0, road: hasRoad(rules, g.from), steps: 0, exhausted: false };
      }
      return;
    }
    if (verb === 'to') {
      step(s, rules, g, namedHex(rules, what), env);
      return;
    }
    if (verb === 'destination') {
      // Worked out once, kept with the group while the player picks.
      g.routes = destinations(s, rules, g, positionsOf(s, rules));
      return;
    }
    if (verb === 'go') {
      // A destination and its route: the hexes of the route one by one, then the move ends there.
      const route = g.routes!.find((d) => d.id === id)!;
      delete g.routes;
      for (const h of route.path) step(s, rules, g, h, env);
      logMove(s, rules, g, g.units, env);
      finishGroup(s);
      s.stage = 'move';
      return;
    }
    if (verb === 'drop') {
      if (what === 'humbert' || what === 'lake') {
        // Humbert's stack stops here; the units going on come into the English view (logged when they stop).
        if (what === 'humbert' && !s.humbertRevealed) logHumbertMove(s, rules, g, here, env, '; some of its units go on');
        else logMove(s, rules, g, [], env, [rules.index.general[what].name]);
        g.generals = g.generals.filter((x) => x !== what);
      } else {
        const u = namedUnit(rules, what);
        // A unit left behind by Humbert's stack is logged when Humbert's move ends (if he has left it).
        if (g.generals.includes('humbert') && !s.humbertRevealed) (g.left ??= []).push({ unit: u, hex: here });
        else logMove(s, rules, g, [u], env, [unitData(rules, u).name]);
        g.units = g.units.filter((x) => x !== u);
        if (!s.moved.includes(u)) s.moved.push(u);
      }
      return;
    }
    // stop
    logMove(s, rules, g, g.units, env);
    finishGroup(s);
    s.stage = 'move';
  },
  step() {},
});

registerPhase('B', (s, env) => {
  const rules = rulesOf(env);
  s.moved = [];
  s.forcedMarch = [];
  s.attackedThisPhase = [];
  // Rule 5: combat showed Humbert's stack; it is hidden again once the French move.
  s.humbertRevealed = false;
  s.withHumbertAtStart = s.landed ? humbertStack(s, rules) : [];
  s.stage = s.landed ? 'move' : 'landing';
});

registerPhase('D', (s) => {
  s.moved = [];
  s.attackedThisPhase = [];
  s.stage = 'move';
});
