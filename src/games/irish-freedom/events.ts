/** The Cards: the War of Independence (green) and Civil War (blue) random event decks. */
import type { GameEnv } from '../../engine/module.js';
import { eliminate, startCombat, strongest, weakest } from './combat.js';
import { isBritish, isSupport, mapEnv, moveUnit, place, unitById, unitCode, type MapIndex } from './map.js';
import type { AreaId, CardKey, IFState, RegionKey, Unit } from './state.js';

function say(s: IFState, env: GameEnv, text: string): void {
  if (env.verbose) env.log({ kind: 'text', text, tone: 'event' });
}

const randomRegion = (env: GameEnv, m: MapIndex, why: string): RegionKey => m.regionByDie[env.dice.roll(6, `${why}: Region`)];
const randomArea = (env: GameEnv, m: MapIndex, r: RegionKey, why: string): AreaId =>
  m.areaByDie.get(r)![env.dice.roll(6, `${why}: Area in ${m.regionName.get(r)}`)];

/** Random event phase: "Draw a card ... Perform the action noted on the card and then discard the card." */
export function drawCard(s: IFState, env: GameEnv): void {
  const green = s.war === 'independence';
  const m = mapEnv(env);
  const all = green ? m.rules.cards.green : m.rules.cards.blue;
  const discard = green ? s.decks.greenDiscard : s.decks.blueDiscard;
  if (discard.length >= all.length) {
    // Interpretation: an empty deck is reshuffled from its discards.
    discard.length = 0;
    if (env.verbose) say(s, env, 'The deck is empty: the discards are reshuffled.');
  }
  const key = env.dice.pick(
    remaining(all, discard),
    green ? 'Random event: draw a War of Independence card' : 'Random event: draw a Civil War card',
    m.cardName,
  );
  s.card = key;
  const def = m.card.get(key);
  s.lastEvent = def ? def.name : key;
  if (env.verbose) env.log({ kind: 'text', text: `Card drawn: ${def?.name ?? key}. ${def?.text ?? ''}`, tone: 'event' });
  resolveCard(s, env, m, key);
}

/** The cards not yet drawn, in rules order. */
export function remaining(all: { key: CardKey }[], discard: CardKey[]): CardKey[] {
  const out: CardKey[] = [];
  for (const c of all) if (!discard.includes(c.key)) out.push(c.key);
  return out;
}

/** Discards the resolved card and fights any combats the event caused. */
export function endEvent(s: IFState, m: MapIndex): void {
  const key = s.card;
  if (key) (s.war === 'independence' ? s.decks.greenDiscard : s.decks.blueDiscard).push(key);
  s.card = null;
  startCombat(s, m, s.war === 'independence' ? 'treaty-check' : 'surrender-check');
}

/** Asks the player for an "any" target of a card that helps the player, or, with only one, takes it. */
function choose(s: IFState, env: GameEnv, m: MapIndex, card: CardKey, verb: string, targets: string[]): void {
  if (targets.length === 1) applyEventTarget(s, env, targets[0]);
  else s.ask = { kind: 'event', card, verb, targets };
}

/**
 * The target of an enemy card worded "any" (UVF mobilisation, G Division), among the Irish units it may hit.
 * Interpretation (option enemy-any): a die picks among them ("die"), the player picks ("player"), or the enemy's
 * own rule picks ("rule"): the British move goes for the weakest Irish unit, so the UVF does; G Division takes
 * the strongest (the one whose loss hurts most). Ties by a die.
 */
