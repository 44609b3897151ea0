/**
 * The account page (issue #14): the signed-in user changes their display name, downloads
 * everything the portal holds about them, and deletes their account.
 *
 * Deleting keeps what other people see and count, without the person: the account's ratings,
 * scores and plays move to a new anonymous row (`users.deleted_at` set, no e-mail anyone has, no
 * sessions, shown as DELETED_PLAYER), so game summaries, leaderboards and play counts do not
 * change and nothing links them to the account or its id any more. Then the account row is
 * deleted, and with it, by their foreign keys, its sessions, favourites, submissions' payloads,
 * cloud saves, API keys and webhooks. Games it submitted: published ones stay published, attributed
 * to no one (their studio name stays: it is part of the published game); the others (pending,
 * rejected, unpublished) are deleted. Reports it filed stay for moderation without the reporter;
 * contact messages, the newsletter subscription and sign-in codes of its e-mail address are deleted.
 */
import { randomBytes } from 'node:crypto';
import { DELETED_PLAYER } from '../../../shared/constants';
import type { AccountExport, User } from '../../../shared/schemas';
import type { AuthedContext } from '../context';
import { NotFound, Validation } from '../errors';
import { exportedMedals } from '../medals/service';
import { listSaves } from '../saves/service';
import { accountKey } from '../visitors/identity';
import {
  apiKeysOf,
  contactMessagesFrom,
  deleteMailOf,
  deleteUser,
  detachReports,
  favoritesOf,
  collectionGamesOf,
  playTimeOf,
  reviewReportsBy,
  gamesOwnedBy,
  insertDeletedUser,
  lockUser,
  moveContributions,
  newsletterSubscriptionOf,
  playHistoryOf,
  profileOf,
  ratingsOf,
  releaseOwnedGames,
  reportsOf,
  scoresOf,
  sessionsOf,
  setUserName,
  submissionsOf,
  webhooksOf,
} from './queries';
import { text } from '../../i18n/translate';

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));
const game = (row: { id: number; slug: string; title: string }) => ({ gameId: row.id, slug: row.slug, title: row.title });

/** Sets the name the header, reviews and leaderboards show. */
export async function updateDisplayName(ctx: AuthedContext, displayName: string): Promise<User> {
  const row = await setUserName(ctx.em, ctx.user.id, displayName);
  if (!row) throw new NotFound(text('account.notFound'));
  return row;
}

/** One entry per collection, in the rows' order, each with its games. */
function collectionsFrom(rows: Awaited<ReturnType<typeof collectionGamesOf>>): AccountExport['collections'] {
  const byId = new Map<number, AccountExport['collections'][number]>();
  for (const row of rows) {
    let collection = byId.get(row.collection_id);
    if (!collection) {
      collection = { name: row.name, isPublic: row.is_public, isFavorites: row.is_favorites, createdAt: iso(row.created_at), games: [] };
      byId.set(row.collection_id, collection);
    }
    if (row.id !== null && row.slug !== null && row.title !== null && row.added_at !== null) {
      collection.games.push({ gameId: row.id, slug: row.slug, title: row.title, addedAt: iso(row.added_at) });
    }
  }
  return [...byId.values()];
}

