/**
 * --option humbert-combat=hidden (rulebook 5, rules/irlande-1798.md "Humbert's stack in combat"): a
 * combat never shows Humbert's stack to the English; results on it are reported as applied to
 * "Humbert's stack", and units the combat leaves apart from Humbert come into view.
 */
import { hiddenFromEnglish } from '../../../src/games/irlande-1798/hidden.js';
import type { IrlRules, IrlState, UnitId } from '../../../src/games/irlande-1798/state.js';
import { botRng } from '../../../src/engine/dice.js';
import { secretLeak } from '../../../src/engine/secrets.js';
import { englishSees, mod, play, position, rulesData, scriptedEnv, text, watchBotGame } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

/** The ids and names of `units` found in `out`. */
function named(out: string, units: UnitId[]): string[] {
  return units.flatMap((u) => [u, rules.index.unit[u].name].filter((x) => out.includes(x)));
}

const STACK = ['70e-g', '70e-1', '70e-2'];

/** The English (Lake, three militia: 12 SP, +1) attack Humbert's stack of three (6 SP) at 0606 in phase E. */
function englishAttack(combat: 'shown' | 'hidden', rolls: number[]) {
  const place: Record<string, string> = { kilkenny: '0506', longford: '0506', kerry: '0506' };
  for (const u of STACK) place[u] = '0606';
  const { s, env } = position(rules, place, { phase: 'E', generals: { humbert: '0606', lake: '0506' }, rolls });
  if (combat === 'hidden') s.options.humbertCombat = 'hidden';
  return { s, env };
}

/**
 * Plays the English attack, then answers every further question with its first option (the
 * French choosing their losses and retreats), to the next English combat question; checks the
 * English outputs at every step. Returns the log.
 */
function playAttack(s: IrlState, env: ReturnType<typeof scriptedEnv>, hidden: boolean): string {
  const leaks: string[] = [];
  const check = (when: string) => {
    const hiddenNow = STACK.filter((u) => hiddenFromEnglish(s, rules, u));
    const found = named(englishSees(s, rules), hiddenNow);
    if (found.length) leaks.push(`${when}: ${found.join(', ')}`);
  };
  play(s, env);
  check('at the combat question');
  mod.apply(s, 'attack 0606', env);
  check('after attack');
  for (let w; (w = mod.decision(s, rules)!.options.find((o) => o.id.startsWith('with ')));) mod.apply(s, w.id, env);
  check('attackers named');
  mod.apply(s, 'fight', env);
  for (let n = 0; s.combat && n < 30; n++) {
    check(`step ${n}`);
    mod.apply(s, mod.decision(s, rules)!.options[0].id, env);
  }
  check('after the combat');
  if (hidden) expect(leaks).toEqual([]);
  return text(env);
}