function enemyChooses(
  s: IFState,
  env: GameEnv,
  m: MapIndex,
  card: CardKey,
  verb: string,
  units: Unit[],
  target: (u: Unit) => string,
): void {
  const name = m.cardName(card);
  switch (s.options.enemyAny) {
    case 'player': {
      const targets = [...new Set(units.map(target))]; // Areas in map order; units in the order they stand
      if (card === 'uvf-mobilisation') targets.sort((a, b) => m.areaIndex.get(a)! - m.areaIndex.get(b)!);
      return choose(s, env, m, card, verb, targets);
    }
    case 'die':
      return applyEventTarget(
        s,
        env,
        target(units.length === 1 ? units[0] : env.dice.pick(units, `${name}: which Irish unit ("any": a die)`)),
      );
    case 'rule': {
      const pick = card === 'uvf-mobilisation' ? weakest : strongest;
      const which = card === 'uvf-mobilisation' ? 'weakest' : 'strongest';
      return applyEventTarget(s, env, target(pick(s, env, m, units, `${name}: the ${which} Irish unit (tie)`)));
    }
  }
}

function areasWith(s: IFState, m: MapIndex, region: RegionKey, pred: (u: Unit) => boolean): AreaId[] {
  return m.regionAreas.get(region)!.filter((a) => s.units.some((u) => u.area === a && !isSupport(u) && pred(u)));
}

