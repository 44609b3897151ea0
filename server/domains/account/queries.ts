/**
 * Every query the account domain sends: the profile, the data export (one query per part, each
 * the user's rows, newest first) and the steps of an account's deletion (run in its transaction).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

export function setUserName(em: EntityManager, userId: number, name: string) {
  return queryOf(em).updateTable('users').set({ name }).where('id', '=', userId).returning(['id', 'name', 'email', 'role']).executeTakeFirst();
}

export function profileOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'created_at', 'last_sign_in_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function favoritesOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('favorites as f')
    .innerJoin('games as g', 'g.id', 'f.game_id')
    .select(['g.id', 'g.slug', 'g.title', 'f.created_at'])
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .execute();
}

/** The account's collections with their games (Favorites first), one row per game (a collection without games: one row, no game). */
export function collectionGamesOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('collections as c')
    .leftJoin('collection_games as cg', 'cg.collection_id', 'c.id')
    .leftJoin('games as g', 'g.id', 'cg.game_id')
    .select(['c.id as collection_id', 'c.name', 'c.is_public', 'c.is_favorites', 'c.created_at', 'g.id', 'g.slug', 'g.title', 'cg.added_at'])
    .where('c.user_id', '=', userId)
    .orderBy('c.is_favorites', 'desc')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .orderBy('cg.added_at', 'desc')
    .execute();
}

export function playTimeOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('player_games as pg')
    .innerJoin('games as g', 'g.id', 'pg.game_id')
    .select(['g.id', 'g.slug', 'g.title', 'pg.last_played_at', 'pg.play_seconds'])
    .where('pg.user_id', '=', userId)
    .orderBy('pg.last_played_at', 'desc')
    .execute();
}

export function reviewReportsBy(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('review_reports')
    .select(['rating_id', 'reason', 'created_at', 'dismissed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export function ratingsOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('ratings as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .select(['g.id', 'g.slug', 'g.title', 'r.score', 'r.comment', 'r.created_at', 'r.updated_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.updated_at', 'desc')
    .execute();
}

export function scoresOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('game_scores as s')
    .innerJoin('games as g', 'g.id', 's.game_id')
    .select(['g.id', 'g.slug', 'g.title', 's.score', 's.created_at'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .execute();
}

/** The user's plays, one row per game: how many, the first and the last; the last played first. */
export function playHistoryOf(em: EntityManager, userId: number) {
  return queryOf(em)
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
}

export function gamesOwnedBy(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('games')
    .select(['id', 'slug', 'title', 'status', 'created_at'])
    .where('owner_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export function submissionsOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('submissions')
    .select(['game_id', 'source', 'payload', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export function sessionsOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('auth_sessions')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Reports the user filed signed in, or under their e-mail address. */
export function reportsOf(em: EntityManager, userId: number, email: string) {
  return queryOf(em)
    .selectFrom('reports')
    .select(['id', 'kind', 'game_id', 'reason', 'game_url', 'game_title', 'description', 'email', 'priority', 'status', 'created_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))
    .orderBy('created_at', 'desc')
    .execute();
}

export function contactMessagesFrom(em: EntityManager, email: string) {
  return queryOf(em)
    .selectFrom('contact_messages')
    .select(['id', 'name', 'type', 'subject', 'body', 'status', 'answer', 'created_at', 'answered_at'])
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .execute();
}

export function newsletterSubscriptionOf(em: EntityManager, email: string) {
  return queryOf(em)
    .selectFrom('newsletter_subscriptions')
    .select(['email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function apiKeysOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('api_keys')
    .select(['prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export function webhooksOf(em: EntityManager, userId: number) {
  return queryOf(em).selectFrom('webhooks').select(['url', 'events', 'created_at']).where('owner_id', '=', userId).orderBy('created_at', 'desc').execute();
}

/** Locks the user's row until the transaction ends; undefined when there is none. */
export function lockUser(tx: EntityManager, userId: number) {
  return queryOf(tx).selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** A user row that stands for a deleted account, created and deleted now; answers its id. */
export async function insertDeletedUser(tx: EntityManager, user: { email: string; name: string }): Promise<number> {
  const { id } = await queryOf(tx)
    .insertInto('users')
    .values({ email: user.email, name: user.name, role: 'USER', created_at: sql`now()`, deleted_at: sql`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

type Player = { userId: number; visitorKey: string };

/**
 * Moves what counts for others (ratings, scores, plays and the play statistics' visitor rows)
 * from one player to another; the visitor's recent activity, which counts for no one else, goes.
 */
export async function moveContributions(tx: EntityManager, from: Player, to: Player): Promise<void> {
  const query = queryOf(tx);
  await query.updateTable('ratings').set({ user_id: to.userId }).where('user_id', '=', from.userId).execute();
  await query.updateTable('game_scores').set({ user_id: to.userId }).where('user_id', '=', from.userId).execute();
  await query
    .updateTable('play_events')
    .set({ user_id: to.userId, visitor_key: to.visitorKey })
    .where((eb) => eb.or([eb('user_id', '=', from.userId), eb('visitor_key', '=', from.visitorKey)]))
    .execute();
  await query.deleteFrom('visitor_game_activity').where('visitor_key', '=', from.visitorKey).execute();
  await query.updateTable('play_sessions').set({ visitor_key: to.visitorKey }).where('visitor_key', '=', from.visitorKey).execute();
  await query.updateTable('game_players').set({ visitor_key: to.visitorKey }).where('visitor_key', '=', from.visitorKey).execute();
  await query.updateTable('game_player_days').set({ visitor_key: to.visitorKey }).where('visitor_key', '=', from.visitorKey).execute();
}

/** Deletes the user's games that are not published and leaves the published ones to no one. */
export async function releaseOwnedGames(tx: EntityManager, userId: number): Promise<void> {
  const query = queryOf(tx);
  await query.deleteFrom('games').where('owner_id', '=', userId).where('status', '<>', 'APPROVED').execute();
  await query.updateTable('games').set({ owner_id: null }).where('owner_id', '=', userId).execute();
}

/** Keeps the user's reports, and those filed under their address, without the user or the address. */
export async function detachReports(tx: EntityManager, userId: number, email: string): Promise<void> {
  const query = queryOf(tx);
  await query.updateTable('reports').set({ user_id: null, email: null }).where('user_id', '=', userId).execute();
  await query.updateTable('reports').set({ email: null }).where('email', '=', email).execute();
}

/** Deletes the contact messages, the newsletter subscription and the sign-in codes of an address. */
export async function deleteMailOf(tx: EntityManager, email: string): Promise<void> {
  const query = queryOf(tx);
  await query.deleteFrom('contact_messages').where('email', '=', email).execute();
  await query.deleteFrom('newsletter_subscriptions').where('email', '=', email).execute();
  await query.deleteFrom('login_challenges').where('email', '=', email).execute();
}

/** Deletes the user's row; its sessions, favourites, saves, keys and webhooks go with it (foreign keys). */
export async function deleteUser(tx: EntityManager, userId: number): Promise<void> {
  await queryOf(tx).deleteFrom('users').where('id', '=', userId).execute();
}
