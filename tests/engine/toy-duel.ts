/**
 * A tiny two-sided game with hidden information, to test the engine's guarantees without a real game
 * (architecture.md, "Guarantees"). Each round both sides pick a number 1-3 in secret (A is asked
 * first, then B), the picks are revealed together and the higher scores a point; then a bonus window:
 * a side holding its (hidden) bonus token may play it for a point, a side without one is still asked
 * (a forced "done"). A die decides who holds a token at set-up. First to 5 points, or 8 rounds.
 */
import type { GameModule } from '../../src/engine/module.js';
import { IllegalChoice } from '../../src/engine/module.js';

type Side = 'A' | 'B';
export interface DuelState {
  round: number;
  stage: 'pick' | 'bonus' | 'over';
  asking: Side;
  picks: Record<Side, number | null>;
  revealed: boolean;
  tokens: Record<Side, boolean>;
  points: Record<Side, number>;
}
export interface DuelView {
  viewer: Side | 'all';
  round: number;
  stage: DuelState['stage'];
  asking: Side;
  points: Record<Side, number>;
  /** A side's pick: shown to itself, to 'all', and to everyone once revealed; 'hidden' otherwise. */
  picks: Record<Side, number | null | 'hidden'>;
  tokens: Record<Side, boolean | 'hidden'>;
}

const other = (s: Side): Side => (s === 'A' ? 'B' : 'A');

export const toyDuel: GameModule<DuelState, Record<string, never>, DuelView> = {
  id: 'duel',
  title: 'Toy duel',
  blurb: 'engine test game with two sides',
  sides: ['A', 'B'],
  rulesName: 'duel',
  optionsSpec: [],
  loadRules: () => ({}),
  setup(_rules, _options, env) {
    const tokenRoll = env.dice.roll(4, 'Who holds a bonus token');
    return {
      round: 1,
      stage: 'pick',
      asking: 'A',
      picks: { A: null, B: null },
      revealed: false,
      tokens: { A: tokenRoll % 2 === 1, B: tokenRoll > 2 },
      points: { A: 0, B: 0 },
    };
  },
  decision(s) {
    if (s.stage === 'over') return null;
    if (s.stage === 'pick') {
      return {
        side: s.asking,
        phase: 'Pick',
        prompt: `${s.asking}: pick a number in secret`,
        secret: true,
        options: [1, 2, 3].map((n) => ({ id: `pick ${n}`, label: `Pick ${n}` })),
      };
    }
    const options = s.tokens[s.asking] ? [{ id: 'play bonus', label: 'Play the bonus token' }] : [];
    options.push({ id: 'done', label: 'Nothing more' });
    return { side: s.asking, phase: 'Bonus', prompt: `${s.asking}: play a bonus?`, options };
  },
  apply(s, id, env) {
    const d = this.decision(s, env.rules);
    if (!d || !d.options.some((o) => o.id === id)) throw new IllegalChoice(id, d ? d.options.map((o) => o.id) : []);
    if (s.stage === 'pick') {
      s.picks[s.asking] = Number(id.slice(5));
      if (s.asking === 'A') {
        env.log('A has picked.');
        s.asking = 'B';
        return;
      }
      s.revealed = true;
      env.reveal?.();
      const { A, B } = s.picks as Record<Side, number>;
      env.log(`Picks revealed: A ${A}, B ${B}.`);
      if (A !== B) s.points[A > B ? 'A' : 'B']++;
      s.stage = 'bonus';
      s.asking = 'A';
      return;
    }
    if (id === 'play bonus') {
      s.tokens[s.asking] = false;
      s.points[s.asking]++;
      env.log(`${s.asking} plays a bonus token.`);
    }
    if (s.asking === 'A') {
      s.asking = 'B';
      return;
    }
    const roll = env.dice.roll(6, 'End of round');
    if (roll === 6) s.points.A++;
    if (s.points.A >= 5 || s.points.B >= 5 || s.round >= 8) {
      s.stage = 'over';
      return;
    }
    s.round++;
    s.stage = 'pick';
    s.asking = 'A';
    s.picks = { A: null, B: null };
    s.revealed = false;
  },
  result(s) {
    const w = s.points.A > s.points.B ? 'A' : s.points.B > s.points.A ? 'B' : null;
    return {
      finished: s.stage === 'over',
      winner: s.stage === 'over' ? w : undefined,
      turns: s.round,
      summary: `A ${s.points.A} - B ${s.points.B}`,
    };
  },
  view(s, side) {
    const sees = (x: Side) => side === 'all' || side === x || s.revealed;
    return {
      viewer: side as Side | 'all',
      round: s.round,
      stage: s.stage,
      asking: s.asking,
      points: { ...s.points },
      picks: {
        A: sees('A') ? s.picks.A : s.picks.A === null ? null : 'hidden',
        B: sees('B') ? s.picks.B : s.picks.B === null ? null : 'hidden',
      },
      tokens: { A: side === 'all' || side === 'A' ? s.tokens.A : 'hidden', B: side === 'all' || side === 'B' ? s.tokens.B : 'hidden' },
    };
  },
  render: (v) =>
    `round ${v.round} ${v.stage}: A ${v.points.A} (${v.picks.A}, token ${v.tokens.A}) B ${v.points.B} (${v.picks.B}, token ${v.tokens.B})`,
  status: (v) => `Round ${v.round}: A ${v.points.A} - B ${v.points.B}`,
  rulesTopics: [],
  renderRules: () => '',
  help: () => 'pick high',
  bots: {
    random: (_v, d, rng) => d.options[Math.floor(rng() * d.options.length)].id,
    heuristic: (_v, d) => d.options[d.options.length - 1].id,
  },
  invariants: (s) => (s.points.A < 0 || s.points.B < 0 ? ['negative points'] : []),
  stepLimit: 1_000,
  runaway: (s) => `round ${s.round}: a duel ends after 8 rounds`,
  perturbHidden(s, side, _rules, rng) {
    const t = structuredClone(s);
    const o = other(side as Side);
    t.tokens[o] = rng() < 0.5;
    if (!t.revealed && t.picks[o] !== null) t.picks[o] = 1 + Math.floor(rng() * 3);
    return t;
  },
};
