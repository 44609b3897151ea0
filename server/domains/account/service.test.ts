import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_PLAYER } from '../../../shared/constants';
import { contactForm, developerSubmissionInput, displayNameInput, webhookInput } from '../../../shared/schemas';
import { ADMIN_EMAIL, openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { approveGame } from '../admin/service';
import { createApiKey } from '../apikeys/service';
import { findSessionUser } from '../auth/sessions';
import type { AuthedContext } from '../context';
import { submitDeveloperGame } from '../developer/service';
import { Validation } from '../errors';
import { addFavorite } from '../favorites/service';
import { getGameBySlug, recordPlay } from '../games/service';
import { sendContactMessage } from '../messages/service';
import { subscribe } from '../newsletter/service';
import { listReviews, rateGame } from '../ratings/service';
import { reportGame } from '../reports/service';
import { putSave } from '../saves/service';
import { submitScore, topScores } from '../scores/service';
import { createWebhook } from '../webhooks/service';
import { deleteAccount, exportAccount, updateDisplayName } from './service';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
});
afterAll(() => t.close());

const rows = <T>(sql: string, params: unknown[] = []) => t.db.orm.em.getConnection().execute<T[]>(sql, params);

const submission = (title: string) =>
  developerSubmissionInput.parse({
    title,
    description: `${title}, a test game`,
    srcUrl: `https://${title.toLowerCase().replace(/\W+/g, '-')}.games.example.com/`,
    thumbUrl: `https://${title.toLowerCase().replace(/\W+/g, '-')}.games.example.com/thumb.png`,
  });

/** A player with one of everything the portal keeps about an account; `mark` tells their review and score apart. */
async function activePlayer(email: string, mark: number) {
  const player = await t.signedIn(email);
  const game = await getGameBySlug(t.context(), 'star-blaster');
  await recordPlay(player, game.id);
  await t.services.plays.flush();
  await rateGame(player, { id: game.id, score: 4, comment: `Review ${mark}` });
  await submitScore(player, game.id, 10 + mark);
  await addFavorite(player, game.id);
  await reportGame(player, { id: game.id, reason: 'broken' });
  await sendContactMessage(t.context(), contactForm.parse({ name: 'Ada', email, subject: 'Saves', message: 'Where are my saves?' }));
  await subscribe(t.context(), email);
  await putSave(player, game.id, { level: mark }, 0);
  const { key } = await createApiKey(player);
  await createWebhook(player, webhookInput.parse({ url: 'https://hooks.example.com/playfree', events: ['game.approved'] }));
  const published = await submitDeveloperGame(player, submission(`Published ${email}`));
  await approveGame(await t.signedIn(ADMIN_EMAIL), published.id);
  const pending = await submitDeveloperGame(player, submission(`Pending ${email}`));
  return { player, game, published, pending, key };
}

