import { BadRoll, botRngFor, botRngsFor, EngineDice, NeedRoll, parseRollList } from '../../src/engine/dice.js';

describe('dice', () => {
  test('the same seed string gives the same rolls, another seed other rolls', () => {
    const a = EngineDice.seeded('abc');
    const b = EngineDice.seeded('abc');
    const c = EngineDice.seeded('abd');
    const ra = Array.from({ length: 50 }, () => a.roll(6, 't'));
    expect(Array.from({ length: 50 }, () => b.roll(6, 't'))).toEqual(ra);
    expect(Array.from({ length: 50 }, () => c.roll(6, 't'))).not.toEqual(ra);
  });

  test('seeded rolls are pinned (Alea): a change of generator would break every golden record', () => {
    const d = EngineDice.seeded('muster');
    expect(Array.from({ length: 10 }, () => d.roll(6, 't'))).toEqual([1, 5, 2, 5, 3, 3, 3, 6, 1, 2]);
  });

  test('rolls stay within 1..sides and cover every face', () => {
    const d = EngineDice.seeded('range');
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const r = d.roll(6, 't');
      expect(r).toBeGreaterThanOrEqual(1);
      expect(r).toBeLessThanOrEqual(6);
      seen.add(r);
    }
    expect(seen.size).toBe(6);
  });

  test('scripted dice give their list in order, then ask for more', () => {
    const d = EngineDice.scripted([3, 5]);
    expect(d.roll(6, 'a')).toBe(3);
    expect(d.roll(6, 'b')).toBe(5);
    expect(() => d.roll(6, 'c')).toThrow(NeedRoll);
  });

  test('a scripted roll too big for its die is refused with the reason', () => {
    const d = EngineDice.scripted([7]);
    expect(() => d.roll(6, 'Combat')).toThrow(BadRoll);
    expect(() => EngineDice.scripted([7]).roll(6, 'Combat')).toThrow(/D6 for "Combat"/);
  });

  test('every draw is reported with its reason', () => {
    const d = EngineDice.scripted([2, 1]);
    const seen: string[] = [];
    d.onRoll = (r) => seen.push(`${r.reason}:${r.result}/${r.sides}`);
    d.roll(6, 'x');
    d.pick(['a', 'b', 'c'], 'tie');
    expect(seen).toEqual(['x:2/6', 'tie:1/3']);
  });

  test('pick of a single item draws nothing', () => {
    const d = EngineDice.scripted([]);
    expect(d.pick(['only'], 'r')).toBe('only');
    expect(d.count).toBe(0);
  });

  test('shuffle is a permutation and draws one roll per position after the first', () => {
    const d = EngineDice.seeded('s');
    const deck = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const sh = d.shuffle(deck, 'deck');
    expect([...sh].sort()).toEqual(deck);
    expect(d.count).toBe(8);
  });

  test('roll lists parse commas, spaces and comments, and refuse junk', () => {
    expect(parseRollList('3,5 1\n# c\n6')).toEqual([3, 5, 1, 6]);
    expect(() => parseRollList('3,x')).toThrow(/^"x" is not a die result/);
    expect(() => parseRollList('3\n4,x')).toThrow(/^line 2: "x"/);
    expect(() => parseRollList('3,,4')).toThrow(/empty entry between commas/);
    expect(() => parseRollList('3,4,')).toThrow(/empty entry between commas/);
    expect(() => parseRollList('0')).toThrow();
  });
});

describe('shuffle logging', () => {
  test('a shuffle is reported once with its draw count, not draw by draw', () => {
    const d = EngineDice.seeded('s');
    const rolls: string[] = [];
    const shuffles: string[] = [];
    d.onRoll = (r) => rolls.push(r.reason);
    d.onShuffle = (reason, items, draws) => shuffles.push(`${reason}/${items}/${draws}`);
    d.shuffle([1, 2, 3, 4], 'Shuffle the deck');
    d.roll(6, 'after');
    expect(shuffles).toEqual(['Shuffle the deck/4/3']);
    expect(rolls).toEqual(['after']);
    expect(d.count).toBe(4);
  });
  test('a shuffle names what it shuffles: cards unless told (counters drawn blind, Irlande 1798)', () => {
    const d = EngineDice.seeded('s');
    const what: string[] = [];
    d.onShuffle = (_reason, _items, _draws, w) => what.push(w);
    d.shuffle([1, 2, 3], 'Shuffle the deck');
    d.shuffle([1, 2, 3], "Humbert's stack", 'counters');
    expect(what).toEqual(['cards', 'counters']);
  });
});

