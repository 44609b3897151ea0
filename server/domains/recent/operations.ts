import { mergeRecentlyPlayedInput, noInput, recentlyPlayedOutput } from '../../../shared/schemas';
import { RECENTLY_PLAYED_MAX } from '../../../shared/constants';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { listRecentlyPlayed, mergeRecentlyPlayed } from './service';

export const recentOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/me/recently-played',
    access: 'user',
    summary: `Your recently played games (up to ${RECENTLY_PLAYED_MAX}, the latest first), each with when you last played it, for how long, and when its cloud save was written (null without one)`,
    tags: ['recent'],
    input: noInput,
    output: recentlyPlayedOutput,
    run: ({ ctx }) => listRecentlyPlayed(ctx),
  }),
  merge: defineOperation({
    method: 'POST',
    path: '/me/recently-played',
    access: 'user',
    summary:
      "Add the games this device played signed out to your list (sent at sign-in): each game's time is the later of the two, never later than now; games not on the portal are skipped. Answers the merged list",
    tags: ['recent'],
    input: mergeRecentlyPlayedInput,
    output: recentlyPlayedOutput,
    rateLimit: { group: 'recent-merge', perIp: 120, perAccount: 60, windowMs: HOUR_MS, account: signedInAccount },
    run: ({ ctx, input }) => mergeRecentlyPlayed(ctx, input.games),
  }),
};