describe(`account service, called without any transport (${engineName})`, () => {
  it('changes the display name: trimmed, 1 to 40 characters', async () => {
    const player = await t.signedIn('grace.hopper@example.com');
    expect(await updateDisplayName(player, displayNameInput.parse({ displayName: '  Amazing Grace  ' }).displayName)).toMatchObject({
      name: 'Amazing Grace',
      email: 'grace.hopper@example.com',
    });
    expect(displayNameInput.safeParse({ displayName: '   ' }).success).toBe(false);
    expect(displayNameInput.safeParse({ displayName: 'x'.repeat(41) }).success).toBe(false);
    expect(displayNameInput.safeParse({ displayName: 'x'.repeat(40) }).success).toBe(true);
  });

  it('exports everything held about the caller, and nothing about anyone else', async () => {
    const { player, game, published, pending, key } = await activePlayer('ada.lovelace@example.com', 1);
    await activePlayer('someone.else@example.com', 2);
    const data = await exportAccount(player);

    expect(data.profile).toMatchObject({ id: player.user.id, email: 'ada.lovelace@example.com', name: 'Ada Lovelace', role: 'USER' });
    expect(data.favorites).toEqual([expect.objectContaining({ gameId: game.id, slug: 'star-blaster' })]);
    expect(data.collections).toEqual([
      expect.objectContaining({ name: 'Favorites', isFavorites: true, isPublic: false, games: [expect.objectContaining({ gameId: game.id, slug: 'star-blaster' })] }),
    ]);
    expect(data.playTime).toEqual([expect.objectContaining({ gameId: game.id, playSeconds: 0 })]);
    expect(data.ratings).toEqual([expect.objectContaining({ gameId: game.id, score: 4, comment: 'Review 1' })]);
    expect(data.scores).toEqual([expect.objectContaining({ gameId: game.id, score: 11 })]);
    expect(data.playHistory).toEqual([expect.objectContaining({ gameId: game.id, plays: 1 })]);
    expect(data.submittedGames.map((row) => [row.id, row.status]).sort()).toEqual(
      [
        [published.id, 'APPROVED'],
        [pending.id, 'PENDING'],
      ].sort(),
    );
    expect(data.submissions.map((row) => row.gameId).sort()).toEqual([published.id, pending.id].sort());
    expect(data.reports).toEqual([expect.objectContaining({ kind: 'GAME', gameId: game.id, reason: 'broken' })]);
    expect(data.messages).toEqual([expect.objectContaining({ subject: 'Saves', message: 'Where are my saves?', status: 'OPEN' })]);
    expect(data.newsletter).toMatchObject({ email: 'ada.lovelace@example.com', status: 'PENDING' });
    expect(data.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(data.saves).toEqual([expect.objectContaining({ game: expect.objectContaining({ id: game.id }), data: { level: 1 } })]);
    expect(data.apiKeys).toEqual([expect.objectContaining({ prefix: key.slice(0, data.apiKeys[0]!.prefix.length), revokedAt: null })]);
    expect(data.webhooks).toEqual([expect.objectContaining({ url: 'https://hooks.example.com/playfree', events: ['game.approved'] })]);
    // Sessions are listed without any token or token hash.
    const text = JSON.stringify(data);
    const [session] = await rows<{ token_hash: string }>('select token_hash from auth_sessions where user_id = ?', [player.user.id]);
    expect(text).not.toContain(session!.token_hash);
    expect(text).not.toContain(key);
    const [hook] = await rows<{ secret: string }>('select secret from webhooks where owner_id = ?', [player.user.id]);
    expect(text).not.toContain(hook!.secret);
    expect(text).not.toContain('someone.else');
  });

  it('refuses to delete without the account e-mail typed to confirm', async () => {
    const player = await t.signedIn('careful.player@example.com');
    const wrong = deleteAccount(player, 'someone.else@example.com');
    await expect(wrong).rejects.toBeInstanceOf(Validation);
    await expect(wrong).rejects.toMatchObject({ field: 'email' });
    expect(await findSessionUser(t.db.orm.em.fork(), player.token!)).not.toBeNull();
  });

  it('deletes the account: ratings and scores stay as "Deleted player", everything personal goes', async () => {
    const email = 'leaving.player@example.com';
    const { player, game, published, pending } = await activePlayer(email, 3);
    const second: AuthedContext = await t.signedIn(email);
    const before = await getGameBySlug(t.context(), 'star-blaster');
    const oldId = player.user.id;

    expect(await deleteAccount(player, '  Leaving.Player@Example.com ')).toEqual({ ok: true });

    // Every session of the account has ended, on every device.
    expect(await findSessionUser(t.db.orm.em.fork(), player.token!)).toBeNull();
    expect(await findSessionUser(t.db.orm.em.fork(), second.token!)).toBeNull();
    expect(await rows('select id from users where id = ? or email = ?', [oldId, email])).toEqual([]);

    // The rating and the score are still counted and shown, by no one in particular.
    const after = await getGameBySlug(t.context(), 'star-blaster');
    expect(after.ratingSummary).toEqual(before.ratingSummary);
    const reviews = await listReviews(t.context(), game.id, 1);
    expect(reviews.reviews.filter((review) => review.comment === 'Review 3')).toEqual([expect.objectContaining({ player: DELETED_PLAYER, score: 4 })]);
    expect((await topScores(t.context(), game.id)).filter((entry) => entry.score === 13)).toEqual([expect.objectContaining({ player: DELETED_PLAYER })]);
    const [anonymous] = await rows<{ id: number; email: string; name: string; deleted_at: string | null }>(
      'select u.id, u.email, u.name, u.deleted_at from ratings r join users u on u.id = r.user_id where r.comment = ?',
      ['Review 3'],
    );
    expect(anonymous).toMatchObject({ name: DELETED_PLAYER });
    expect(anonymous!.deleted_at).not.toBeNull();
    expect(anonymous!.email).not.toContain('leaving');
    expect(await rows('select id from auth_sessions where user_id = ?', [anonymous!.id])).toEqual([]);
    // Its plays still count, now under the anonymous row.
    expect(await rows('select id from play_events where user_id = ? or visitor_key = ?', [oldId, `u:${oldId}`])).toEqual([]);
    expect(await rows('select id from play_events where user_id = ?', [anonymous!.id])).toHaveLength(1);
    for (const table of ['play_sessions', 'game_players', 'game_player_days']) {
      expect(await rows(`select game_id from ${table} where visitor_key = ?`, [`u:${oldId}`]), table).toEqual([]);
      expect(await rows(`select game_id from ${table} where visitor_key = ?`, [`u:${anonymous!.id}`]), table).not.toEqual([]);
    }

    // The published game stays, attributed to no one; the pending one is gone.
    expect(await rows('select owner_id, status from games where id = ?', [published.id])).toEqual([{ owner_id: null, status: 'APPROVED' }]);
    expect(await rows('select id from games where id = ?', [pending.id])).toEqual([]);
    expect(await rows('select id from submissions where user_id = ?', [oldId])).toEqual([]);

    // Favourites, saves, keys, webhooks, messages, the newsletter address and sign-in codes of the account are gone.
    expect(await rows('select game_id from favorites where user_id = ?', [oldId])).toEqual([]);
    expect(await rows('select id from collections where user_id = ?', [oldId])).toEqual([]);
    expect(await rows('select game_id from player_games where user_id = ?', [oldId])).toEqual([]);
    expect(await rows('select id from game_saves where user_id = ?', [oldId])).toEqual([]);
    expect(await rows('select id from api_keys where user_id = ?', [oldId])).toEqual([]);
    expect(await rows('select id from webhooks where owner_id = ?', [oldId])).toEqual([]);
    expect(await rows('select id from contact_messages where email = ?', [email])).toEqual([]);
    expect(await rows('select id from newsletter_subscriptions where email = ?', [email])).toEqual([]);
    expect(await rows('select id from login_challenges where email = ?', [email])).toEqual([]);
    // The report stays for moderation, without its reporter.
    expect(await rows('select user_id, email from reports where game_id = ? and user_id is null and reason = ?', [game.id, 'broken'])).not.toEqual([]);
    expect(await rows('select id from reports where user_id = ? or email = ?', [oldId, email])).toEqual([]);

    // Someone else's data is untouched.
    const other = await t.signedIn('someone.else@example.com');
    expect((await exportAccount(other)).ratings).toHaveLength(1);

    // Signing in with the address again starts a new, empty account.
    const fresh = await t.signedIn(email);
    expect(fresh.user.id).not.toBe(oldId);
    const data = await exportAccount(fresh);
    expect([data.favorites, data.collections, data.ratings, data.scores, data.playHistory, data.submittedGames, data.messages]).toEqual([[], [], [], [], [], [], []]);
    expect(data.newsletter).toBeNull();
  });
});
