/**
 * Order cards are a simultaneous secret commitment: the second side's view, screen, prompt, option
 * labels and the log hold nothing of the first side's cards (not even how many) until the reveal.
 */
import { botRng } from '../../../src/engine/dice.js';
import { Session } from '../../../src/engine/runner.js';
import type { SaState } from '../../../src/games/small-action/types.js';
import { legalCards, cardId } from '../../../src/games/small-action/orders.js';
import { mod, rules, rulesData } from './helpers.js';

beforeAll(rulesData);

/** Red's whole output at its first card decision of `turn`, after Blue laid `blueCard` (and both played `prefix` before). */
function redSees(scenario: string, prefix: string[], blueCard: string) {
  const s = new Session<SaState>(mod, rules(), { seed: 'secrets', options: { scenario }, rulesHash: 'x' }).start();
  for (const c of prefix) s.choose(c);
  const logBefore = s.log.length;
  s.choose(blueCard);
  const d = s.decision()!;
  expect(d.side).toBe('Red');
  const v = mod.view(s.state, 'Red', rules());
  return {
    view: JSON.stringify(v),
    render80: mod.render(v, { color: false, width: 80 }),
    render120: mod.render(v, { color: true, width: 120, height: 30 }),
    status: mod.status!(v, 80),
    decision: JSON.stringify(d),
    log: JSON.stringify(s.log.slice(logBefore)),
    help: mod.help(s.state, rules()),
  };
}

/** Choices (heuristic bots) up to a Blue card decision after which Red lays a card of its own (not a forced one). */
function prefixTo(scenario: string): string[] {
  const s = new Session<SaState>(mod, rules(), { seed: 'secrets', options: { scenario }, rulesHash: 'x' }).start();
  const rng = botRng('prefix');
  const out: string[] = [];
  for (let d = s.decision(); d; d = s.decision()) {
    if (d.secret && d.side === 'Blue' && s.state.turn >= 2) {
      const probe = new Session<SaState>(mod, rules(), { seed: 'secrets', options: { scenario }, rulesHash: 'x' }).start();
      for (const c of out) probe.choose(c);
      probe.choose(d.options[0].id);
      if (probe.decision()?.secret && probe.decision()?.side === 'Red') return out;
    }
    const id = mod.bots.heuristic(mod.view(s.state, d.side, rules()), d, rng);
    out.push(id);
    s.choose(id);
  }
  throw new Error('no such decision');
}

describe.each(['lane-ambush', 'patrol-clash'])('%s: Red sees the same whatever Blue ordered', (scenario) => {
  test("every card Blue may lay leaves Red's view, screens, prompt, labels and log byte-identical", () => {
    const prefix = prefixTo(scenario);
    const s = new Session<SaState>(mod, rules(), { seed: 'secrets', options: { scenario }, rulesHash: 'x' }).start();
    for (const c of prefix) s.choose(c);
    const blue = s.decision()!.options.map((o) => o.id);
    expect(blue.length).toBe(9);
    const ref = redSees(scenario, prefix, blue[0]);
    for (const id of blue.slice(1)) expect(redSees(scenario, prefix, id)).toEqual(ref);
  });
});

test("perturbHidden: at every secret decision of random games, the deciding side's outputs do not change when the other side's face-down cards do", () => {
  let checked = 0;
  for (let g = 0; g < 12; g++) {
    const scenario = g % 2 ? 'lane-ambush' : 'patrol-clash';
    const s = new Session<SaState>(mod, rules(), { seed: `perturb/${g}`, options: { scenario }, rulesHash: 'x', keepLog: false }).start();
    const rng = botRng(`perturb/${g}`);
    for (let d = s.decision(); d; d = s.decision()) {
      if (d.secret) {
        const side = d.side;
        const other = mod.perturbHidden!(s.state, side, rules(), rng);
        const out = (st: SaState) => {
          const v = mod.view(st, side, rules());
          return [
            JSON.stringify(v),
            mod.render(v, { color: false, width: 80 }),
            mod.status!(v, 100),
            JSON.stringify(mod.decision(st, rules())),
          ].join('\n');
        };
        expect(out(other)).toBe(out(s.state));
        checked++;
      }
      s.choose(mod.bots.random(mod.view(s.state, d.side, rules()), d, rng));
    }
  }
  expect(checked).toBeGreaterThan(50);
});

test('perturbHidden changes only what is hidden, and legally', () => {
  const s = new Session<SaState>(mod, rules(), { seed: 'legal', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
  s.choose('order british combat');
  let changed = 0;
  const rng = botRng('legal');
  for (let k = 0; k < 20; k++) {
    const p = mod.perturbHidden!(s.state, 'Red', rules(), rng);
    const card = p.sections[0].card!;
    expect(legalCards(p, 0).some((c) => cardId(c) === cardId(card))).toBe(true);
    if (cardId(card) !== 'combat') changed++;
    expect(p.figures).toEqual(s.state.figures);
  }
  expect(changed).toBeGreaterThan(0);
  expect(s.state.sections[0].card).toEqual({ kind: 'combat' });
});

test("Blue's cards are in Blue's view and not in Red's; both see them after the reveal", () => {
  const s = new Session<SaState>(mod, rules(), { seed: 'reveal', options: { scenario: 'patrol-clash' }, rulesHash: 'x' }).start();
  s.choose('order british aimed-fire');
  const red = mod.view(s.state, 'Red', rules());
  expect(red.sections[0].card).toBeUndefined();
  expect(JSON.stringify(red)).not.toContain('Aimed Fire');
  expect(mod.view(s.state, 'Blue', rules()).sections[0].card).toBe('Aimed Fire');
  s.choose('order germans combat');
  expect(mod.view(s.state, 'Red', rules()).sections[0].card).toBe('Aimed Fire');
  expect(s.log.map((l) => (l.entry.kind === 'text' ? l.entry.text : '')).join('\n')).toContain(
    'Order cards revealed: British section: Aimed Fire',
  );
});
