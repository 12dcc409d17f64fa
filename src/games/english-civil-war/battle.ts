/**
 * Battle Segment and Siege Segment (rulebook: Battle Segment, Siege Segment): five aspects, one secret
 * card per aspect per player, revealed together; Troops add Regiments; +2 Morale to last turn's winner;
 * +2 Terrain to a siege's defender; modifiers, negations and regiment effects of the cards.
 */
import type { ChoiceOption, GameEnv } from '../../engine/module.js';
import { cardOf, lineOf, mayPlayInBattle, namedCard, rulesOf, takeFromHand, type DeckCard } from './cards.js';
import { beginPhase, gameLog, loseRegiments, phaseLog, plural, Question, registerPhase, registerStage, rollDice, sideLog } from './flow.js';
import { cardCell, scoreCell } from './score-text.js';
import { eventWindow, nextInWindow, openWindow } from './windows.js';
import {
  ASPECTS,
  ASPECT_NAME,
  other,
  SIDES,
  type Aspect,
  type BattleState,
  type CardId,
  type CardLine,
  type EcwRules,
  type EcwState,
  type Role,
  type SideName,
} from './state.js';

export function startBattle(s: EcwState, segment: 'battle' | 'siege', role: Record<SideName, Role>, env: GameEnv): void {
  phaseLog(s, env, segment === 'battle' ? 'Battle Segment: a major battle' : 'Siege Segment');
  s.segment = segment;
  if (segment === 'battle') s.stats.battles++;
  else s.stats.sieges++;
  openWindow(s, 'pick', SIDES);
  s.battle = {
    segment,
    role,
    picks: { Parliament: {}, Royalist: {} },
    pickSide: s.asking,
    pickAspect: 0,
    picked: [],
    revealed: false,
    loserExtraDice: 0,
    reductionDice: 0,
  };
}

/** The cards of `side`'s hand it may put into `aspect` of the battle at hand, one per card line. */
export function battleChoices(s: EcwState, rules: EcwRules, side: SideName, aspect: Aspect): CardId[] {
  return battleCards(s, rules, side, aspect).map((c) => c.id);
}

/** battleChoices as the deck's cards (their options ready). */
function battleCards(s: EcwState, rules: EcwRules, side: SideName, aspect: Aspect): DeckCard[] {
  const b = s.battle!;
  const role = b.role[side];
  const ok: DeckCard[] = [];
  for (const c of s.sides[side].hand) {
    const card = cardOf(rules, c);
    if (mayPlayInBattle(s, side, card, aspect, b.segment, role) && !holdsLine(ok, card)) ok.push(card);
  }
  // Highest score first (then card-list order), so the strongest card heads the list.
  return ok.length > 1 ? ok.sort(byStrength) : ok;
}

/** Whether `cards` hold a copy of `card`'s line (copies are interchangeable: one choice per line). */
function holdsLine(cards: readonly DeckCard[], card: DeckCard): boolean {
  for (const c of cards) if (c.line === card.line) return true;
  return false;
}

const byStrength = (x: DeckCard, y: DeckCard) => x.battleRank - y.battleRank;

/** The option of laying no card in an aspect. */
const NO_CARD = Object.fromEntries(ASPECTS.map((a) => [a, Object.freeze({ id: 'none', label: `${ASPECT_NAME[a]}: no card` })])) as Record<
  Aspect,
  ChoiceOption
>;

/**
 * The choices of an aspect in which no card of the hand may serve: laying none, saying why (a newcomer
 * holding a Parliament-only leader as the Royalist saw "no card" and wondered). Shared, never changed.
 */
const ONLY_NO_CARD = Object.fromEntries(
  ASPECTS.map((a) => [
    a,
    Object.freeze([Object.freeze({ id: 'none', label: `${ASPECT_NAME[a]}: no card (none in your hand may be laid here)` })]),
  ]),
) as Record<Aspect, ChoiceOption[]>;