describe('prompted dice and shuffles', () => {
  test('with shuffleFrom, a shuffle draws from its own seeded generator, not from the typed rolls', () => {
    const d = EngineDice.scripted([5]).shuffleFrom('s/shuffle');
    const a = d.shuffle([1, 2, 3, 4, 5, 6], 'deck');
    expect(d.count).toBe(0);
    expect(d.roll(6, 'after')).toBe(5);
    expect(EngineDice.scripted([]).shuffleFrom('s/shuffle').shuffle([1, 2, 3, 4, 5, 6], 'deck')).toEqual(a);
  });
  test('advance puts fresh dice at the same place in both sources', () => {
    const d = EngineDice.scripted([2, 4, 6]).shuffleFrom('x');
    d.roll(6, 'a');
    d.shuffle([1, 2, 3], 'deck');
    const next = d.shuffle([1, 2, 3, 4], 'deck');
    const e = EngineDice.scripted([2, 4, 6]).shuffleFrom('x').advance(1, 2);
    expect(e.shuffle([1, 2, 3, 4], 'deck')).toEqual(next);
    expect(e.roll(6, 'b')).toBe(4);
  });

  test('a prompted or scripted pick that runs out names what each result draws (a card by name)', () => {
    const d = EngineDice.scripted([]);
    let need: NeedRoll | undefined;
    try {
      d.pick(['k1', 'k2', 'k3'], 'Random event: draw a card', (k) => ({ k1: 'Tom Barry', k2: 'Kevin Barry', k3: 'Reprisals' })[k]!);
    } catch (e) {
      if (!(e instanceof NeedRoll)) throw e;
      need = e;
    }
    expect(need?.sides).toBe(3);
    expect(need?.names).toEqual(['Tom Barry', 'Kevin Barry', 'Reprisals']);
    // The answer is recorded as the die result it stands for: the same record replays exactly.
    expect(EngineDice.scripted([2]).pick(['k1', 'k2', 'k3'], 'r')).toBe('k2');
  });
});

describe('bot generators', () => {
  test('botRngsFor gives the generators of botRngFor, side by side and decision by decision', () => {
    const game = botRngsFor('game/7');
    for (const [side, n] of [
      ['Parliament', 1],
      ['Royalist', 2],
      ['Parliament', 3],
      ['Royalist', 500],
    ] as const) {
      const a = game(side, n);
      const b = botRngFor('game/7', side, n);
      expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    }
    expect(botRngFor('game/7', 'Parliament', 1)()).not.toBe(botRngFor('game/7', 'Parliament', 2)());
  });

  test('bot generators are pinned: a change would change every bot game of the golden records', () => {
    const r = botRngFor('muster', 'Irish', 3);
    expect(Array.from({ length: 4 }, () => Math.floor(r() * 1000))).toEqual([424, 523, 358, 40]);
  });

  test("a decision's first draw is uniform across decisions and sides (each generator is seeded from a mixed 32-bit seed)", () => {
    // A bot mostly draws once a decision, so the first draws of neighbouring decisions must not be alike.
    const counts = [0, 0, 0, 0, 0, 0];
    let repeats = 0;
    let last = -1;
    for (const side of ['Parliament', 'Royalist']) {
      for (let n = 1; n <= 6000; n++) {
        const x = botRngFor('uniform', side, n)();
        expect(x >= 0 && x < 1).toBe(true);
        const face = Math.floor(x * 6);
        counts[face]++;
        if (face === last) repeats++;
        last = face;
      }
    }
    // 12,000 draws: 2,000 a face, sd about 41; one in six follows its own face (sd about 34).
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(200);
    expect(Math.abs(repeats - 2000)).toBeLessThan(200);
  });
});

describe('rollSum', () => {
  test('draws its dice one by one as roll does, each with its own reason when shown', () => {
    const a = EngineDice.seeded('sum');
    const b = EngineDice.seeded('sum');
    const reasons: string[] = [];
    a.onRoll = (r) => reasons.push(r.reason);
    const one = [b.roll(6, 'x'), b.roll(6, 'x'), b.roll(6, 'x')];
    expect(a.rollSum(3, 6, 'Muster')).toBe(one[0] + one[1] + one[2]);
    expect(reasons).toEqual(['Muster (die 1 of 3)', 'Muster (die 2 of 3)', 'Muster (die 3 of 3)']);
    expect(a.rollSum(1, 6, 'Loss')).toBe(b.roll(6, 'x'));
    expect(reasons[3]).toBe('Loss');
  });

  test('a missing scripted die names which die of the roll it is', () => {
    const d = EngineDice.scripted([4]);
    expect(() => d.rollSum(2, 6, 'Casualties')).toThrow(/D6, Casualties \(die 2 of 2\)/);
  });
});
