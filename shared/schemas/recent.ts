/** Recently played (issue #25): the games a player played, the latest first, and where a cloud save lets them continue. */
import { z } from 'zod';
import { RECENTLY_PLAYED_MAX } from '../constants';
import { idSchema } from './fields';
import { gameOutput } from './games';

export const recentlyPlayedOutput = z.array(
  z.object({
    game: gameOutput,
    lastPlayedAt: z.string(),
    /** Seconds of gameplay measured while signed in. */
    playSeconds: z.number(),
    /** When the player's cloud save of the game was last written: Continue starts from it. */
    savedAt: z.string().nullable(),
  }),
);
export type RecentlyPlayed = z.infer<typeof recentlyPlayedOutput>;

/** What a browser played signed out (its device list), handed to the account at sign-in. */
export const mergeRecentlyPlayedInput = z.object({
  games: z
    .array(
      z.object({
        id: idSchema,
        playedAt: z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' }),
      }),
    )
    .max(RECENTLY_PLAYED_MAX, `At most ${RECENTLY_PLAYED_MAX} games`),
});
