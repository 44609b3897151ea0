import { useMemo } from 'react';
import type { Game } from '../../../shared/schemas';
import { useCoarsePointer } from './useCoarsePointer';

/** The games that take touch first, each group in the list's own order (a stable partition). */
export function touchFirst<T extends Pick<Game, 'controls'>>(games: T[]): T[] {
  return [...games.filter((game) => game.controls.includes('touch')), ...games.filter((game) => !game.controls.includes('touch'))];
}

/**
 * A list as a touch screen should see it: the games it can play first. On other screens, and
 * while hydrating (the server renders for no pointer), the list as it came.
 */
export function useTouchFirst<T extends Pick<Game, 'controls'>>(games: T[] | undefined): T[] | undefined {
  const coarse = useCoarsePointer();
  return useMemo(() => (coarse && games ? touchFirst(games) : games), [coarse, games]);
}