function resolveCard(s: IFState, env: GameEnv, m: MapIndex, key: CardKey): void {
  const irish = (u: Unit) => !isBritish(u.colour);
  const british = (u: Unit) => isBritish(u.colour);
  switch (key) {
    case 'tom-barry': {
      const kerry = areasWith(s, m, 'kerry', british);
      const targets = kerry.length ? kerry : areasWith(s, m, 'cork', british);
      if (targets.length) return choose(s, env, m, key, 'place', targets);
      const a = randomArea(env, m, 'kerry', 'Tom Barry');
      place(s, m, 'flying-column', 'green', a);
      if (env.verbose) say(s, env, `Tom Barry: a green Flying Column appears in ${m.areaLabel.get(a)}.`);
      return;
    }
    case 'kevin-barry': {
      // "two random Areas in two random Regions": the second Region is re-rolled until it differs from the first
      const r1 = randomRegion(env, m, 'Kevin Barry (first)');
      const a1 = randomArea(env, m, r1, 'Kevin Barry (first)');
      let r2 = r1;
      while (r2 === r1) r2 = randomRegion(env, m, 'Kevin Barry (second, another Region)');
      const a2 = randomArea(env, m, r2, 'Kevin Barry (second)');
      place(s, m, 'mob', 'green', a1);
      place(s, m, 'mob', 'blue', a2);
      if (env.verbose) say(s, env, `Kevin Barry: a green Mob in ${m.areaLabel.get(a1)}, a blue Mob in ${m.areaLabel.get(a2)}.`);
      return;
    }
    case 'belfast-riots': {
      const a1 = randomArea(env, m, 'ulster', 'Belfast Riots (orange Mob)');
      let a2 = a1;
      while (a2 === a1) a2 = randomArea(env, m, 'ulster', 'Belfast Riots (green Mob, another Area)');
      place(s, m, 'mob', 'orange', a1);
      place(s, m, 'mob', 'green', a2);
      if (env.verbose) say(s, env, `Belfast Riots: an orange Mob in ${m.areaLabel.get(a1)}, a green Mob in ${m.areaLabel.get(a2)}.`);
      return;
    }
    case 'army-auxiliaries': {
      const r = randomRegion(env, m, 'Army Auxiliaries');
      const a1 = randomArea(env, m, r, 'Army Auxiliaries (Army)');
      const a2 = randomArea(env, m, r, 'Army Auxiliaries (green Mob)');
      place(s, m, 'army', 'red', a1);
      place(s, m, 'mob', 'green', a2);
      if (env.verbose) say(s, env, `Army Auxiliaries: an Army unit in ${m.areaLabel.get(a1)}, a green Mob in ${m.areaLabel.get(a2)}.`);
      return;
    }
    case 'uvf-mobilisation': {
      // "Place a British (orange) UVF unit on any Irish unit in Ulster"
      const targets = s.units.filter((u) => m.regionOf.get(u.area) === 'ulster' && irish(u) && !isSupport(u));
      if (targets.length) return enemyChooses(s, env, m, key, 'place', targets, (u) => u.area);
      const a = randomArea(env, m, 'ulster', 'UVF mobilisation');
      place(s, m, 'uvf', 'orange', a);
      if (env.verbose) say(s, env, `UVF mobilisation: a UVF unit in ${m.areaLabel.get(a)}.`);
      return;
    }
    case 'limerick-soviet':
      s.effects.limerickSoviet = true;
      if (env.verbose) say(s, env, 'Limerick Soviet: British units cannot leave their Region this turn.');
      return;
    case 'g-division': {
      // "Replace any Irish non-Mob unit in either of the Dublin City Areas with a Mob of the same colour"
      const targets = s.units.filter(
        (u) => (u.area === 'dublin/3-4' || u.area === 'dublin/6') && irish(u) && u.type !== 'mob' && !isSupport(u),
      );
      if (targets.length) return enemyChooses(s, env, m, key, 'replace', targets, (u) => u.id);
      if (env.verbose) say(s, env, 'G Division: no Irish non-Mob unit in a Dublin City Area; no effect.');
      return;
    }
    case 'bloody-sunday': {
      const inDublin = (t: string) => s.units.filter((u) => u.type === t && m.regionOf.get(u.area) === 'dublin').map((u) => u.id);
      const ric = inDublin('ric');
      if (ric.length) return choose(s, env, m, key, 'eliminate', ric);
      const tans = inDublin('tans');
      if (tans.length) return choose(s, env, m, key, 'replace', tans);
      if (env.verbose) say(s, env, 'Bloody Sunday: no RIC or Tans in Dublin; no effect.');
      return;
    }
    case 'reprisals':
      // "Roll a random Area in each Region. If there is a unit in that Area, it must immediately be moved"
      for (const r of m.regionKeys) {
        const a = randomArea(env, m, r, 'Reprisals');
        const movers = s.units.filter((u) => u.area === a && !isSupport(u) && u.type !== 'mob');
        if (!movers.length) {
          if (env.verbose) {
            const mobs = s.units.some((u) => u.area === a && u.type === 'mob');
            say(
              s,
              env,
              `Reprisals: ${m.areaLabel.get(a)} ${mobs ? 'holds only Mobs, which never move' : 'is empty'}; nothing moves there.`,
            );
          }
          continue;
        }
        let b = a;
        while (b === a) b = randomArea(env, m, r, 'Reprisals (another Area)');
        for (const u of movers) moveUnit(s, u, b);
        if (env.verbose)
          say(
            s,
            env,
            `Reprisals: ${movers.map((u) => unitCode(m, u)).join(' ')} driven from ${m.areaLabel.get(a)} to ${m.areaLabel.get(b)}.`,
          );
      }
      return;
    // ---- Civil War deck ----
    case 'churchill': {
      const regs = s.units.filter((u) => u.type === 'regular' && u.colour === 'blue').map((u) => u.id);
      if (regs.length) return choose(s, env, m, key, 'artillery', regs);
      if (env.verbose) say(s, env, 'Churchill: no blue Regular; no effect.');
      return;
    }
    case 'the-mutineer': {
      const green = s.units.filter((u) => u.colour === 'green' && !isSupport(u));
      if (!green.length) return say(s, env, 'The Mutineer: no green unit anywhere; no effect.');
      let r: RegionKey;
      do r = randomRegion(env, m, 'The Mutineer (a Region with a green unit)');
      while (!green.some((u) => m.regionOf.get(u.area) === r));
      const pool = green.filter((u) => m.regionOf.get(u.area) === r);
      const u = strongest(s, env, m, pool, 'The Mutineer: strongest green unit (tie)');
      place(s, m, 'armoured-car', 'green', u.area);
      if (env.verbose) say(s, env, `The Mutineer: a green Armoured car joins ${unitCode(m, u)} in ${m.areaLabel.get(u.area)}.`);
      return;
    }
    case 'border-campaign': {
      const a = randomArea(env, m, 'ulster', 'Border Campaign');
      place(s, m, 'guerrilla', 'green', a);
      if (env.verbose) say(s, env, `Border Campaign: a green Guerrilla in ${m.areaLabel.get(a)}.`);
      return;
    }
    case 'michael-collins':
      s.effects.michaelCollins = true;
      if (env.verbose) say(s, env, 'Michael Collins: one Free State attack in Cork or Kerry may add 2.');
      return;
    case 'emmet-dalton':
      s.effects.emmetDalton = true;
      if (env.verbose)
        say(s, env, 'Emmet Dalton: one naval landing this turn may go to an Area without a port (not Ulster or the Midlands).');
      return;
    case 'dublin-guards': {
      const regs = s.units.filter((u) => u.type === 'regular' && u.colour === 'blue').map((u) => u.id);
      if (regs.length) return choose(s, env, m, key, 'nominate', regs);
      if (env.verbose) say(s, env, 'Dublin Guards: no blue Regular; no effect.');
      return;
    }
    case 'liam-lynch': {
      const r = randomRegion(env, m, 'Liam Lynch');
      const a = randomArea(env, m, r, 'Liam Lynch');
      place(s, m, 'flying-column', 'green', a);
      if (env.verbose) say(s, env, `Liam Lynch: a green Flying Column in ${m.areaLabel.get(a)}.`);
      return;
    }
    case 'the-big-house': {
      let r: RegionKey;
      do r = randomRegion(env, m, 'The Big House (not Ulster)');
      while (r === 'ulster');
      const pool = s.units.filter((u) => u.colour === 'green' && !isSupport(u) && m.regionOf.get(u.area) === r);
      if (!pool.length) {
        if (env.verbose) say(s, env, `The Big House: no green unit in ${m.regionName.get(r)}; no effect.`);
        return;
      }
      const u = weakest(s, env, m, pool, 'The Big House: weakest green unit (tie)');
      // a green support counter with it stays in place, alone if no green unit is left there
      eliminate(s, env, m, u);
      if (env.verbose) say(s, env, `The Big House: ${unitCode(m, u)} removed from ${m.areaLabel.get(u.area)}.`);
      return;
    }
    case 'executions': {
      const r = randomRegion(env, m, 'Executions');
      const a = randomArea(env, m, r, 'Executions');
      place(s, m, 'mob', 'green', a);
      if (env.verbose) say(s, env, `Executions: a green Mob in ${m.areaLabel.get(a)}.`);
      return;
    }
  }
}

