/** The admin's feed operations (issue #58), on /api/admin/feeds and tRPC `feeds.*`, with the names scripts rely on. */
import { z } from 'zod';
import { feedCreatedOutput, feedGameOutput, feedGamesInput, feedIdInput, feedInput, feedOutput, feedReportSchema, homePlacementInput, kidsZoneInput } from '../../../shared/schemas/feeds';
import { noInput, okOutput } from '../../../shared/schemas';
import { BadGateway, Conflict, NotFound, Validation } from '../errors';
import { defineOperation } from '../operation';
import { listFeedGames, setHomePlace, setKidsZone } from './catalog-placement';
import { createFeed, deleteFeed, listFeeds, syncFeed } from './service';

export const feedsOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/admin/feeds',
    access: 'admin',
    summary: "Every feed, each with its last successful sync's report and lastError (null when the last sync succeeded)",
    tags: ['admin'],
    input: noInput,
    output: z.array(feedOutput),
    run: ({ ctx }) => listFeeds(ctx),
  }),
  create: defineOperation({
    method: 'POST',
    path: '/admin/feeds',
    access: 'admin',
    summary:
      'Add a distributor feed: { url, format: "gamedistribution"|"gamemonetize"|"gamepix"|"famobi"|"json"|"rss", name, publish: "now"|"review", limit? (default 1,000), scheduleHours? (default 24), categoryMap?, fields? (json: required title and url) }; it syncs on its schedule, or on demand',
    tags: ['admin'],
    input: feedInput,
    output: feedCreatedOutput,
    successStatus: 201,
    errors: [Conflict, Validation],
    run: ({ ctx, input }) => createFeed(ctx, input),
  }),
  sync: defineOperation({
    method: 'POST',
    path: '/admin/feeds/{id}/sync',
    access: 'admin',
    summary: "Sync a feed now; answers its report once done: 409 while another sync of it runs, 502 with the reason when the feed could not be read",
    tags: ['admin'],
    input: feedIdInput,
    output: feedReportSchema,
    errors: [NotFound, Conflict, BadGateway],
    run: ({ ctx, input }) => syncFeed(ctx.services, ctx.em, input.id),
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/admin/feeds/{id}',
    access: 'admin',
    summary: 'Remove a feed; the games it brought are unpublished (their plays, ratings and favourites stay)',
    tags: ['admin'],
    input: feedIdInput,
    output: okOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => deleteFeed(ctx, input.id),
  }),
  games: defineOperation({
    method: 'GET',
    path: '/admin/feeds/games',
    access: 'admin',
    summary: "Imported games (kind=imported, those in the Kids Zone first) or the portal's own (kind=own), whose title or slug holds search; at most 30",
    tags: ['admin'],
    input: feedGamesInput,
    output: z.array(feedGameOutput),
    run: ({ ctx, input }) => listFeedGames(ctx, input),
  }),
  kidsZone: defineOperation({
    method: 'PUT',
    path: '/admin/games/{id}/kids-zone',
    access: 'admin',
    summary:
      'Approve one imported game for the Kids Zone ({ approved: true, ageRating?: "KIDS" (default) | "E7" }) or withdraw it ({ approved: false }: rated E13 again, as every import is). Imported games enter the Kids Zone only so; a new game address from its feed withdraws it',
    tags: ['admin'],
    input: kidsZoneInput,
    output: okOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => setKidsZone(ctx, input),
  }),
  homePlacement: defineOperation({
    method: 'PUT',
    path: '/admin/games/{id}/home',
    access: 'admin',
    summary:
      'Keep one of the portal\'s own games in its place on home among imported ones: { placement: "pinned" } (first in Popular, at most 4), "boosted" (one card in every three of Popular and Trending, at most 20) or null (none)',
    tags: ['admin'],
    input: homePlacementInput,
    output: okOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => setHomePlace(ctx, input),
  }),
};
