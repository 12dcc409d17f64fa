/**
 * The turn's phases name the next one as data (flow.ts, beginPhase): no phase file imports another,
 * so there is no import circle around the turn (style.md). A phase left unregistered stops every game
 * (the battery and the golden records).
 */
import { readFileSync } from 'node:fs';

const PHASE_FILES = [
  'strategy',
  'muster',
  'declarations',
  'skirmish',
  'battle',
  'casualties',
  'capitulation',
  'plot',
  'loss-support',
  'end',
];

test.each(PHASE_FILES)('%s.ts imports no other phase file', (file) => {
  const text = readFileSync(new URL(`../../../src/games/english-civil-war/${file}.ts`, import.meta.url), 'utf8');
  const imported = [...text.matchAll(/from '\.\/([\w-]+)\.js'/g)].map((m) => m[1]);
  expect(imported.filter((f) => PHASE_FILES.includes(f))).toEqual([]);
});
