import { z } from 'zod';
import { gameDetailOutput, gameIdInput, gameOutput, gamesListInput, gameSlugInput, homeOutput, noInput, playOutput, trendingInput, trendingOutput } from '../../../shared/schemas';
import { defineOperation } from '../operation';
import { NotFound } from '../errors';
import { getGameBySlug, getHome, getTrending, listGames, recordPlay } from './service';

export const homeOperations = {
  get: defineOperation({
    method: 'GET',
    path: '/home',
    access: 'public',
    summary: 'The home page lists: popular, trending, new and multiplayer games',
    tags: ['catalog'],
    input: noInput,
    output: homeOutput,
    run: ({ ctx }) => getHome(ctx),
  }),
};

export const gamesOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/games',
    access: 'public',
    summary: 'Published games, filtered by category slug, tag, search text and device (a control the game can be played with), sorted popular (default), newest, trending or top_rated',
    tags: ['catalog'],
    input: gamesListInput,
    output: z.array(gameOutput),
    run: ({ ctx, input }) => listGames(ctx, input),
  }),
  trending: defineOperation({
    method: 'GET',
    path: '/trending',
    access: 'public',
    summary: 'Trending games where the player is: ranked by plays from `country` in the last 7 days, or worldwide when too few games were played there (or no country is given); `scope` says which',
    tags: ['catalog'],
    input: trendingInput,
    output: trendingOutput,
    run: ({ ctx, input }) => getTrending(ctx, input),
  }),
  bySlug: defineOperation({
    method: 'GET',
    path: '/games/{slug}',
    access: 'public',
    summary: 'One published game, with its instructions, controls and content facts',
    tags: ['catalog'],
    input: gameSlugInput,
    output: gameDetailOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => getGameBySlug(ctx, input.slug),
  }),
  play: defineOperation({
    method: 'POST',
    path: '/games/{id}/play',
    access: 'public',
    summary: 'Count a play (signed in or not); one visitor\'s plays of a game count at most once in 10 minutes',
    tags: ['catalog'],
    input: gameIdInput,
    output: playOutput,
    // Repeat plays are answered without being counted; these limits stop a flood reaching the database.
    rateLimit: { group: 'play', perIp: 600, perAccount: 300, windowMs: 10 * 60_000, account: ({ ctx }) => ctx.token },
    errors: [NotFound],
    run: ({ ctx, input }) => recordPlay(ctx, input.id),
  }),
};