/** Carries out an event with the target chosen (or the only one). */
export function applyEventTarget(s: IFState, env: GameEnv, target: string): void {
  const m = mapEnv(env);
  const key = s.card!;
  s.ask = null;
  const u = unitById(s, target);
  switch (key) {
    case 'tom-barry':
      place(s, m, 'flying-column', 'green', target);
      if (env.verbose) say(s, env, `Tom Barry: a green Flying Column attacks in ${m.areaLabel.get(target)}.`);
      return;
    case 'uvf-mobilisation':
      place(s, m, 'uvf', 'orange', target);
      if (env.verbose) say(s, env, `UVF mobilisation: a UVF unit attacks in ${m.areaLabel.get(target)}.`);
      return;
    case 'g-division':
      if (env.verbose) say(s, env, `G Division: ${unitCode(m, u!)} becomes a Mob.`);
      u!.type = 'mob';
      return;
    case 'bloody-sunday':
      if (u!.type === 'ric') return eliminate(s, env, m, u!);
      u!.type = 'ric';
      if (env.verbose) say(s, env, `Bloody Sunday: ${u!.id} Tans revert to RIC.`);
      return;
    case 'churchill':
      place(s, m, 'artillery', 'blue', u!.area);
      if (env.verbose) say(s, env, `Churchill: a blue Artillery joins ${unitCode(m, u!)}.`);
      return;
    case 'dublin-guards':
      s.effects.dublinGuards = u!.id;
      if (env.verbose) say(s, env, `Dublin Guards: ${unitCode(m, u!)} nominated.`);
      return;
  }
}
