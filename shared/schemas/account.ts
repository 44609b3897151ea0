/** The account page: display name, deletion, and the export of everything the portal holds about the caller. */
import { z } from 'zod';
import { CONTACT_TYPES, GAME_STATUSES, LIMITS, MESSAGE_STATUSES, NEWSLETTER_STATUSES, REPORT_KINDS, REPORT_PRIORITIES, REPORT_STATUSES, REVIEW_REPORT_REASONS, ROLES, WEBHOOK_EVENTS } from '../constants';
import { requiredText } from './fields';
import { exportedSaveSchema } from './saves';

/** PUT /api/me: the account page's display-name form. */
export const displayNameInput = z.object({ displayName: requiredText(LIMITS.displayNameMax) });
/** DELETE /api/me: the account's e-mail address, typed again to confirm. */
export const deleteAccountInput = z.object({ email: requiredText(LIMITS.emailMax) });
const exportedGame = { gameId: z.number(), slug: z.string(), title: z.string() };
/** GET /api/me/export: everything the portal holds about the caller (timestamps as ISO strings). */
export const accountExportOutput = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.number(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  }),
  favorites: z.array(z.object({ ...exportedGame, addedAt: z.string() })),
  /** Every collection (Favorites first) with its games, and how long each game was played signed in. */
  collections: z.array(
    z.object({ name: z.string(), isPublic: z.boolean(), isFavorites: z.boolean(), createdAt: z.string(), games: z.array(z.object({ ...exportedGame, addedAt: z.string() })) }),
  ),
  playTime: z.array(z.object({ ...exportedGame, lastPlayedAt: z.string(), playSeconds: z.number() })),
  reviewReports: z.array(z.object({ ratingId: z.number(), reason: z.enum(REVIEW_REPORT_REASONS), createdAt: z.string(), dismissedAt: z.string().nullable() })),
  ratings: z.array(z.object({ ...exportedGame, score: z.number(), comment: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() })),
  scores: z.array(z.object({ ...exportedGame, score: z.number(), createdAt: z.string() })),
  /** Medals unlocked (issue #25). */
  medals: z.array(z.object({ ...exportedGame, key: z.string(), name: z.string(), points: z.number(), unlockedAt: z.string() })),
  playHistory: z.array(z.object({ ...exportedGame, plays: z.number(), firstPlayedAt: z.string(), lastPlayedAt: z.string() })),
  submittedGames: z.array(z.object({ id: z.number(), slug: z.string(), title: z.string(), status: z.enum(GAME_STATUSES), createdAt: z.string() })),
  submissions: z.array(z.object({ gameId: z.number(), source: z.string(), payload: z.record(z.string(), z.unknown()), createdAt: z.string() })),
  sessions: z.array(
    z.object({ id: z.number(), createdAt: z.string(), lastUsedAt: z.string(), expiresAt: z.string(), revokedAt: z.string().nullable(), current: z.boolean() }),
  ),
  reports: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(REPORT_KINDS),
      gameId: z.number().nullable(),
      reason: z.string(),
      gameUrl: z.string().nullable(),
      gameTitle: z.string().nullable(),
      description: z.string().nullable(),
      email: z.string().nullable(),
      priority: z.enum(REPORT_PRIORITIES).nullable(),
      status: z.enum(REPORT_STATUSES),
      createdAt: z.string(),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      type: z.enum(CONTACT_TYPES).nullable(),
      subject: z.string(),
      message: z.string(),
      status: z.enum(MESSAGE_STATUSES),
      answer: z.string().nullable(),
      createdAt: z.string(),
      answeredAt: z.string().nullable(),
    }),
  ),
  newsletter: z
    .object({ email: z.string(), status: z.enum(NEWSLETTER_STATUSES), createdAt: z.string(), confirmedAt: z.string().nullable(), unsubscribedAt: z.string().nullable() })
    .nullable(),
  saves: z.array(exportedSaveSchema),
  apiKeys: z.array(z.object({ prefix: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable(), revokedAt: z.string().nullable() })),
  /** Without their signing secrets. */
  webhooks: z.array(z.object({ url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)), createdAt: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportOutput>;
