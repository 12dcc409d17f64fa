/**
 * What each side may not know, for the secrets property test (src/engine/module.ts, perturbHidden):
 * the other hand, the deck's order, the other side's unrevealed declaration, the cards it has laid
 * face down in a window or a battle — and how many.
 */
import { ASPECTS, other, type Aspect, type CardId, type EcwRules, type EcwState, type SideName, type Stage } from './state.js';

/** Stages where a side lays cards face down for a later reveal (windows.ts, end.ts). */
const COMMIT_STAGES: readonly Stage[] = [
  'strategy',
  'muster',
  'blunder',
  'tracked-down',
  'skirmish',
  'after-battle',
  'capitulation',
  'loss',
  'end',
];

/**
 * A copy of `s` in which everything `side` may not know is redealt at random from what it cannot
 * see: the other side's hand, its face-down cards (their number too, where it may have laid some),
 * its unrevealed declaration and battle progress, and the deck. Public counts stay (the other side's
 * cards held, the deck's size).
 */
export function perturbHidden(s: EcwState, side: SideName, _rules: EcwRules, rng: () => number): EcwState {
  const t = structuredClone(s);
  const opp = other(side);
  const them = t.sides[opp];
  const b = t.battle && !t.battle.revealed ? t.battle : null;
  const oppPicks = b ? (Object.values(b.picks[opp]).filter(Boolean) as CardId[]) : [];
  const held = them.hand.length + them.committed.length + oppPicks.length;
  const pool = [...t.deck, ...them.hand, ...them.committed, ...oppPicks];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const take = (n: number) => pool.splice(0, n);
  const upTo = (n: number) => Math.floor(rng() * (n + 1));

  // Battle cards laid face down: which aspects, and how far the other side has got.
  let picks = 0;
  if (b) {
    b.picks[opp] = {};
    let aspects: readonly Aspect[] = [];
    if (b.picked.includes(opp)) aspects = ASPECTS;
    else if (b.pickSide === opp) {
      b.pickAspect = upTo(ASPECTS.length - 1);
      aspects = ASPECTS.slice(0, b.pickAspect);
    }
    for (const a of aspects) {
      if (picks < held && rng() < 0.6) {
        b.picks[opp][a] = take(1)[0];
        picks++;
      }
    }
  }
  // Cards laid in the window at hand: only where the other side may have laid some.
  const mayHaveCommitted = COMMIT_STAGES.includes(t.stage) && (t.asking === opp || them.committed.length > 0);
  them.committed = mayHaveCommitted ? take(upTo(Math.min(3, held - picks))) : [];
  them.hand = take(held - picks - them.committed.length);
  t.deck = pool;
  if (!t.revealed && them.declaration !== null) them.declaration = them.mustAttack || rng() < 0.5 ? 'attack' : 'defend';
  return t;
}