// Each player may play one battle card in each of the five suites, in secret: the other side sees
// neither the cards nor how many were laid until both reveal together.
registerStage('pick', {
  ask(s, rules) {
    const b = s.battle!;
    const side = b.pickSide;
    const aspect = ASPECTS[b.pickAspect];
    const cards = battleCards(s, rules, side, aspect);
    let options = ONLY_NO_CARD[aspect];
    if (cards.length) {
      options = cards.map((c) => c.lay!);
      options.push(NO_CARD[aspect]);
    }
    // The player's own face-down cards are no secret to him: the prompt names them.
    // A side lays its cards aspect by aspect: those laid so far lie in the aspects before this one.
    let laid: CardId[] | null = null;
    for (let k = 0; k < b.pickAspect; k++) {
      const c = b.picks[side][ASPECTS[k]];
      if (c) (laid ??= []).push(c);
    }
    const nth = b.pickAspect + 1;
    const prompt = () => {
      // A battle card lies in its own aspect.
      const names = (laid ?? []).map((c) => `${lineOf(rules, c).name} (${ASPECT_NAME[cardOf(rules, c).aspect!]})`);
      return (
        `${side}: choose in secret your ${ASPECT_NAME[aspect]} card (${nth} of 5).` +
        (names.length ? ` Laid face down so far: ${names.join(', ')}.` : '')
      );
    };
    return new Question(side, b.segment === 'battle' ? 'Battle Segment' : 'Siege Segment', prompt, options, true);
  },
  act(s, id, env) {
    const b = s.battle!;
    const side = b.pickSide;
    const aspect = ASPECTS[b.pickAspect];
    if (id !== 'none') {
      const cid = namedCard(rulesOf(env), id, aspect);
      takeFromHand(s, side, cid);
      b.picks[side][aspect] = cid;
    }
    if (b.pickAspect < ASPECTS.length - 1) {
      b.pickAspect++;
      return;
    }
    b.picked.push(side);
    if (nextInWindow(s)) {
      b.pickSide = s.asking;
      b.pickAspect = 0;
      return;
    }
    revealBattle(s, env);
  },
});

/** A card laid in a battle: the aspect it lies in and its card line. */
interface LaidCard {
  aspect: Aspect;
  id: CardId;
  line: CardLine;
}

/** The cards `side` laid face down, in the order of the aspects. */
function laidCards(rules: EcwRules, b: BattleState, side: SideName): LaidCard[] {
  const laid: LaidCard[] = [];
  for (const aspect of ASPECTS) {
    const id = b.picks[side][aspect];
    if (id) laid.push({ aspect, id, line: lineOf(rules, id) });
  }
  return laid;
}

export interface BattleScore {
  scores: Record<SideName, Record<Aspect, number>>;
  aspectWinner: Record<Aspect, SideName | null>;
  winner: SideName | null;
  negated: CardId[];
}

/**
 * Scores the five aspects (rulebook: Battle Segment; english-civil-war-notes.md, "Scoring an aspect"):
 * card score + modifiers of both sides' cards in play; Troops + Regiments; +2 Morale to last turn's
 * winner; +2 Terrain to a siege's defender. Negations are simultaneous and cancel the opposing card's
 * score and every effect of it. The higher score wins an aspect; most aspects won wins the battle.
 */
