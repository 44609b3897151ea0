import {
  adImpressionInput,
  adImpressionOutput,
  cardImpressionsInput,
  cardImpressionsOutput,
  pageViewInput,
  pageViewOutput,
} from '../../../shared/schemas';
import { defineOperation } from '../operation';
import { issuePageView, recordAdImpression, recordCardImpressions } from './service';

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
  impression: defineOperation({
    method: 'POST',
    path: '/ads/impressions',
    access: 'public',
    summary:
      "A viewable ad impression (a slot half on screen for a second, or a break shown) of one of the caller's page views: counted once per page view, kind and place, for the page's game or the portal",
    tags: ['ads'],
    input: adImpressionInput,
    output: adImpressionOutput,
    rateLimit: { group: 'ad-impression', perIp: 600, perAccount: 300, windowMs: FLOOD_WINDOW_MS, account: ({ ctx }) => ctx.token },
    run: ({ ctx, input }) => recordAdImpression(ctx, input),
  }),
};
