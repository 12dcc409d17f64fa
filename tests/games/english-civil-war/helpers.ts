/** Test helpers: a game set up from the real rules data, scripted dice, hands dealt by card name. */
import { EngineDice } from '../../../src/engine/dice.js';
import { makeEnv } from '../../../src/engine/env.js';
import { applyForced } from '../../../src/engine/forced.js';
import type { GameEnv, LogEntry } from '../../../src/engine/module.js';
import { loadRules } from '../../../src/engine/rules.js';
import { englishCivilWar } from '../../../src/games/english-civil-war/index.js';
import { lineIndex, lineOf, physicalCards } from '../../../src/games/english-civil-war/cards.js';
import { act, ask } from '../../../src/games/english-civil-war/flow.js';
import { ASPECTS, type CardId, type EcwRules, type EcwState, type SideName } from '../../../src/games/english-civil-war/state.js';

export const mod = englishCivilWar;
let loaded: EcwRules | null = null;

export async function rulesData(): Promise<EcwRules> {
  if (!loaded) loaded = (await loadRules(englishCivilWar)).rules;
  return loaded;
}

/** The rules loaded by `rulesData()` (each test file loads them in its beforeAll). */
export function loadedRules(): EcwRules {
  if (!loaded) throw new Error('call rulesData() in a beforeAll first');
  return loaded;
}

export interface Scripted {
  env: GameEnv<EcwRules>;
  dice: EngineDice;
  log: LogEntry[];
  text(): string;
}

/** Scripted dice: `rolls` in order, then `fill` (default 1) for as many more as asked. */
export function scripted(rolls: number[], fill = 1, extra = 200): Scripted {
  const dice = EngineDice.scripted([...rolls, ...Array(extra).fill(fill)]);
  const log: LogEntry[] = [];
  const env = makeEnv(dice, (e) => log.push(e), true, loadedRules());
  dice.onRoll = (r) => log.push({ kind: 'text', text: `D${r.sides} = ${r.result} (${r.reason})`, tone: 'roll' });
  dice.onShuffle = (reason, items, draws) =>
    log.push({ kind: 'text', text: `${reason}: ${items} cards shuffled (${draws} rolls)`, tone: 'roll' });
  return {
    env,
    dice,
    log,
    text: () => log.map((e) => (e.kind === 'text' ? e.text : `${e.title}\n${e.rows.map((r) => r.join(' | ')).join('\n')}`)).join('\n'),
  };
}

/** A game set up from a seed (no limit). */
export function fresh(r: EcwRules, seed = 'test', options: Record<string, string> = { 'turn-limit': 'none' }): EcwState {
  return englishCivilWar.setup(r, options, makeEnv(EngineDice.seeded(seed), undefined, false, r));
}

/** The first physical card of a card line, by name. */
export function cardId(_s: EcwState, name: string, copy = 0): CardId {
  const rules = loadedRules();
  const li = rules.cards.findIndex((c) => c.name === name);
  if (li < 0) throw new Error(`no card ${name}`);
  const ids = physicalCards(rules).filter((c) => lineIndex(rules, c) === li);
  return ids[copy];
}

function takeFromAnywhere(s: EcwState, cid: CardId): void {
  for (const list of [s.deck, s.discard, s.sides.Parliament.hand, s.sides.Royalist.hand]) {
    const i = list.indexOf(cid);
    if (i >= 0) {
      list.splice(i, 1);
      return;
    }
  }
  throw new Error(`${cid} is nowhere to take from`);
}

/** Gives `side` exactly these cards (by name); its old hand goes back into the deck. */
export function setHand(s: EcwState, side: SideName, names: string[]): CardId[] {
  const old = s.sides[side].hand;
  s.sides[side].hand = [];
  s.deck.push(...old);
  const used = new Map<string, number>();
  const ids = names.map((n) => {
    const k = used.get(n) ?? 0;
    used.set(n, k + 1);
    const id = cardId(s, n, k);
    takeFromAnywhere(s, id);
    return id;
  });
  s.sides[side].hand = ids;
  return ids;
}

/** Both hands emptied into the deck (so no window asks anything). */
export function emptyHands(s: EcwState): void {
  setHand(s, 'Parliament', []);
  setHand(s, 'Royalist', []);
}

export function optionIds(s: EcwState): string[] {
  return ask(s, loadedRules())?.options.map((o) => o.id) ?? [];
}

/** Applies choices through the module (validating each), then the forced decisions after each, as the engine does. */
export function choose(s: EcwState, ids: string[], env: GameEnv<EcwRules>): void {
  for (const id of ids) {
    englishCivilWar.apply(s, id, env);
    applyForced(englishCivilWar, s, env);
  }
}

/** Applies the forced decisions pending (a window where the side asked holds nothing to play), as the engine does. */
export function settle(s: EcwState, env: GameEnv<EcwRules>): void {
  applyForced(englishCivilWar, s, env);
}

/** One step without auto-advancing (for looking at a stage in isolation). */
export function step(s: EcwState, id: string, env: GameEnv<EcwRules>): void {
  act(s, id, env);
}

/** Lays picks face down directly (removing the cards from the hand). */
export function layCards(s: EcwState, side: SideName, names: string[]): void {
  const ids = setHand(s, side, names);
  const b = s.battle!;
  for (const id of ids) {
    const line = lineOf(loadedRules(), id);
    if (!line.aspect || !ASPECTS.includes(line.aspect)) throw new Error(`${line.name} is not a battle card`);
    b.picks[side][line.aspect] = id;
  }
  s.sides[side].hand = [];
}

export function regiments(s: EcwState): [number, number] {
  return [s.sides.Parliament.regiments, s.sides.Royalist.regiments];
}
export function territory(s: EcwState): [number, number] {
  return [s.sides.Parliament.territory, s.sides.Royalist.territory];
}

/**
 * Answers for whichever side is asked, in turn (both sides' windows are simultaneous and the side that
 * decided last is asked first): `ids[side]` are that side's answers in order. Stops when the side asked
 * has no answer left. Forced decisions are not applied (use `settle`).
 */
export function answer(s: EcwState, ids: Partial<Record<SideName, string[]>>, env: GameEnv<EcwRules>): void {
  const left = { Parliament: [...(ids.Parliament ?? [])], Royalist: [...(ids.Royalist ?? [])] };
  for (;;) {
    const a = ask(s, loadedRules());
    if (!a) return;
    const next = left[a.side].shift();
    if (next === undefined) return;
    act(s, next, env);
  }
}
