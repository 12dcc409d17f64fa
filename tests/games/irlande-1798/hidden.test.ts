/** Hidden information (rulebook 5): the English never see inside Humbert's stack until a combat shows it. */
import { botRngFor } from '../../../src/engine/dice.js';
import { Session } from '../../../src/engine/runner.js';
import { botRng } from '../../../src/engine/dice.js';
import { hiddenFromEnglish, humbertStack } from '../../../src/games/irlande-1798/hidden.js';
import type { IrlRules, IrlState } from '../../../src/games/irlande-1798/state.js';
import { englishSees, ids, mod, play, position, rulesData, text, watchBotGame } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

test("the English output is byte-identical whatever the hidden units of Humbert's stack are (perturbHidden, 6 games)", () => {
  let compared = 0;
  let changed = 0;
  for (let g = 0; g < 6; g++) {
    const seed = `hidden/${g}`;
    const s = new Session<IrlState>(mod, rules, { seed, rulesHash: 'x', keepLog: false }).start();
    const rng = botRng(`${seed}/perturb`);
    const bot = g % 2 ? mod.bots.heuristic : mod.bots.random;
    for (let n = 1; s.decision() && n < 2000; n++) {
      if (n % 2 === 0 && !s.state.humbertRevealed && humbertStack(s.state, rules).length) {
        const other = mod.perturbHidden!(s.state, 'English', rules, rng);
        if (JSON.stringify(other) !== JSON.stringify(s.state)) changed++;
        expect(englishSees(other, rules)).toBe(englishSees(s.state, rules));
        compared++;
      }
      const d = s.decision()!;
      s.choose(bot(mod.view(s.state, d.side, rules), d, botRngFor(seed, d.side, n)));
    }
  }
  expect(compared).toBeGreaterThan(150);
  expect(changed).toBeGreaterThan(50);
});

test("the English view leaves out the units with Humbert and shows the stack's size (or not, with humbert-size=hidden)", () => {
  const { s } = position(
    rules,
    { '70e-1': '0908', '70e-2': '0908', '3e-chass': '0907', kilkenny: '1206' },
    { generals: { humbert: '0908' } },
  );
  const v = mod.view(s, 'English', rules);
  expect(v.units.map((u) => u.id)).not.toContain('70e-1');
  expect(v.units.map((u) => u.id)).toContain('3e-chass');
  expect(v.hiddenStack).toEqual({ hex: '0908', atSea: false, counters: 2 });
  expect(mod.render(v, { color: false, width: 80 })).toMatch(/H\?2/);
  s.options.humbertSize = 'hidden';
  expect(mod.view(s, 'English', rules).hiddenStack!.counters).toBeNull();
  expect(mod.view(s, 'French', rules).units.map((u) => u.id)).toContain('70e-1');
});

