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
import { sql } from 'kysely';
import { DELETED_PLAYER } from '../../../shared/constants';
import type { AccountExport, User } from '../../../shared/schemas';
import { queryOf } from '../../db/kysely';
import type { AuthedContext } from '../context';
import { NotFound, Validation } from '../errors';
import { listSaves } from '../saves/service';
import { accountKey } from '../visitors/identity';

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));
const game = (row: { id: number; slug: string; title: string }) => ({ gameId: row.id, slug: row.slug, title: row.title });

/** Sets the name the header, reviews and leaderboards show. */
export async function updateDisplayName(ctx: AuthedContext, displayName: string): Promise<User> {
  const row = await queryOf(ctx.em)
    .updateTable('users')
    .set({ name: displayName })
    .where('id', '=', ctx.user.id)
    .returning(['id', 'name', 'email', 'role'])
    .executeTakeFirst();
  if (!row) throw new NotFound('Account not found');
  return row;
}

/** Everything the portal holds about the caller, as one JSON document (GET /api/me/export). */
export async function exportAccount(ctx: AuthedContext): Promise<AccountExport> {
  const userId = ctx.user.id;
  const query = queryOf(ctx.em);
  const profile = await query
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'created_at', 'last_sign_in_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!profile) throw new NotFound('Account not found');
  const favorites = await query
    .selectFrom('favorites as f')
    .innerJoin('games as g', 'g.id', 'f.game_id')
    .select(['g.id', 'g.slug', 'g.title', 'f.created_at'])
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .execute();
  const ratings = await query
    .selectFrom('ratings as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .select(['g.id', 'g.slug', 'g.title', 'r.score', 'r.comment', 'r.created_at', 'r.updated_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.updated_at', 'desc')
    .execute();
  const scores = await query
    .selectFrom('game_scores as s')
    .innerJoin('games as g', 'g.id', 's.game_id')
    .select(['g.id', 'g.slug', 'g.title', 's.score', 's.created_at'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .execute();
  const plays = await query
    .selectFrom('play_events as pe')
    .innerJoin('games as g', 'g.id', 'pe.game_id')
    .select([
      'g.id',
      'g.slug',
      'g.title',
      sql<number>`count(*)::int`.as('plays'),
      sql<string>`min(pe.created_at)`.as('first_played_at'),
      sql<string>`max(pe.created_at)`.as('last_played_at'),
    ])
    .where('pe.user_id', '=', userId)
    .groupBy(['g.id', 'g.slug', 'g.title'])
    .orderBy(sql`max(pe.created_at)`, 'desc')
    .execute();
  const games = await query
    .selectFrom('games')
    .select(['id', 'slug', 'title', 'status', 'created_at'])
    .where('owner_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const submissions = await query
    .selectFrom('submissions')
    .select(['game_id', 'source', 'payload', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const sessions = await query
    .selectFrom('auth_sessions')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const reports = await query
    .selectFrom('reports')
    .select(['id', 'kind', 'game_id', 'reason', 'game_url', 'game_title', 'description', 'email', 'priority', 'status', 'created_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', profile.email)]))
    .orderBy('created_at', 'desc')
    .execute();
  const messages = await query
    .selectFrom('contact_messages')
    .select(['id', 'name', 'type', 'subject', 'body', 'status', 'answer', 'created_at', 'answered_at'])
    .where('email', '=', profile.email)
    .orderBy('created_at', 'desc')
    .execute();
  const newsletter = await query
    .selectFrom('newsletter_subscriptions')
    .select(['email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'])
    .where('email', '=', profile.email)
    .executeTakeFirst();
  const apiKeys = await query
    .selectFrom('api_keys')
    .select(['prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const webhooks = await query
    .selectFrom('webhooks')
    .select(['url', 'events', 'created_at'])
    .where('owner_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
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
    ratings: ratings.map((row) => ({ ...game(row), score: row.score, comment: row.comment, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) })),
    scores: scores.map((row) => ({ ...game(row), score: row.score, createdAt: iso(row.created_at) })),
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

export const DELETE_CONFIRMATION_MISMATCH = "Type this account's e-mail address to confirm";

/**
 * Deletes the caller's account, in one transaction (see the top of this file for what stays and
 * what goes). `confirmEmail` must be the account's e-mail address, as the page asks for it.
 */
export async function deleteAccount(ctx: AuthedContext, confirmEmail: string): Promise<{ ok: true }> {
  if (confirmEmail.trim().toLowerCase() !== ctx.user.email.toLowerCase()) {
    throw new Validation('email', DELETE_CONFIRMATION_MISMATCH);
  }
  const userId = ctx.user.id;
  await ctx.em.transactional(async (tx) => {
    const query = queryOf(tx);
    // Locked first: a second delete of the same account waits here, then finds nothing to delete.
    const account = await query.selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!account) throw new NotFound('Account not found');

    // An address no one can receive mail at and no sign-in form accepts as theirs (128 random bits).
    const { id: anonymousId } = await query
      .insertInto('users')
      .values({
        email: `deleted-${randomBytes(16).toString('hex')}@deleted.invalid`,
        name: DELETED_PLAYER,
        role: 'USER',
        created_at: sql`now()`,
        deleted_at: sql`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await query.updateTable('ratings').set({ user_id: anonymousId }).where('user_id', '=', userId).execute();
    await query.updateTable('game_scores').set({ user_id: anonymousId }).where('user_id', '=', userId).execute();
    // Unique players stay counted once: every play of the account gets the anonymous row's key.
    await query
      .updateTable('play_events')
      .set({ user_id: anonymousId, visitor_key: accountKey(anonymousId) })
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('visitor_key', '=', accountKey(userId))]))
      .execute();
    await query.deleteFrom('visitor_game_activity').where('visitor_key', '=', accountKey(userId)).execute();
    for (const table of ['play_sessions', 'game_players', 'game_player_days']) {
      await sql`update ${sql.table(table)} set visitor_key = ${accountKey(anonymousId)} where visitor_key = ${accountKey(userId)}`.execute(query);
    }

    await query.deleteFrom('games').where('owner_id', '=', userId).where('status', '<>', 'APPROVED').execute();
    await query.updateTable('games').set({ owner_id: null }).where('owner_id', '=', userId).execute();

    await query.updateTable('reports').set({ user_id: null, email: null }).where('user_id', '=', userId).execute();
    await query.updateTable('reports').set({ email: null }).where('email', '=', account.email).execute();
    await query.deleteFrom('contact_messages').where('email', '=', account.email).execute();
    await query.deleteFrom('newsletter_subscriptions').where('email', '=', account.email).execute();
    await query.deleteFrom('login_challenges').where('email', '=', account.email).execute();

    await query.deleteFrom('users').where('id', '=', userId).execute();
  });
  // Cached pages may show the account's name on a review or a leaderboard.
  ctx.services.catalogCache.invalidate();
  ctx.cookies.clearAuthCookie();
  return { ok: true };
}