test("humbert-combat=hidden: an English attack on Humbert's stack names none of its units, before, through and after the combat", () => {
  // Die 6 +1 Lake -2 Humbert = 5 at 2-1 (12 to 6): JM/D1, the attacker wins.
  const { s, env } = englishAttack('hidden', [6, 1, 1, 1]);
  const log = playAttack(s, env, true);
  expect(s.humbertRevealed).toBe(false);
  expect(log).not.toMatch(/Combat shows Humbert's stack/);
  expect(log).toMatch(/A unit of Humbert's stack loses a step\./);
  expect(log).toMatch(/Humbert's stack is now at .* \(from 0606\)\./);
  // The log names no unit still with Humbert (all of them here), nor gives the stack's strength.
  const withHumbert = STACK.filter((u) => s.units[u].place === 'map' && s.units[u].hex === s.generals.humbert.hex);
  expect(withHumbert.length).toBeGreaterThan(0);
  expect(named(log, withHumbert)).toEqual([]);
  expect(log).toMatch(/12 to \?: strength unknown/);
  expect(log).toMatch(/column not shown/);
  expect(named(englishSees(s, rules), withHumbert)).toEqual([]);
});

test('humbert-combat=hidden: a unit of the stack that routs away is named once the combat has left it apart from Humbert', () => {
  // 8 to 6 at 1-1, die 3 +1 Lake -2 Humbert = 2: A1/JM, the defender wins; the order of the stack's
  // morale dice is shuffled blind (D3 = 3, D2 = 2: counter order kept), 70e/Grenadiers (quality 5) rolls 6 and routs.
  const { s, env } = englishAttack('hidden', [3, 3, 2, 6, 1, 1]);
  s.units.kerry = { ...s.units.kerry, place: 'reinforcement', hex: null };
  const log = playAttack(s, env, true);
  expect(log).toMatch(/Morale check \(JM\) of a unit of Humbert's stack\)\nA unit of Humbert's stack fails its morale check and routs\./);
  expect(log).not.toMatch(/quality 5|70e\/Grenadiers routs/);
  // (It has rallied since, in phase F: French units rally by themselves.)
  const g = s.units['70e-g'];
  expect(g.hex).not.toBe(s.generals.humbert.hex);
  expect(log).toContain(`70e/Grenadiers is out of Humbert's stack, at ${g.hex} (routed).`);
  expect(mod.view(s, 'English', rules).units.map((u) => u.id)).toContain('70e-g');
  expect(named(log, ['70e-1', '70e-2'])).toEqual([]);
});

test('humbert-combat=shown (the default): the combat shows the whole stack, as before', () => {
  const { s, env } = englishAttack('shown', [6, 1, 1, 1]);
  const log = playAttack(s, env, false);
  expect(log).toMatch(/Combat shows Humbert's stack at 0606: 70e\/Grenadiers 2 SP, 70e\/1 2 SP, 70e\/2 2 SP/);
  expect(log).toMatch(/12 to 6: 2-1/);
  expect(s.humbertRevealed).toBe(true);
});

test('humbert-combat=hidden: whole games never name a unit hidden with Humbert in the log, nor in the English screens (6 games)', () => {
  let combats = 0;
  let checks = 0;
  for (let g = 0; g < 6; g++)
    watchBotGame(rules, 'hidden-combat', g, { 'humbert-combat': 'hidden' }, (before, sess, added) => {
      if (sess.state.combat?.humbertStack && !before.combat?.humbertStack) combats++;
      const lines = added.map((e) => (e.kind === 'text' ? e.text : `${e.title}\n${e.rows.map((r) => r.join(' | ')).join('\n')}`));
      const hidden = rules.units
        .map((u) => u.id)
        .filter((u) => hiddenFromEnglish(before, rules, u) && hiddenFromEnglish(sess.state, rules, u));
      for (const line of lines) expect({ line, named: named(line, hidden) }).toEqual({ line, named: [] });
      const now = rules.units.map((u) => u.id).filter((u) => hiddenFromEnglish(sess.state, rules, u));
      expect(named(englishSees(sess.state, rules), now)).toEqual([]);
      checks++;
      expect(sess.state.humbertRevealed).toBe(false);
    });
  expect(combats).toBeGreaterThan(3);
  expect(checks).toBeGreaterThan(500);
});

test("humbert-combat=hidden: a French attack from Humbert's stack, bombarded by the English guns, names none of its units to the English", () => {
  // The stack at 0606 and the 3e Chasseurs at 0505 attack Lake's Kilkenny Militia at 0506; the English
  // answer with the artillery and aim at the stack: the unit hit is drawn by a blind shuffle (D3 = 3, D2 = 1:
  // 70e/1 first), die 3 = retreat.
  const place: Record<string, string> = { '3e-chass': '0505', kilkenny: '0506' };
  for (const u of STACK) place[u] = '0606';
  const { s, env } = position(rules, place, {
    phase: 'C',
    generals: { humbert: '0606', lake: '0506' },
    rolls: [3, 1, 3, 6, 1, 1, 1, 1, 1],
  });
  s.options.humbertCombat = 'hidden';
  const leaks: string[] = [];
  const labels: string[] = [];
  const check = (when: string) => {
    const out = englishSees(s, rules);
    const found = named(
      out,
      STACK.filter((u) => hiddenFromEnglish(s, rules, u)),
    );
    if (found.length) leaks.push(`${when}: ${found.join(', ')}`);
    const d = mod.decision(s, rules);
    if (d?.side === 'English') labels.push(...d.options.map((o) => `${o.id}: ${o.label}`));
  };
  play(s, env, 'attack 0506', 'with 70e-g', 'with all', 'with 3e-chass', 'fight');
  for (let n = 0; s.combat && n < 30; n++) {
    check(`step ${n}`);
    const d = mod.decision(s, rules)!;
    const pref = ['stratagem artillery', 'bombard humbert', 'done'].find((x) => d.options.some((o) => o.id === x));
    mod.apply(s, pref ?? d.options[0].id, env);
  }
  check('after the combat');
  expect(leaks).toEqual([]);
  expect(labels).toContain("bombard humbert: Bombard a unit of Humbert's stack, drawn blind (in 0606)");
  expect(labels).toContain('bombard 3e-chass: Bombard 3e Chasseurs (1 SP, quality 5, in 0505)');
  const log = text(env);
  expect(log).toMatch(/The French attack 0506 with 4 units against 1 unit\./);
  expect(log).toMatch(/Bombardment of a unit of Humbert's stack: die 3 = 3: the target retreats one hex\./);
  expect(log).toMatch(/French \(attacker\) \| 3e-chass 1, Humbert's stack \(2 units\)/);
  expect(log).toMatch(/\? to 4: strength unknown/);
  // 70e/1, driven off by the guns, stands apart from Humbert once the combat is over: named then, not before.
  expect(s.units['70e-1'].hex).not.toBe(s.generals.humbert.hex);
  expect(log).toContain(`70e/1 is out of Humbert's stack, at ${s.units['70e-1'].hex}.`);
  expect(named(log.slice(0, log.indexOf('70e/1 is out of')), STACK)).toEqual([]);
});

test.each(['shown', 'hidden'])(
  "humbert-combat=%s: a unit that retreats into Humbert's hidden stack is not named, as a move into it is not",
  (combat) => {
    // Kilkenny and Longford (8 SP) attack 70e/2 (2 SP) at 0506 next to Humbert's stack, across the Moy: die 4, JM/D1.
    const { s, env } = position(
      rules,
      { '70e-2': '0506', '70e-1': '0606', kilkenny: '0406', longford: '0406' },
      { phase: 'E', generals: { humbert: '0606' }, rolls: [4, 1, 1] },
    );
    if (combat === 'hidden') s.options.humbertCombat = 'hidden';
    play(s, env, 'attack 0506', 'with kilkenny', 'with longford', 'fight', 'retreat 70e-2 0606');
    const log = text(env);
    expect(log).toMatch(/70e\/2 loses a step \(now 1 SP\)\./);
    expect(log).toContain("A French unit retreats to 0606 and joins Humbert's stack.");
    expect(log).not.toMatch(/70e\/2 retreats/);
    expect(hiddenFromEnglish(s, rules, '70e-2')).toBe(true);
  },
);

test("humbert-combat=hidden: the English count of Humbert's stack (H?n) leaves out hidden units the combat took to another hex", () => {
  // As above: 70e/Grenadiers routs away from 0606 while the English still retreat (the combat goes
  // on), then 70e/1 and 70e/2 advance into 0506 one by one, Humbert staying at 0606 until they are done.
  const { s, env } = englishAttack('hidden', [3, 3, 2, 6, 1, 1]);
  s.units.kerry = { ...s.units.kerry, place: 'reinforcement', hex: null };
  play(s, env, 'attack 0606', 'with kilkenny', 'with longford', 'fight');
  const counts: number[] = [];
  for (let n = 0; s.combat && n < 30; n++) {
    const hh = s.generals.humbert.hex;
    if (STACK.some((u) => s.units[u].hex !== hh && hiddenFromEnglish(s, rules, u))) {
      const withHim = STACK.filter((u) => s.units[u].hex === hh).length;
      const v = mod.view(s, 'English', rules);
      expect(v.hiddenStack).toEqual({ hex: hh, atSea: false, counters: withHim });
      const screen = mod.render(v, { color: false, width: 80 });
      expect(screen).toContain(`H?${withHim}`);
      expect(screen).toContain(`${withHim} counter${withHim === 1 ? '' : 's'}, units and strength hidden`);
      counts.push(withHim);
    }
    mod.apply(s, mod.decision(s, rules)!.options[0].id, env);
  }
  expect(counts).toEqual([2, 2, 2, 2, 2, 2, 1]);
});

test("humbert-combat=hidden: the stack's morale dice are rolled in a blind-shuffled order, not the counter order", () => {
  // As above (A1/JM, the French check morale), but the shuffle (D3 = 1, D2 = 2) puts the counters in the
  // order 70e/2, 70e/1, 70e/Grenadiers: the third die, a 6, is the Grenadiers', who rout.
  const { s, env } = englishAttack('hidden', [3, 1, 2, 1, 1, 6]);
  s.units.kerry = { ...s.units.kerry, place: 'reinforcement', hex: null };
  play(s, env, 'attack 0606', 'with kilkenny', 'with longford', 'fight', 'lose kilkenny');
  expect(STACK.filter((u) => s.units[u].routed)).toEqual(['70e-g']);
  expect(text(env)).toMatch(
    /holds\.\n.*\n?A unit of Humbert's stack holds\.\n.*\n?A unit of Humbert's stack fails its morale check and routs\./,
  );
});

test("humbert-combat=hidden: the French screen gives the odds of their hidden stack's combat, which the public log leaves out", () => {
  // 8 to 6 at 1-1, die 3 +1 Lake -2 Humbert = 2: A1/JM (as above).
  const { s, env } = englishAttack('hidden', [3, 3, 2, 6, 1, 1]);
  s.units.kerry = { ...s.units.kerry, place: 'reinforcement', hex: null };
  play(s, env, 'attack 0606', 'with kilkenny', 'with longford', 'fight');
  const french = mod.view(s, 'French', rules);
  expect(french.combat!.hiddenOdds).toBe('Combat at 0606: column 1-1, modified die 2, result A1/JM');
  expect(mod.render(french, { color: false, width: 80 })).toContain('Combat at 0606: column 1-1, modified die 2, result A1/JM');
  const english = mod.view(s, 'English', rules);
  expect(english.combat!.hiddenOdds).toBeUndefined();
  expect(mod.render(english, { color: false, width: 80 })).not.toMatch(/column 1-1/);
  expect(text(env)).toMatch(/column not shown/);
});

/**
 * The French attack Lake at 0506 from Humbert's stack at 0606 (`stack`: its units, `first` among them)
 * and with the 3e Chasseurs from 0505; the English answer with the guns: their bombardment question.
 */
function gunsOnTheStack(stack: string[], strength: Record<string, number> = {}) {
  const place: Record<string, string> = { '3e-chass': '0505', kilkenny: '0506' };
  for (const u of stack) place[u] = '0606';
  const { s, env } = position(rules, place, { phase: 'C', generals: { humbert: '0606', lake: '0506' }, strength });
  s.options.humbertCombat = 'hidden';
  play(s, env, 'attack 0506', `with ${stack[0]}`, 'with all', 'with 3e-chass', 'fight', 'stratagem artillery');
  return { s, d: mod.decision(s, rules)! };
}

test("humbert-combat=hidden: the English guns are offered Humbert's stack alike whatever its strength (every unit of it they can fire on is in good order)", () => {
  const a = gunsOnTheStack(['70e-g', '70e-1', '70e-2']);
  const b = gunsOnTheStack(['70e-2', '70e-1', '70e-g'], { '70e-g': 1, '70e-1': 1 });
  expect(a.d.side).toBe('English');
  expect(a.d.options.map((o) => `${o.id}: ${o.label}`)).toEqual([
    'bombard 3e-chass: Bombard 3e Chasseurs (1 SP, quality 5, in 0505)',
    "bombard humbert: Bombard a unit of Humbert's stack, drawn blind (in 0606)",
  ]);
  expect(JSON.stringify(b.d)).toBe(JSON.stringify(a.d));
  expect(englishSees(b.s, rules)).toBe(englishSees(a.s, rules));
});

test("humbert-combat=hidden: a routed unit of Humbert's stack never faces the English guns (so whether they may fire on the stack tells nothing)", () => {
  // Phase C: 70e/1, Humbert's only unit, attacks the Kilkenny Militia: die 2 +2 Humbert = 4 at 1-2, JM/PP; it
  // rolls 6 and routs 0505 > 0405 > 0304, Humbert following. Phase D: Lake's Kerry Militia ends next to it.
  const { s, env } = position(
    rules,
    { '70e-1': '0606', kilkenny: '0506', kerry: '0203' },
    { phase: 'C', generals: { humbert: '0606', lake: '0203' }, rolls: [2, 6] },
  );
  s.options.humbertCombat = 'hidden';
  play(s, env, 'attack 0506', 'fight', 'rout 70e-1 0505', 'rout 70e-1 0405', 'rout 70e-1 0304', 'done');
  expect(s.phase).toBe('D');
  expect(s.units['70e-1']).toMatchObject({ hex: '0304', routed: true });
  expect(hiddenFromEnglish(s, rules, '70e-1')).toBe(true);
  // What the English have read: the stack's one unit (the attack's count) failed its morale check, and
  // Humbert went where it routed.
  const log = text(env);
  expect(log).toContain('The French attack 0506 with 1 unit against 1 unit.');
  expect(log).toContain("A unit of Humbert's stack fails its morale check and routs.");
  expect(log).toContain("Humbert's stack is now at 0304 (from 0606).");
  // An English unit next to it at the end of their movement, the only way to attack it in phase E, makes
  // it surrender first (9.2): the guns of phase E find every unit of the stack in good order.
  mod.apply(s, 'move kerry', env);
  mod.apply(s, 'to 0204', env);
  mod.apply(s, 'stop', env);
  mod.apply(s, 'end movement', env);
  expect(text(env)).toContain('70e/1 (routed, at 0304) is next to good-order enemy units and surrenders.');
  expect(s.units['70e-1'].place).toBe('eliminated');
});

/** The Galway Militia (1 SP) attacks Humbert at 0606, whose one unit `u` (1 SP) holds the hex. */
function galwayAttacks(u: UnitId) {
  const { s, env } = position(rules, { [u]: '0606', galway: '0506' }, { phase: 'E', generals: { humbert: '0606' }, rolls: [6, 6] });
  s.options.humbertCombat = 'hidden';
  play(s, env, 'attack 0606', 'fight');
  return { s, env };
}

/**
 * galwayAttacks: die 6 -2 Humbert = 4 at 1-1, PP/JM, the attacker wins; `u` rolls 6 and routs, the
 * French picking each step (`pick`: the index among the offered hexes), and the English may advance.
 * Returns what the English are shown from the attack to the end of the combat (the log, and each new
 * view, screen and English question in turn) and the rout's path.
 */
function routOfTheOnlyUnit(u: UnitId, pick: (n: number) => number = () => 0) {
  const { s, env } = galwayAttacks(u);
  const seen: string[] = [];
  const path: string[] = [];
  // The other of the two units waits among the reinforcements: the English list them by name.
  const mask = (x: string) => x.replace(/70e-3|3e-chass/g, 'U');
  const look = () => {
    const d = mod.decision(s, rules);
    const v = mod.view(s, 'English', rules);
    const units = v.units.filter((x) => x.id !== '70e-3' && x.id !== '3e-chass');
    const now = [
      JSON.stringify({ ...v, units }),
      mask(mod.render(v, { color: false, width: 80, height: 20 })),
      d?.side === 'English' ? JSON.stringify(d) : '',
    ].join('\n');
    if (seen[seen.length - 1] !== now) seen.push(now);
  };
  for (let n = 0; s.combat && n < 30; n++) {
    look();
    const d = mod.decision(s, rules)!;
    const id = d.side === 'French' ? d.options[Math.min(pick(path.length), d.options.length - 1)].id : d.options[0].id;
    if (id.startsWith('rout ')) path.push(id.split(' ')[2]);
    mod.apply(s, id, env);
  }
  const log = text(env);
  return { s, env, seen, path, log };
}

test("humbert-combat=hidden: the English see nothing of a hidden unit's rout, infantry (3 hexes) or cavalry (4), until the combat ends; Humbert goes with it", () => {
  const inf = routOfTheOnlyUnit('70e-3');
  const cav = routOfTheOnlyUnit('3e-chass');
  expect(inf.path).toHaveLength(3);
  expect(cav.path).toHaveLength(4);
  // The English advanced into 0606 in both games: a question they answered while the unit was away.
  expect(inf.s.units.galway.hex).toBe('0606');
  expect(cav.s.units.galway.hex).toBe('0606');
  const beforeEnd = (log: string) => log.slice(0, log.indexOf("Humbert's stack is now at"));
  expect(beforeEnd(inf.log)).not.toBe('');
  expect(beforeEnd(inf.log)).not.toMatch(/Humbert joins his units/);
  expect(beforeEnd(cav.log)).toBe(beforeEnd(inf.log));
  expect(cav.seen).toEqual(inf.seen);
  // Humbert went with his unit, by the rules (9.2), and is seen with it once the combat is over.
  for (const g of [inf, cav]) {
    const end = g.path[g.path.length - 1];
    expect(g.s.generals.humbert).toMatchObject({ place: 'map', hex: end });
    expect(g.log).toContain(`Humbert's stack is now at ${end} (from 0606).`);
    expect(mod.view(g.s, 'English', rules).generals.find((x) => x.id === 'humbert')!.hex).toBe(end);
  }
});

test('humbert-combat=hidden: two rout paths of the same hidden unit look the same to the English until the combat ends', () => {
  const a = routOfTheOnlyUnit('70e-3', () => 0);
  const b = routOfTheOnlyUnit('70e-3', (n) => (n === 0 ? 2 : 1));
  expect(a.path).not.toEqual(b.path);
  expect(b.seen).toEqual(a.seen);
});

test('humbert-combat=hidden: the secrets property holds at the English advance while the hidden unit routed away with Humbert', () => {
  const { s, env } = galwayAttacks('3e-chass');
  play(s, env, 'rout 3e-chass 0605', 'rout 3e-chass 0604', 'rout 3e-chass 0603', 'rout 3e-chass 0602');
  const d = mod.decision(s, rules)!;
  expect(d.side).toBe('English');
  expect(s.generals.humbert.hex).toBe('0602');
  const rng = botRng('hidden-rout-humbert');
  for (let k = 0; k < 10; k++) {
    const r = secretLeak(mod, rules, s, 'English', rng, k < 2);
    expect(r).toEqual({ leak: null, changed: true });
  }
});

test('humbert-combat=hidden: Humbert whose only unit is eliminated joins a unit next to him unseen; the log says where he is once the combat is over', () => {
  // Kerry and Galway (5 SP) attack 70e/3 (1 SP) with Humbert at 0606: die 3 -2 Humbert = 1 at 5-1, A1/D1.
  // 70e/3 is eliminated; Humbert goes to the 3e Chasseurs next to him at 0605.
  const { s, env } = position(
    rules,
    { '70e-3': '0606', '3e-chass': '0605', galway: '0506', kerry: '0506' },
    { phase: 'E', generals: { humbert: '0606' }, rolls: [3] },
  );
  s.options.humbertCombat = 'hidden';
  // Naming the eliminated unit of the hidden stack is a reveal: no decision is taken back past it.
  let reveals = 0;
  env.reveal = () => void reveals++;
  play(s, env, 'attack 0606', 'with galway', 'with kerry', 'fight');
  expect(reveals).toBe(0);
  play(s, env, 'lose galway');
  expect(reveals).toBe(1);
  expect(s.units['70e-3'].place).toBe('eliminated');
  expect(s.generals.humbert.hex).toBe('0605');
  // The English advance question: Humbert still shown where the combat found him, the Chasseurs in the open.
  const d = mod.decision(s, rules)!;
  expect(d.side).toBe('English');
  const v = mod.view(s, 'English', rules);
  expect(v.generals.find((g) => g.id === 'humbert')!.hex).toBe('0606');
  expect(v.units.find((u) => u.id === '3e-chass')!.hex).toBe('0605');
  expect(text(env)).not.toMatch(/Humbert joins/);
  play(s, env, 'done');
  expect(s.combat).toBeNull();
  expect(text(env)).toContain('Humbert is now at 0605 (from 0606).');
  expect(mod.view(s, 'English', rules).units.map((u) => u.id)).not.toContain('3e-chass');
});

test("humbert-combat=hidden: an English unit advancing into the hex Humbert's units all left does not find him on the English map; where he went is shown when the combat ends", () => {
  // The Galway Volunteers and the Yeomanry Inf. 1 attack the 3e Chasseurs, Humbert's one unit: die 5 -2 Humbert = 3
  // at 2-1, PP/JM; the Chasseurs roll 6 and rout, Humbert going with them; the English advance one by one.
  const { s, env } = position(
    rules,
    { '3e-chass': '0606', galway: '0506', 'yeo-inf-1': '0506' },
    { phase: 'E', generals: { humbert: '0606' }, rolls: [5, 6] },
  );
  s.options.humbertCombat = 'hidden';
  play(s, env, 'attack 0606', 'with galway', 'with yeo-inf-1', 'fight');
  play(s, env, 'rout 3e-chass 0605', 'rout 3e-chass 0604', 'rout 3e-chass 0603', 'rout 3e-chass 0602');
  const humbertSeen = () => mod.view(s, 'English', rules).generals.find((g) => g.id === 'humbert')!;
  expect(humbertSeen()).toEqual({ id: 'humbert', place: 'map', hex: '0606' });
  play(s, env, 'advance galway 0606');
  expect(mod.decision(s, rules)!.side).toBe('English');
  expect(humbertSeen()).toEqual({ id: 'humbert', place: 'map', hex: null });
  const screen = mod.render(mod.view(s, 'English', rules), { color: false, width: 120 });
  expect(screen).toContain('humbert@?');
  expect(screen).not.toMatch(/Hi\d/);
  play(s, env, 'done');
  expect(s.combat).toBeNull();
  expect(humbertSeen()).toEqual({ id: 'humbert', place: 'map', hex: '0602' });
  expect(text(env)).toContain("Humbert's stack is now at 0602 (from 0606).");
});
