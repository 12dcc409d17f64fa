/**
 * The rules data against the rulebook, card by card (issue 7: a planted fault like Prince Rupert 8 → 7
 * made no behaviour test fail). CARD_LIST is the rulebook's Common Deck Card List transcribed: name,
 * type letters, score (null for "-") and copies (1 unless the notes say "N copies in deck"), in the
 * rulebook's order. The notes (effects) are checked by the rule tests of each mechanism.
 */
import type { EcwRules } from '../../../src/games/english-civil-war/state.js';
import { rulesData } from './helpers.js';

type Line = [name: string, type: string, score: number | null, copies: number];

const CARD_LIST: Line[] = [
  ['Charles I', 'LR', 6, 4],
  ['Prince Rupert', 'LR', 8, 2],
  ['Oliver Cromwell', 'LP', 10, 4],
  ['Sir Thomas Fairfax', 'LP', 9, 2],
  ['Earl of Newcastle', 'LR', 5, 1],
  ['Marquis of Ormonde', 'LR', 4, 1],
  ['Duke of Hamilton', 'LR', 3, 1],
  ['Sir Ralph Hopton', 'LR', 2, 1],
  ['Lord Wilmot', 'LR', 1, 1],
  ['Sir Langdale', 'LR', 1, 1],
  ['Lord Fairfax', 'LP', 7, 1],
  ['Earl of Essex', 'LP', 5, 1],
  ['Earl of Leven', 'LP', 4, 1],
  ['Earl of Manchester', 'LP', 3, 1],
  ['Sir William Waller', 'LP', 2, 1],
  ['General Skippon', 'LP', 1, 1],
  ['Roundheads', 'XP', 5, 1],
  ['Ironside Cavalry', 'XP', 8, 1],
  ['Cavaliers', 'XR', 7, 1],
  ['Wales', 'ER', null, 1],
  ['Midlands', 'ER', null, 1],
  ['Lancashire', 'ER', null, 1],
  ['Yorkshire', 'ER', null, 1],
  ['Cornwall', 'ER', null, 1],
  ['Bristol', 'ER', null, 1],
  ['Free Quarter', 'ER', null, 1],
  ['Plunder', 'ER', null, 1],
  ['Divine Right', 'ER', null, 1],
  ['Aristocratic Support', 'ER', null, 1],
  ['Continental Support', 'ER', null, 1],
  ['Anglican Support', 'ER', null, 1],
  ['Calvinist Support', 'EP', null, 1],
  ['Financier Loans', 'EP', null, 1],
  ['Cloth Towns', 'EP', null, 1],
  ['Monthly Assessment', 'EP', null, 1],
  ['London', 'EP', null, 1],
  ['East Anglia', 'EP', null, 1],
  ['Command of the Sea', 'EP', null, 1],
  ['Ports', 'EP', null, 1],
  ['Customs Revenue', 'EP', null, 1],
  ['Confiscated Land', 'EP', null, 1],
  ['Excise Tax', 'EP', null, 1],
  ['Mobilize', 'E', null, 1],
  ['Propaganda', 'E', null, 1],
  ['Reinforcements', 'E', null, 1],
  ['Negotiations', 'E', null, 1],
  ['Strategic Victory', 'V', null, 1],
  ['Trap', 'T', 10, 1],
  ['Tactical Blunder', 'T', 5, 1],
  ['Well Equipped', 'M', 4, 1],
  ['Well Trained', 'M', 5, 1],
  ['Demoralized', 'M', 5, 1],
  ['Confident', 'M', 6, 1],
  ['Crowded', 'T', 7, 1],
  ['Move Downhill', 'T', 5, 1],
  ['Driving Rain', 'T', 3, 1],
  ['Depression', 'BZ', 4, 1],
  ['Battle Cry', 'M', 3, 1],
  ['Isolated Flank', 'BT', 4, 1],
  ['Perceive Weakness', 'T', 5, 1],
  ['Conviction', 'M', 4, 1],
  ['Taken in the Flank', 'BT', 8, 1],
  ['Strategic Blunder', 'E', null, 1],
  ['Steadiness', 'M', 7, 1],
  ['Rearguard', 'E', null, 1],
  ['Cannonade', 'T', 3, 1],
  ['Wounded General', 'M', 2, 1],
  ['Resolute', 'M', 5, 1],
  ['Brave Fellows', 'M', 6, 1],
  ['Dogged Action', 'T', 3, 1],
  ['Fortress', 'SZD', 10, 1],
  ['Clash', 'T', 4, 1],
  ['Elite Force', 'M', 7, 1],
  ['Scots Brigades', 'X', 5, 1],
  ['Driven Back', 'M', 6, 1],
  ['Press Advantage', 'T', 5, 1],
  ['Pitched Battle', 'BT', 5, 1],
  ['Forlorn Hope', 'X', 5, 1],
  ['Dispirited', 'M', 2, 1],
  ['Resounding Victory', 'V', null, 1],
  ['Superior Numbers', 'T', 8, 1],
  ['Stronghold', 'SZD', 8, 1],
  ['Put to the Sword', 'E', null, 1],
  ['Bitter Campaign', 'E', null, 1],
  ['Mutiny', 'E', null, 1],
  ['Major Raids', 'E', null, 1],
  ['Iron Hats', 'X', 5, 1],
  ['Infantry in the Center', 'TB', 2, 1],
  ['Cavalry on the Flanks', 'TB', 3, 1],
  ['Relief Force', 'SXD', 10, 1],
  ['Artillery Exchange', 'T', 2, 1],
  ['Rally Cavalry', 'BT', 8, 1],
  ['Rout Flank', 'BT', 5, 1],
  ['Flee the Field', 'BT', 3, 1],
  ['Rear Attack', 'BT', 9, 1],
  ['Scatter Cavalry', 'BT', 4, 1],
  ['Regroup', 'BM', 5, 1],
  ['Musketeers', 'X', 5, 1],
  ['Fighting Withdrawal', 'TB', 4, 1],
  ['Exhaustion', 'M', 2, 1],
  ['Confusion', 'M', 3, 1],
  ['High Ground', 'Z', 6, 1],
  ['Charge', 'BT', 5, 1],
  ['Poor Ground', 'BZ', 4, 1],
  ['Ridge', 'BZ', 4, 1],
  ['Ditch', 'BZ', 3, 1],
  ['Surprise Attack', 'BT', 9, 1],
  ['Out of Position', 'BT', 4, 1],
  ['Hedges', 'BZ', 5, 1],
  ['Dragoons', 'X', 5, 1],
  ['Discipline', 'M', 5, 1],
  ['Breakthrough', 'T', 7, 1],
  ['Reserves', 'X', 10, 1],
  ['Overwhelm', 'T', 8, 1],
  ['Melee', 'T', 5, 1],
  ['Crushing Victory', 'V', null, 1],
  ['Decisive Victory', 'V', null, 1],
  ['Form Alliance', 'E', null, 1],
  ['Counter Attack', 'TD', 7, 1],
  ['Falconets', 'X', 5, 1],
  ['Breach the Walls', 'AST', 10, 1],
  ['Assault', 'AT', 7, 1],
  ['Repel', 'DT', 6, 1],
  ['Pursuit', 'BT', 2, 1],
  ['Outmaneuver', 'BT', 9, 1],
  ['Loyalty', 'M', 4, 1],
  ['Sword & Pike', 'X', 5, 1],
  ['Push of Pike', 'BT', 4, 1],
  ['Determination', 'M', 4, 1],
  ['Veteran Infantry', 'X', 5, 1],
  ['Leader Killed', 'M', 7, 1],
  ['Musket Volleys', 'X', 5, 1],
  ['March Out', 'STD', 4, 1],
  ['Bombardment', 'T', 3, 1],
  ['Storm Town', 'AST', 8, 1],
  ['Thick Walls', 'SDZ', 7, 1],
  ['Treachery', 'M', 5, 1],
  ['Garrison', 'SDX', 4, 1],
  ['Slaughter', 'E', null, 1],
  ['Disorganized', 'M', 2, 1],
  ['Lose Coherence', 'M', 3, 1],
  ['Poor Deployment', 'T', 5, 1],
  ['Angry', 'M', 5, 1],
  ['Gallant Resistance', 'DM', 6, 1],
  ['Ravine', 'ZB', 6, 1],
  ['Tracked Down', 'E', null, 1],
  ['Invade', 'E', null, 1],
  ['Nightfall', 'T', 6, 1],
  ['Fleet Support', 'TP', 5, 1],
  ['New Model Army', 'PM', 8, 1],
];

