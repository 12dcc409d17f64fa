/**
 * The game registry. Metadata is imported eagerly (it is small, for `muster list`);
 * each module's code is loaded only when a command needs it, so start-up stays fast.
 */
import type { GameMeta, AnyGameModule } from '../engine/module.js';
import { meta as irishFreedomMeta } from './irish-freedom/meta.js';
import { meta as englishCivilWarMeta } from './english-civil-war/meta.js';
import { meta as irlande1798Meta } from './irlande-1798/meta.js';
import { meta as smallActionMeta } from './small-action/meta.js';

export interface GameEntry {
  meta: GameMeta;
  load(): Promise<AnyGameModule>;
}

export const GAMES: GameEntry[] = [
  { meta: irishFreedomMeta, load: async () => (await import('./irish-freedom/index.js')).irishFreedom },
  { meta: englishCivilWarMeta, load: async () => (await import('./english-civil-war/index.js')).englishCivilWar },
  { meta: irlande1798Meta, load: async () => (await import('./irlande-1798/index.js')).irlande1798 },
  { meta: smallActionMeta, load: async () => (await import('./small-action/index.js')).smallAction },
];

/** Finds a game by id; returns undefined when there is none. */
export function findGame(id: string): GameEntry | undefined {
  return GAMES.find((g) => g.meta.id === id);
}
