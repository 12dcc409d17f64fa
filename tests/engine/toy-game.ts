/**
 * A tiny solitaire used to test the engine without a real game: Pig to a target.
 * Each turn: "roll" (D6; a 1 loses the turn's points and ends the turn) or "hold" (bank the points).
 * Before each turn the player names a colour ("colour red|blue"), a decision without dice (for undo tests).
 */
import type { GameModule } from '../../src/engine/module.js';
import { IllegalChoice } from '../../src/engine/module.js';

export interface ToyState {
  target: number;
  banked: number;
  pot: number;
  turn: number;
  colour: string | null;
  over: boolean;
}

export const toyGame: GameModule<ToyState, { target: number }, ToyState> = {
  id: 'toy',
  title: 'Toy Pig',
  blurb: 'engine test game',
  sides: ['Solo'],
  rulesName: 'toy',
  optionsSpec: [{ key: 'target', description: 'points to reach', values: ['10', '20'], default: '10' }],
  loadRules: (raw) => raw as { target: number },
  setup: (_rules, options) => ({ target: Number(options.target), banked: 0, pot: 0, turn: 1, colour: null, over: false }),
  decision(s) {
    if (s.over) return null;
    if (s.colour === null)
      return {
        side: 'Solo',
        phase: 'Colour',
        prompt: 'Name a colour',
        options: [
          { id: 'colour red', label: 'Red' },
          { id: 'colour blue', label: 'Blue' },
        ],
      };
    return {
      side: 'Solo',
      phase: 'Turn',
      prompt: `Pot ${s.pot}`,
      options: [
        { id: 'roll', label: 'Roll' },
        { id: 'hold', label: 'Hold' },
      ],
    };
  },
  apply(s, id, env) {
    const d = this.decision(s, env.rules);
    if (!d || !d.options.some((o) => o.id === id)) throw new IllegalChoice(id, d ? d.options.map((o) => o.id) : []);
    if (id.startsWith('colour ')) {
      s.colour = id.slice(7);
      env.log(`colour ${s.colour}`);
      return;
    }
    if (id === 'roll') {
      env.log(`rolling with ${s.pot} in the pot`);
      const r = env.dice.roll(6, 'Pig roll');
      if (r === 1) {
        s.pot = 0;
        s.turn++;
        s.colour = null;
      } else s.pot += r;
      return;
    }
    s.banked += s.pot;
    s.pot = 0;
    env.reveal?.(); // banking is shown to everyone: for the undo tests, a reveal
    if (s.banked >= s.target) s.over = true;
    else {
      s.turn++;
      s.colour = null;
    }
  },
  result: (s) => ({
    finished: s.over,
    winner: s.over ? 'Solo' : undefined,
    turns: s.turn,
    points: s.banked,
    summary: `${s.banked} points in ${s.turn} turns`,
    details: { turn: s.turn },
  }),
  view: (s) => s,
  render: (v) => `banked ${v.banked} pot ${v.pot} turn ${v.turn}`,
  rulesTopics: [],
  renderRules: () => '',
  help: () => 'roll or hold',
  bots: {
    random: (_v, d, rng) => d.options[Math.floor(rng() * d.options.length)].id,
    heuristic: (v, d) => (d.options[0].id.startsWith('colour') ? d.options[0].id : v.pot >= 8 ? 'hold' : 'roll'),
  },
  invariants: (s) => (s.banked < 0 ? ['negative'] : []),
  stepLimit: 1_000,
  runaway: (s) => `${s.banked} points banked, the option target is the end`,
};