/** Everything the portal holds about the caller, as one JSON document (GET /api/me/export). */
export async function exportAccount(ctx: AuthedContext): Promise<AccountExport> {
  const userId = ctx.user.id;
  const em = ctx.em;
  const profile = await profileOf(em, userId);
  if (!profile) throw new NotFound(text('account.notFound'));
  const favorites = await favoritesOf(em, userId);
  const collectionRows = await collectionGamesOf(em, userId);
  const playTime = await playTimeOf(em, userId);
  const reviewReports = await reviewReportsBy(em, userId);
  const ratings = await ratingsOf(em, userId);
  const scores = await scoresOf(em, userId);
  const medals = await exportedMedals(em, userId);
  const plays = await playHistoryOf(em, userId);
  const games = await gamesOwnedBy(em, userId);
  const submissions = await submissionsOf(em, userId);
  const sessions = await sessionsOf(em, userId);
  const reports = await reportsOf(em, userId, profile.email);
  const messages = await contactMessagesFrom(em, profile.email);
  const newsletter = await newsletterSubscriptionOf(em, profile.email);
  const apiKeys = await apiKeysOf(em, userId);
  const webhooks = await webhooksOf(em, userId);
  const saves = await listSaves(ctx);

  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: profile.id,
      email: profile.email,
      name: profile.name,
      role: profile.role,
      createdAt: iso(profile.created_at),
      lastSignInAt: isoOrNull(profile.last_sign_in_at),
    },
    favorites: favorites.map((row) => ({ ...game(row), addedAt: iso(row.created_at) })),
    collections: collectionsFrom(collectionRows),
    playTime: playTime.map((row) => ({ ...game(row), lastPlayedAt: iso(row.last_played_at), playSeconds: row.play_seconds })),
    reviewReports: reviewReports.map((row) => ({ ratingId: row.rating_id, reason: row.reason, createdAt: iso(row.created_at), dismissedAt: isoOrNull(row.dismissed_at) })),
    ratings: ratings.map((row) => ({ ...game(row), score: row.score, comment: row.comment, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) })),
    scores: scores.map((row) => ({ ...game(row), score: row.score, createdAt: iso(row.created_at) })),
    medals,
    playHistory: plays.map((row) => ({ ...game(row), plays: row.plays, firstPlayedAt: iso(row.first_played_at), lastPlayedAt: iso(row.last_played_at) })),
    submittedGames: games.map((row) => ({ id: row.id, slug: row.slug, title: row.title, status: row.status, createdAt: iso(row.created_at) })),
    submissions: submissions.map((row) => ({ gameId: row.game_id, source: row.source, payload: row.payload, createdAt: iso(row.created_at) })),
    sessions: sessions.map((row) => ({
      id: row.id,
      createdAt: iso(row.created_at),
      lastUsedAt: iso(row.last_used_at),
      expiresAt: iso(row.expires_at),
      revokedAt: isoOrNull(row.revoked_at),
      current: row.id === ctx.user.sessionId,
    })),
    reports: reports.map((row) => ({
      id: row.id,
      kind: row.kind,
      gameId: row.game_id,
      reason: row.reason,
      gameUrl: row.game_url,
      gameTitle: row.game_title,
      description: row.description,
      email: row.email,
      priority: row.priority,
      status: row.status,
      createdAt: iso(row.created_at),
    })),
    messages: messages.map((row) => ({
      id: row.id,
      name: row.name,
      type: row.type,
      subject: row.subject,
      message: row.body,
      status: row.status,
      answer: row.answer,
      createdAt: iso(row.created_at),
      answeredAt: isoOrNull(row.answered_at),
    })),
    newsletter: newsletter
      ? {
          email: newsletter.email,
          status: newsletter.status,
          createdAt: iso(newsletter.created_at),
          confirmedAt: isoOrNull(newsletter.confirmed_at),
          unsubscribedAt: isoOrNull(newsletter.unsubscribed_at),
        }
      : null,
    saves,
    apiKeys: apiKeys.map((row) => ({ prefix: row.prefix, createdAt: iso(row.created_at), lastUsedAt: isoOrNull(row.last_used_at), revokedAt: isoOrNull(row.revoked_at) })),
    webhooks: webhooks.map((row) => ({ url: row.url, events: row.events, createdAt: iso(row.created_at) })),
  };
}

/**
 * Deletes the caller's account, in one transaction (see the top of this file for what stays and
 * what goes). `confirmEmail` must be the account's e-mail address, as the page asks for it.
 */
export async function deleteAccount(ctx: AuthedContext, confirmEmail: string): Promise<{ ok: true }> {
  if (confirmEmail.trim().toLowerCase() !== ctx.user.email.toLowerCase()) {
    throw new Validation('email', text('account.confirmDelete'));
  }
  const userId = ctx.user.id;
  await ctx.em.transactional(async (tx) => {
    // Locked first: a second delete of the same account waits here, then finds nothing to delete.
    const account = await lockUser(tx, userId);
    if (!account) throw new NotFound(text('account.notFound'));

    // An address no one can receive mail at and no sign-in form accepts as theirs (128 random bits).
    const anonymousId = await insertDeletedUser(tx, { email: `deleted-${randomBytes(16).toString('hex')}@deleted.invalid`, name: DELETED_PLAYER });
    // Unique players stay counted once: every play of the account gets the anonymous row's key.
    await moveContributions(tx, { userId, visitorKey: accountKey(userId) }, { userId: anonymousId, visitorKey: accountKey(anonymousId) });
    await releaseOwnedGames(tx, userId);
    await detachReports(tx, userId, account.email);
    await deleteMailOf(tx, account.email);
    await deleteUser(tx, userId);
  });
  // Cached pages may show the account's name on a review or a leaderboard.
  await ctx.services.catalogCache.invalidateCommitted(ctx.em);
  ctx.cookies.clearAuthCookie();
  return { ok: true };
}