export function scoreBattle(s: EcwState, rules: EcwRules, b: BattleState): BattleScore {
  const laid = { Parliament: laidCards(rules, b, 'Parliament'), Royalist: laidCards(rules, b, 'Royalist') };
  const negated: CardId[] = [];
  for (const side of SIDES)
    for (const c of laid[side]) {
      const neg = c.line.effect.negates;
      const target = neg ? b.picks[other(side)][neg] : undefined;
      if (target && !negated.includes(target)) negated.push(target);
    }
  // The cards of each side still in play: laid and not negated.
  const active = (side: SideName) => laid[side].filter((c) => !negated.includes(c.id));
  const inPlay = { Parliament: active('Parliament'), Royalist: active('Royalist') };
  const scores = {} as Record<SideName, Record<Aspect, number>>;
  for (const side of SIDES) {
    const opp = other(side);
    const mine = inPlay[side];
    const theirs = inPlay[opp];
    const shielded = mine.some((c) => c.line.effect.negatesTroopPenalty);
    // An aspect scores its card in play (0 without one); the aspects in rulebook order.
    const sc: Record<Aspect, number> = { tactics: 0, terrain: 0, troops: 0, leadership: 0, morale: 0 };
    for (const c of mine) sc[c.aspect] = c.line.score ?? 0;
    for (const { line } of mine)
      for (const m of line.effect.modifiers ?? [])
        if (m.target === 'self' && (m.when !== 'defender' || b.role[side] === 'defender')) sc[m.aspect] += m.amount;
    for (const { line } of theirs)
      for (const m of line.effect.modifiers ?? [])
        if (m.target === 'opponent' && !(shielded && m.aspect === 'troops' && m.amount < 0)) sc[m.aspect] += m.amount;
    // For the Troops aspect, players add the number of Regiments they control.
    sc.troops += s.sides[side].regiments;
    // If you won a Battle or Siege last turn, +2 to your Morale aspect.
    if (s.wonLastTurn === side) sc.morale += rules.bonuses.moraleAfterWin;
    // If you are defending in a Siege, +2 to your Terrain aspect.
    if (b.segment === 'siege' && b.role[side] === 'defender') sc.terrain += rules.bonuses.siegeDefenderTerrain;
    scores[side] = sc;
  }
  const aspectWinner = {} as Record<Aspect, SideName | null>;
  const won: Record<SideName, number> = { Parliament: 0, Royalist: 0 };
  for (const a of ASPECTS) {
    const p = scores.Parliament[a];
    const r = scores.Royalist[a];
    aspectWinner[a] = p > r ? 'Parliament' : r > p ? 'Royalist' : null;
    if (aspectWinner[a]) won[aspectWinner[a]!]++;
  }
  const winner = won.Parliament > won.Royalist ? 'Parliament' : won.Royalist > won.Parliament ? 'Royalist' : null;
  return { scores, aspectWinner, winner, negated };
}

/** Both players reveal together; the aspects are scored; then the cards' regiment effects happen. */
export function revealBattle(s: EcwState, env: GameEnv): void {
  const rules = rulesOf(env);
  const b = s.battle!;
  b.revealed = true;
  // Both sides' cards are now known: undo never goes back past this point (module contract, env.reveal).
  env.reveal?.();
  b.troopRegiments = { Parliament: s.sides.Parliament.regiments, Royalist: s.sides.Royalist.regiments };
  const res = scoreBattle(s, rules, b);
  b.scores = res.scores;
  b.aspectWinner = res.aspectWinner;
  b.negated = res.negated;
  b.winner = res.winner;
  if (env.verbose) env.log(battleTable(s, rules, b));
  applyCardEffects(s, b, env);
  for (const side of SIDES) sideLog(env, side, () => `${side} laid ${plural(Object.keys(b.picks[side]).length, 'card')}.`);
  const { winner } = res;
  if (winner) {
    s.wonThisTurn = winner;
    sideLog(env, winner, () => `${winner} wins the ${b.segment}.`, 'combat');
    openWindow(s, 'after-battle', SIDES);
  } else {
    gameLog(env, () => `The ${b.segment} is a tie.`, 'combat');
    s.stats.ties++;
    beginPhase(s, 'casualties', env);
  }
}