test('the public log never names the units moving with Humbert', () => {
  const { s, env } = position(rules, { '70e-1': '0908', '70e-2': '0908', kilkenny: '1206' }, { phase: 'B', generals: { humbert: '0908' } });
  play(s, env, 'move 70e-1', 'with humbert', 'with 70e-2', 'to 0809', 'stop');
  const log = text(env);
  expect(log).toMatch(/Humbert's stack moved 0908 > 0809/);
  expect(log).not.toMatch(/70e\/1|70e\/2/);
});

test("an English attack on Humbert's stack shows no odds to the English; combat reveals the stack (undo stops there)", () => {
  const { s, env } = position(
    rules,
    { '70e-1': '0606', '70e-2': '0606', kilkenny: '0506', longford: '0506' },
    { phase: 'E', generals: { humbert: '0606' }, rolls: [4, 1, 1, 1, 1] },
  );
  let reveals = 0;
  env.reveal = () => void reveals++;
  play(s, env);
  const d = mod.decision(s, rules)!;
  expect(d.options.find((o) => o.id === 'attack 0606')!.label).toMatch(/Humbert's stack of 2 counters, strength unknown/);
  mod.apply(s, 'attack 0606', env);
  mod.apply(s, 'with kilkenny', env);
  // Their own strength, the shifts and the modifiers (all public), never the defence.
  expect(mod.decision(s, rules)!.options.find((o) => o.id === 'fight')!.label).toBe(
    "Fight: 4 SP against Humbert's stack (strength unknown); shifts none; die -2 Humbert",
  );
  mod.apply(s, 'fight', env);
  expect(reveals).toBe(1);
  expect(s.humbertRevealed).toBe(true);
  expect(text(env)).toMatch(/Combat shows Humbert's stack at 0606: 70e\/1 2 SP, 70e\/2 2 SP/);
  expect(hiddenFromEnglish(s, rules, '70e-1')).toBe(false);
  expect(mod.view(s, 'English', rules).units.map((u) => u.id)).toContain('70e-1');
});

test('a stack shown by combat is hidden again from the next French movement phase', () => {
  const { s, env } = position(
    rules,
    { '70e-1': '0606', '70e-2': '0606', kilkenny: '0908' },
    { phase: 'A', turn: 5, generals: { humbert: '0606' } },
  );
  s.stage = 'reinforce';
  s.humbertRevealed = true;
  s.vpAtEnd = [0, 1, 2, 3].map(() => ({ French: 20, English: 0 }));
  expect(mod.view(s, 'English', rules).hiddenStack).toBeNull();
  play(s, env);
  expect(s.phase).toBe('B');
  expect(s.humbertRevealed).toBe(false);
  expect(mod.view(s, 'English', rules).hiddenStack).toEqual({ hex: '0606', atSea: false, counters: 2 });
});

test("Humbert's hidden stack dropping a unit on the way names only that unit, where it was left, and none that go on with him", () => {
  const { s, env } = position(
    rules,
    { '70e-1': '0908', '70e-2': '0908', '70e-3': '0908', kilkenny: '1206' },
    { phase: 'B', generals: { humbert: '0908' } },
  );
  play(s, env, 'move 70e-1', 'with all', 'to 0809', 'drop 70e-2', 'to 0810', 'stop');
  const log = text(env);
  expect(log).toMatch(/^Humbert's stack moved 0908 > 0809 > 0810\.$/m);
  expect(log).toMatch(/^Humbert's stack left 70e\/2 at 0809\.$/m);
  expect(log).not.toMatch(/70e\/1|70e\/3|left there/);
});

test("a unit joining Humbert's hex alone is logged as a French unit joining his stack, never as Humbert's stack moving", () => {
  const { s, env } = position(rules, { '70e-1': '0909', '70e-2': '1009', kilkenny: '0501' }, { generals: { humbert: '0909' } });
  play(s, env, 'move 70e-2', 'to 0909', 'stop');
  const log = text(env);
  expect(log).toMatch(/A French unit moved 1009 > 0909 and joined Humbert's stack\./);
  expect(log).not.toMatch(/Humbert's stack moved/);
  expect(log).not.toMatch(/70e\/2/);
  // Leaving the stack without Humbert, the unit comes into view and is named.
  while (s.turn === 2 || s.phase !== 'B') mod.apply(s, ids(s, rules).find((i) => i.startsWith('end')) ?? ids(s, rules)[0], env);
  expect(s.phase).toBe('B');
  play(s, env, 'move 70e-2', 'to 1009', 'stop');
  expect(text(env)).toMatch(/70e\/2 moved 0909 > 1009\./);
});

/** Units whose names the log must not give: hidden from the English before and after a choice. */
const unitNames = () => rules.units.map((u) => ({ id: u.id, name: u.name }));

test("the log never claims a move of Humbert's stack that did not happen, nor names a unit hidden in it (12 games)", () => {
  let stackMoves = 0;
  let hiddenChecks = 0;
  for (let g = 0; g < 12; g++)
    watchBotGame(rules, 'stacklog', g, {}, (before, s, added) => {
      const lines = added.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
      for (const line of lines) {
        const m = /^Humbert's stack moved ((?:\d{4} > )+\d{4})/.exec(line);
        if (m) {
          stackMoves++;
          const path = m[1].split(' > ');
          // Humbert stood at the start of the path when the move began (a move takes several choices) and is at its end.
          const g = before.group;
          const start = g && g.generals.includes('humbert') ? g.from : before.generals.humbert.hex;
          expect({ line, humbert: [start, s.state.generals.humbert.hex] }).toEqual({ line, humbert: [path[0], path[path.length - 1]] });
        }
      }
      const hidden = unitNames().filter((u) => hiddenFromEnglish(before, rules, u.id) && hiddenFromEnglish(s.state, rules, u.id));
      for (const line of lines)
        for (const u of hidden) {
          hiddenChecks++;
          expect({ line, names: line.includes(u.name) ? u.id : null }).toEqual({ line, names: null });
        }
      const joined = unitNames().filter((u) => !hiddenFromEnglish(before, rules, u.id) && hiddenFromEnglish(s.state, rules, u.id));
      for (const line of lines.filter((l) => / moved \d{4}/.test(l)))
        for (const u of joined) expect({ line, names: line.includes(u.name) ? u.id : null }).toEqual({ line, names: null });
    });
  expect(stackMoves).toBeGreaterThan(20);
  expect(hiddenChecks).toBeGreaterThan(1000);
});

test("Humbert's stack leaving units in the hex it left says so, naming them (they are in the open from then on)", () => {
  const { s, env } = position(
    rules,
    { '70e-1': '1204', '70e-2': '1204', '70e-3': '1204', '70e-g': '1005', kilkenny: '0501' },
    { generals: { humbert: '1005' } },
  );
  play(s, env, 'move 70e-1', 'with 70e-2', 'with 70e-3', 'to 1104', 'to 1005', 'stop');
  play(s, env, 'move 70e-g', 'with humbert', 'to 0904', 'stop');
  const log = text(env);
  expect(log).toMatch(/3 French units moved 1204 > 1104 > 1005 and joined Humbert's stack\./);
  expect(log).toMatch(/Humbert's stack moved 1005 > 0904, leaving 70e\/1, 70e\/2, 70e\/3 at 1005\./);
  expect(log).not.toMatch(/Grenadiers/);
  const seen = mod.view(s, 'English', rules).units.map((u) => u.id);
  expect(seen).toEqual(expect.arrayContaining(['70e-1', '70e-2', '70e-3']));
  expect(seen).not.toContain('70e-g');
});