let rules: EcwRules;
beforeAll(async () => {
  rules = await rulesData();
});

/** The rules data's card lines in the same shape. */
const dataLines = (r: EcwRules): Line[] => r.cards.map((c) => [c.name, c.type, c.score, c.copies]);

test("the rules data has the rulebook's 150 card lines, 158 cards, in the rulebook's order", () => {
  expect(CARD_LIST).toHaveLength(150);
  expect(CARD_LIST.reduce((n, l) => n + l[3], 0)).toBe(158);
  expect(dataLines(rules).map((l) => l[0])).toEqual(CARD_LIST.map((l) => l[0]));
});

test.each(CARD_LIST.map((l, i) => [i, ...l] as const))('card line %i, %s: type %s, score %p, %i copies', (i, name, type, score, copies) => {
  const c = rules.cards[i];
  expect({ name: c.name, type: c.type, score: c.score, copies: c.copies }).toEqual({ name, type, score, copies });
});

test('a planted fault is caught: Prince Rupert 8 → 7', () => {
  const planted = structuredClone(rules);
  planted.cards.find((c) => c.name === 'Prince Rupert')!.score = 7;
  expect(dataLines(planted)).not.toEqual(CARD_LIST);
  expect(dataLines(rules)).toEqual(CARD_LIST);
});