/** Regiment losses and Treachery's theft of the cards in play (not negated), Parliament's first. */
function applyCardEffects(s: EcwState, b: BattleState, env: GameEnv): void {
  const rules = rulesOf(env);
  const negated = b.negated ?? [];
  for (const side of SIDES) {
    const opp = other(side);
    for (const a of ASPECTS) {
      const c = b.picks[side][a];
      if (!c || negated.includes(c)) continue;
      const l = lineOf(rules, c);
      for (const loss of l.effect.regimentLoss ?? []) {
        const who = loss.who === 'both' ? SIDES : loss.who === 'self' ? [side] : [opp];
        for (const w of who) {
          const n = loss.dice
            ? rollDice(env, loss.dice, `${ASPECT_NAME[a]}: ${l.name}, ${w} loses ${loss.dice}D6 Regiments`)
            : (loss.fixed ?? 0);
          const lost = loseRegiments(s, w, n);
          sideLog(env, w, () => `${l.name}: ${w} loses ${plural(lost, 'Regiment')} (now ${s.sides[w].regiments}).`, 'bad');
        }
      }
      if (l.effect.stealDice) {
        const n = rollDice(env, l.effect.stealDice, `${ASPECT_NAME[a]}: ${l.name}, steal ${l.effect.stealDice}D6 ${opp} Regiments`);
        const stolen = loseRegiments(s, opp, n);
        s.sides[side].regiments += stolen;
        sideLog(
          env,
          side,
          () => `${l.name}: ${plural(stolen, `${opp} Regiment`)} ${stolen === 1 ? 'goes' : 'go'} over to ${side}.`,
          'event',
        );
      }
    }
  }
}

/** The battle as a log table: one row per aspect. */
export function battleTable(s: EcwState, rules: EcwRules, b: BattleState) {
  const line = (c: CardId) => lineOf(rules, c);
  const rows = ASPECTS.map((a) => [
    ASPECT_NAME[a],
    cardCell(b, line, 'Parliament', a),
    scoreCell(b, line, 'Parliament', a),
    cardCell(b, line, 'Royalist', a),
    scoreCell(b, line, 'Royalist', a),
    b.aspectWinner ? (b.aspectWinner[a] ?? 'tie') : '',
  ]);
  return {
    kind: 'table' as const,
    // The result is said once, after the cards' effects ("Parliament wins the battle.").
    title: `Turn ${s.turn} ${b.segment}: the cards revealed`,
    head: ['Aspect', 'Parliament card', 'score', 'Royalist card', 'score', 'winner'],
    rows,
  };
}

/** The phase named in the after-battle windows: the segment being fought. */
function segmentPhase(s: EcwState): string {
  return s.battle!.segment === 'battle' ? 'Battle Segment' : 'Siege Segment';
}

/** The winner's window is Put to the Sword / Slaughter's, the loser's Rearguard's. */
function afterBattleWindow(s: EcwState, side: SideName): 'winner' | 'loser' {
  return s.battle!.winner === side ? 'winner' : 'loser';
}

// After the result, both at once: the winner may play Put to the Sword / Slaughter (the loser loses
// 1D6 more), the loser Rearguard (1D6 fewer casualties; after a battle only, as its card says).
eventWindow({
  stage: 'after-battle',
  phase: segmentPhase,
  prompt: (side, window) =>
    window === 'winner'
      ? `${side}: you won. Lay an event against the loser face down?`
      : `${side}: you lost. Lay an event to save Regiments face down?`,
  window: afterBattleWindow,
  none: 'Go on to the casualties',
  play(s, l, env, _cid, side) {
    if (afterBattleWindow(s, side) === 'winner') {
      s.battle!.loserExtraDice += l.effect.loserExtraDice ?? 0;
      sideLog(env, side, () => `${side} plays ${l.name}: the loser loses 1D6 more.`, 'event');
    } else {
      s.battle!.reductionDice += l.effect.casualtyReductionDice ?? 0;
      sideLog(env, side, () => `${side} plays ${l.name}: 1D6 fewer casualties.`, 'event');
    }
  },
  done: (s, env) => beginPhase(s, 'casualties', env),
});

registerPhase('battle', startBattle);
