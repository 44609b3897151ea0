import {
  adBreakInput,
  adBreakOutput,
  adImpressionInput,
  adImpressionOutput,
  cardImpressionsInput,
  cardImpressionsOutput,
  pageViewInput,
  pageViewOutput,
} from '../../../shared/schemas';
import { defineOperation } from '../operation';
import { issuePageView, recordAdImpression, recordCardImpressions, startAdBreak } from './service';

/** As plays' limits (games/operations.ts): repeats are answered without counting; these stop a flood reaching the database. */
const FLOOD_WINDOW_MS = 10 * 60_000;

/** Page views and card impressions: the analytics router's (`analytics.pageView`, `analytics.cardImpressions`). */
export const pageViewOperations = {
  pageView: defineOperation({
    method: 'POST',
    path: '/page-views',
    access: 'public',
    summary: 'Open a page view (each route the app shows): its id is what the page reports its ad and card impressions with',
    tags: ['analytics'],
    input: pageViewInput,
    output: pageViewOutput,
    rateLimit: { group: 'page-view', perIp: 600, perAccount: 300, windowMs: FLOOD_WINDOW_MS, account: ({ ctx }) => ctx.token },
    run: ({ ctx, input }) => issuePageView(ctx, input),
  }),
  cardImpressions: defineOperation({
    method: 'POST',
    path: '/card-impressions',
    access: 'public',
    summary: "Games whose cards a list of the page view showed on screen: each counts once per page view, for the games' funnel",
    tags: ['analytics'],
    input: cardImpressionsInput,
    output: cardImpressionsOutput,
    rateLimit: { group: 'card-impressions', perIp: 600, perAccount: 300, windowMs: FLOOD_WINDOW_MS, account: ({ ctx }) => ctx.token },
    run: ({ ctx, input }) => recordCardImpressions(ctx, input),
  }),
};

export const adsOperations = {
  startBreak: defineOperation({
    method: 'POST',
    path: '/ads/breaks',
    access: 'public',
    summary:
      "The portal starts a midgame or rewarded break over the game of one of the caller's game-page views: answers the break's id, which its impression names (null when this page view may not count a break now: then none is shown)",
    tags: ['ads'],
    input: adBreakInput,
    output: adBreakOutput,
    rateLimit: { group: 'ad-break', perIp: 600, perAccount: 300, windowMs: FLOOD_WINDOW_MS, account: ({ ctx }) => ctx.token },
    run: async ({ ctx, input }) => ({ breakId: (await startAdBreak(ctx, input)).breakId }),
  }),
  impression: defineOperation({
    method: 'POST',
    path: '/ads/impressions',
    access: 'public',
    summary:
      "A viewable ad impression of one of the caller's page views: a slot of its page (half on screen for a second), counted once per page view and place, or a break the portal started (by its id, after a second on screen), counted once; for the page's game or the portal",
    tags: ['ads'],
    input: adImpressionInput,
    output: adImpressionOutput,
    rateLimit: { group: 'ad-impression', perIp: 600, perAccount: 300, windowMs: FLOOD_WINDOW_MS, account: ({ ctx }) => ctx.token },
    run: async ({ ctx, input }) => ({ counted: (await recordAdImpression(ctx, input)).counted }),
  }),
};
