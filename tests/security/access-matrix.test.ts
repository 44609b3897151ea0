/**
 * The role table (spec section 6) as a matrix: every /api operation and every
 * tRPC procedure, called as anonymous, a user, another user and an admin.
 * Public → never 401/403; signed-in → 401 anonymous; admin → 401 anonymous, 403 users.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyOperation } from '../../server/domains/operation';
import { operations } from '../../server/domains/registry';
import { ADMIN_EMAIL, call, createTestApp, publishGame, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { zipOf } from '../support/zips';

type Role = 'anonymous' | 'user' | 'otherUser' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'otherUser', 'admin'];

let t: TestApp;
const tokens: Partial<Record<Role, string>> = {};
let gameId = 0;
let gameSlug = '';
let pendingId = 0;
let reportId = 0;

beforeAll(async () => {
  t = await createTestApp();
  tokens.user = await signIn(t.app, 'user@example.com');
  tokens.otherUser = await signIn(t.app, 'other@example.com');
  tokens.admin = await signIn(t.app, ADMIN_EMAIL);
  const published = await publishGame(t.app, tokens.user, tokens.admin, 'Matrix Game');
  gameId = published.id;
  gameSlug = published.slug;
  // Rating and scoring need a play of the game.
  for (const token of Object.values(tokens)) await playAs(t.app, token, gameId);
});
afterAll(() => t.close());

/** A zip of a small playable build with a thumbnail. */
const buildZip = zipOf({ 'index.html': '<!doctype html><title>Matrix</title>', 'thumb.png': 'png' });

/**
 * A hosted game of `owner` with builds up to `stage`: 'uploaded' (checked, READY), 'submitted',
 * 'live' (its game approved with it), or 'second-submitted' (live, plus a newer submitted build).
 */
async function hostedGame(owner: string, stage: 'none' | 'uploaded' | 'submitted' | 'live' | 'second-submitted'): Promise<{ id: number; buildId: number }> {
  const unique = `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  const game = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', { token: owner, body: { title: `Hosted ${unique}`, description: 'd', hosted: true } });
  const upload = async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/dev/games/${game.body.id}/builds`, headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/zip' }, payload: await buildZip });
    await t.services.buildChecks.idle();
    return (response.json() as { id: number }).id;
  };
  if (stage === 'none') return { id: game.body.id, buildId: 0 };
  let buildId = await upload();
  if (stage === 'uploaded') return { id: game.body.id, buildId };
  await call(t.app, 'POST', `/api/dev/games/${game.body.id}/builds/${buildId}/submit`, { token: owner });
  if (stage === 'submitted') return { id: game.body.id, buildId };
  await call(t.app, 'POST', `/api/admin/games/${game.body.id}/approve`, { token: tokens.admin });
  if (stage === 'live') return { id: game.body.id, buildId };
  buildId = await upload();
  await call(t.app, 'POST', `/api/dev/games/${game.body.id}/builds/${buildId}/submit`, { token: owner });
  return { id: game.body.id, buildId };
}

/** A fresh valid input for each operation, so an allowed call succeeds (2xx); `token`: the session it must be made with; `zip`: a file body. */
async function validCall(
  operation: AnyOperation,
  role: Role,
): Promise<{ path: string; input: Record<string, unknown> | undefined; token?: string; zip?: Buffer; cookie?: string }> {
  /** Whose fixture an owner-only operation gets (anonymous calls are refused before the input matters). */
  const owner = tokens[role === 'anonymous' ? 'user' : role];
  const key = `${operation.method} ${operation.path}`;
  const unique = `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  switch (key) {
    case 'POST /auth/login':
      return { path: '/auth/login', input: { email: `someone-${unique}@example.com` } };
    case 'POST /auth/verify':
      return { path: '/auth/verify', input: { email: 'nobody@example.com', code: '12345678' } };
    case 'GET /games/{slug}':
      return { path: `/games/${gameSlug}`, input: { slug: gameSlug } };
    case 'POST /games/{id}/rate':
      return { path: `/games/${gameId}/rate`, input: { id: gameId, score: 4 } };
    case 'POST /games/{id}/report':
      return { path: `/games/${gameId}/report`, input: { id: gameId, reason: 'broken' } };
    case 'POST /reports':
      return { path: '/reports', input: { gameUrl: 'https://x.example.com/', reportType: 'other', description: 'Matrix' } };
    case 'POST /games/submit':
      return {
        path: '/games/submit',
        input: { title: `Legacy ${unique}`, description: 'd', category: 'puzzle', gameUrl: `https://legacy-${unique}.example.com/` },
      };
    case 'POST /dev/games':
      return {
        path: '/dev/games',
        input: { title: `Dev ${unique}`, description: 'd', srcUrl: `https://dev-${unique}.example.com/`, thumbUrl: 'https://dev.example.com/t.png' },
      };
    case 'POST /admin/checkers':
      return { path: '/admin/checkers', input: { name: `Matrix checker ${unique}` } };
    case 'DELETE /admin/checkers/{id}': {
      const created = await call<{ id: number }>(t.app, 'POST', '/api/admin/checkers', { token: tokens.admin, body: { name: `Revoked ${unique}` } });
      return { path: `/admin/checkers/${created.body.id}`, input: { id: created.body.id } };
    }
    case 'POST /page-views':
      return { path: '/page-views', input: { path: '/' } };
    case 'POST /card-impressions':
    case 'POST /ads/impressions': {
      const view = await call<{ pageViewId: string }>(t.app, 'POST', '/api/page-views', { ...(owner ? { token: owner } : {}), body: { path: '/' } });
      const input = key === 'POST /ads/impressions'
        ? { pageViewId: view.body.pageViewId, kind: 'slot', place: 'home', gameId: null }
        : { pageViewId: view.body.pageViewId, gameIds: [gameId] };
      return { path: operation.path, input };
    }
    case 'POST /admin/revenue/{month}':
      return { path: '/admin/revenue/2026-10', input: { month: '2026-10', total: '1234.56' } };
    case 'GET /admin/payouts':
      return { path: '/admin/payouts', input: {} };
    case 'POST /admin/payouts/{id}/paid':
      // No payout falls due in this fixture: an admin gets past access control to the operation's own 404.
      return { path: '/admin/payouts/999999/paid', input: { id: 999999, reference: `Matrix ${unique}` } };
    case 'POST /admin/games/{id}/approve':
    case 'POST /admin/games/{id}/reject': {
      const submitted = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
        token: tokens.user,
        body: { title: `Pending ${unique}`, description: 'd', srcUrl: `https://p-${unique}.example.com/`, thumbUrl: 'https://p.example.com/t.png' },
      });
      pendingId = submitted.body.id;
      return { path: operation.path.replace('{id}', String(pendingId)), input: { id: pendingId } };
    }
    case 'POST /admin/reports/{id}/resolve':
    case 'POST /admin/reports/{id}/dismiss': {
      const report = await call<{ id: number }>(t.app, 'POST', '/api/reports', {
        body: { gameUrl: 'https://x.example.com/', reportType: 'other', description: `Matrix ${unique}` },
      });
      reportId = report.body.id;
      return { path: operation.path.replace('{id}', String(reportId)), input: { id: reportId } };
    }
    case 'POST /admin/games/{id}/unpublish':
    case 'POST /admin/games/{id}/republish': {
      // A game of its own: the shared one must stay published for the other operations.
      const game = await publishGame(t.app, tokens.user!, tokens.admin!, `Off ${unique}`);
      if (operation.path.endsWith('republish')) {
        await t.db.orm.em.fork().getConnection().execute(`update games set status = 'UNPUBLISHED' where id = ?`, [game.id]);
      }
      return { path: operation.path.replace('{id}', String(game.id)), input: { id: game.id } };
    }
    case 'POST /admin/users/{id}/block':
    case 'POST /admin/users/{id}/unblock':
    case 'POST /admin/users/{id}/promote': {
      const email = `target-${unique}@example.com`;
      await signIn(t.app, email);
      const connection = t.db.orm.em.fork().getConnection();
      const [row] = await connection.execute<{ id: number }[]>('select id from users where email = ?', [email]);
      if (operation.path.endsWith('unblock')) await connection.execute('update users set blocked_at = now() where id = ?', [row!.id]);
      return { path: operation.path.replace('{id}', String(row!.id)), input: { id: row!.id } };
    }
    case 'POST /games/{id}/scores':
      return { path: `/games/${gameId}/scores`, input: { id: gameId, score: 10 } };
    case 'POST /contact':
      return { path: '/contact', input: { name: 'Matrix', email: `m-${unique}@example.com`, subject: 'Matrix', message: 'Hello' } };
    case 'POST /admin/messages/{id}/answer': {
      const sent = await call<{ id: number }>(t.app, 'POST', '/api/contact', {
        body: { name: 'Matrix', email: `m-${unique}@example.com`, subject: 'Matrix', message: 'Hello' },
      });
      return { path: `/admin/messages/${sent.body.id}/answer`, input: { id: sent.body.id, answer: 'Hi' } };
    }
    case 'POST /newsletter':
      return { path: '/newsletter', input: { email: `n-${unique}@example.com` } };
    case 'POST /newsletter/confirm':
    case 'POST /newsletter/unsubscribe': {
      const email = `n-${unique}@example.com`;
      await call(t.app, 'POST', '/api/newsletter', { body: { email } });
      const token = t.mails.findLast((mail) => mail.to === email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
      return { path: operation.path, input: { token } };
    }
    case 'GET /search/suggest':
      return { path: '/search/suggest?q=mat', input: { q: 'mat' } };
    case 'GET /admin/messages':
    case 'GET /admin/games':
    case 'GET /admin/users':
    case 'GET /games':
    case 'GET /kids/games':
    case 'GET /admin/reports':
    case 'GET /admin/audit-log':
    case 'GET /admin/scores':
    case 'GET /admin/ratings':
      return { path: operation.path, input: {} };
    case 'DELETE /admin/scores/{id}': {
      await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: tokens.user, body: { score: 5 } });
      const [row] = await t.db.orm.em.fork().getConnection().execute<{ id: number }[]>('select max(id) as id from game_scores');
      return { path: `/admin/scores/${row!.id}`, input: { id: row!.id } };
    }
    case 'DELETE /admin/ratings/{id}': {
      await call(t.app, 'POST', `/api/games/${gameId}/rate`, { token: tokens.otherUser, body: { score: 3 } });
      const [row] = await t.db.orm.em.fork().getConnection().execute<{ id: number }[]>('select max(id) as id from ratings');
      return { path: `/admin/ratings/${row!.id}`, input: { id: row!.id } };
    }
    case 'POST /dev/webhooks':
      return { path: operation.path, input: { url: `https://hook-${unique}.example.com/`, events: ['game.approved'] } };
    case 'DELETE /dev/webhooks/{id}':
    case 'GET /dev/webhooks/{id}/deliveries': {
      const hook = await call<{ id: number }>(t.app, 'POST', '/api/dev/webhooks', {
        token: owner,
        body: { url: `https://hook-${unique}.example.com/`, events: ['game.approved'] },
      });
      return { path: operation.path.replace('{id}', String(hook.body.id)), input: { id: hook.body.id } };
    }
    case 'DELETE /dev/keys/{id}': {
      const made = await call<{ id: number }>(t.app, 'POST', '/api/dev/keys', { token: owner });
      return { path: `/dev/keys/${made.body.id}`, input: { id: made.body.id } };
    }
    case 'PUT /dev/games/{id}': {
      const submitted = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
        token: owner,
        body: { title: `Editable ${unique}`, description: 'd', srcUrl: `https://e-${unique}.example.com/`, thumbUrl: 'https://e.example.com/t.png' },
      });
      return { path: `/dev/games/${submitted.body.id}`, input: { id: submitted.body.id, title: `Edited ${unique}` } };
    }
    case 'GET /dev/games/{id}/analytics': {
      // The caller's own game (a pending one's figures are zeros); anyone else's is a 404.
      const submitted = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
        token: owner,
        body: { title: `Measured ${unique}`, description: 'd', srcUrl: `https://m-${unique}.example.com/`, thumbUrl: 'https://m.example.com/t.png' },
      });
      return { path: `/dev/games/${submitted.body.id}/analytics?period=7d`, input: { id: submitted.body.id, period: '7d' } };
    }
    case 'POST /games/{id}/playtime':
      return { path: `/games/${gameId}/playtime`, input: { id: gameId, seconds: 10 } };
    case 'PUT /games/{id}/save':
      // A first save (version 0) is always a valid write once the game's saves are gone.
      await t.db.orm.em.fork().getConnection().execute('delete from game_saves where game_id = ?', [gameId]);
      return { path: `/games/${gameId}/save`, input: { id: gameId, data: { level: 2 }, version: 0 } };
    case 'POST /me/saves':
      return { path: '/me/saves', input: { format: 'playfree-saves', saves: [] } };
    case 'PUT /me':
      return { path: '/me', input: { displayName: 'Matrix Player' } };
    case 'DELETE /me': {
      // An account of its own: deleting one of the shared accounts would end their sessions.
      const email = `leaving-${unique}@example.com`;
      return { path: '/me', input: { email }, token: role === 'anonymous' ? undefined : await signIn(t.app, email) };
    }
    case 'POST /dev/games/{id}/builds': {
      const game = await hostedGame(owner!, 'none');
      return { path: `/dev/games/${game.id}/builds`, input: { id: game.id }, zip: await buildZip };
    }
    case 'GET /dev/games/{id}/builds':
    case 'GET /dev/games/{id}/builds/{buildId}':
    case 'POST /dev/games/{id}/builds/{buildId}/submit':
    case 'POST /dev/games/{id}/builds/{buildId}/live': {
      const game = await hostedGame(owner!, operation.path.endsWith('live') ? 'live' : 'uploaded');
      const path = operation.path.replace('{id}', String(game.id)).replace('{buildId}', String(game.buildId));
      return { path, input: { id: game.id, buildId: game.buildId } };
    }
    case 'POST /admin/builds/{id}/approve':
    case 'POST /admin/builds/{id}/reject': {
      const game = await hostedGame(tokens.user!, 'second-submitted');
      const input = { id: game.buildId, ...(operation.path.endsWith('reject') ? { reason: 'Matrix' } : {}) };
      return { path: operation.path.replace('{id}', String(game.buildId)), input };
    }
    case 'POST /games/{id}/medals/{medal}': {
      // The shared game's medal, declared by its developer (every role has played it): unlocking again is idempotent.
      await call(t.app, 'PUT', `/api/dev/games/${gameId}/medals`, { token: tokens.user, body: { medals: [{ key: 'matrix-medal', name: 'Matrix', icon: 'star', points: 5 }] } });
      return { path: `/games/${gameId}/medals/matrix-medal`, input: { id: gameId, medal: 'matrix-medal' } };
    }
    case 'GET /dev/games/{id}/medals':
    case 'PUT /dev/games/{id}/medals': {
      // The caller's own game; anyone else's is a 404.
      const submitted = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
        token: owner,
        body: { title: `Medals ${unique}`, description: 'd', srcUrl: `https://md-${unique}.example.com/`, thumbUrl: 'https://md.example.com/t.png' },
      });
      const medals = [{ key: 'matrix-medal', name: 'Matrix', icon: 'star', points: 5 }];
      return { path: `/dev/games/${submitted.body.id}/medals`, input: { id: submitted.body.id, ...(operation.method === 'PUT' ? { medals } : {}) } };
    }
    case 'GET /trending':
      return { path: '/trending', input: {} };
    case 'POST /me/recently-played':
      return { path: '/me/recently-played', input: { games: [{ id: gameId, playedAt: new Date().toISOString() }] } };
    case 'POST /collections':
      return { path: '/collections', input: { name: `Matrix ${unique}`, isPublic: true } };
    case 'GET /collections/{id}':
    case 'PUT /collections/{id}':
    case 'DELETE /collections/{id}':
    case 'POST /collections/{id}/games/{gameId}':
    case 'DELETE /collections/{id}/games/{gameId}': {
      // The caller's own public collection (anyone may read a public one).
      const made = await call<{ id: number }>(t.app, 'POST', '/api/collections', { token: owner, body: { name: `Matrix ${unique}`, isPublic: true } });
      const id = made.body.id;
      const ofGame = operation.path.endsWith('{gameId}');
      if (ofGame && operation.method === 'DELETE') await call(t.app, 'POST', `/api/collections/${id}/games/${gameId}`, { token: owner });
      const path = operation.path.replace('{id}', String(id)).replace('{gameId}', String(gameId));
      return { path, input: { id, ...(ofGame ? { gameId } : {}), ...(operation.method === 'PUT' ? { name: `Renamed ${unique}` } : {}) } };
    }
    case 'POST /reviews/{id}/report':
    case 'POST /admin/reported-reviews/{id}/dismiss': {
      // A fresh author's review (one report per reporter, and never one's own).
      const reviewId = await reviewByNewAuthor(unique);
      if (operation.path.startsWith('/admin')) await call(t.app, 'POST', `/api/reviews/${reviewId}/report`, { token: tokens.user, body: { reason: 'spam' } });
      return { path: operation.path.replace('{id}', String(reviewId)), input: { id: reviewId, ...(operation.path.startsWith('/reviews') ? { reason: 'spam' } : {}) } };
    }
    case 'PUT /kids/family':
      return { path: '/kids/family', input: { timeZone: 'Europe/Paris', pin: '1234' } };
    case 'POST /kids/profiles':
      return { path: '/kids/profiles', input: { name: `Kid ${unique.slice(-6)}`, avatar: 'fox', ageBand: '6-8' } };
    case 'PUT /kids/profiles/{id}':
    case 'DELETE /kids/profiles/{id}':
    case 'POST /kids/profiles/{id}/time':
    case 'PUT /kids/profiles/{id}/games':
    case 'GET /kids/profiles/{id}/activity':
    case 'GET /kids/profiles/{id}/export':
    case 'POST /kids/profiles/{id}/devices':
    case 'PUT /kids/profiles/{id}/devices/{deviceId}':
    case 'DELETE /kids/profiles/{id}/devices/{deviceId}': {
      // The caller's own child profile (a new one where the call deletes or pairs); anonymous calls are refused first.
      if (role === 'anonymous') return { path: operation.path.replace('{id}', '1').replace('{deviceId}', '1'), input: { id: 1 } };
      const id = await kidProfileOf(owner!, unique, { fresh: operation.method === 'DELETE' || key.includes('devices') });
      const extra: Record<string, unknown> = {};
      if (key === 'PUT /kids/profiles/{id}') extra.dailyMinutes = 30;
      if (key === 'POST /kids/profiles/{id}/time') extra.minutes = 5;
      if (key === 'PUT /kids/profiles/{id}/games') extra.gameIds = [gameId];
      if (key === 'POST /kids/profiles/{id}/devices') extra.code = (await newDevice()).code;
      if (key === 'PUT /kids/profiles/{id}/devices/{deviceId}') extra.label = 'Kitchen tablet';
      let path = operation.path.replace('{id}', String(id));
      if (key.endsWith('{deviceId}')) {
        const deviceId = await pairedDevice(owner!, id);
        path = path.replace('{deviceId}', String(deviceId));
        extra.deviceId = deviceId;
      }
      return { path, input: { id, ...extra } };
    }
    case 'GET /collections':
      return { path: '/collections', input: {} };
    case 'POST /kids/device/enter':
    case 'POST /kids/device/unlock':
    case 'POST /kids/device/pin-reset':
    case 'POST /kids/device/plays':
    case 'GET /kids/device/games': {
      // The child's device, paired to a profile of the user's family (PIN 1234).
      const inputs: Record<string, Record<string, unknown> | undefined> = {
        'POST /kids/device/unlock': { pin: '1234' },
        'POST /kids/device/plays': { slug: (await kidsGame()).slug },
        'GET /kids/device/games': {},
      };
      return { path: operation.path, input: inputs[key], cookie: await childDeviceCookie() };
    }
    case 'POST /kids/device/pin-reset/confirm': {
      // The code the reset mails to the parent; the PIN stays 1234 for the other calls.
      const cookie = await childDeviceCookie();
      const before = t.mails.length;
      await call(t.app, 'POST', '/api/kids/device/pin-reset', { headers: { cookie } });
      const mail = t.mails.slice(before).findLast((sent) => sent.to === 'user@example.com');
      const code = mail!.subject.match(/(\d{4}) (\d{4})/)!.slice(1, 3).join('');
      return { path: operation.path, input: { code, pin: '1234' }, cookie };
    }
    case 'POST /kids/device/plays/{id}/beat': {
      const cookie = await childDeviceCookie();
      const play = await call<{ playId: number }>(t.app, 'POST', '/api/kids/device/plays', { headers: { cookie }, body: { slug: (await kidsGame()).slug } });
      return { path: operation.path.replace('{id}', String(play.body.playId)), input: { id: play.body.playId }, cookie };
    }
    default:
      if (operation.path.includes('{id}')) return { path: operation.path.replace('{id}', String(gameId)), input: { id: gameId } };
      return { path: operation.path, input: undefined };
  }
}

/** The id of a new review of the shared game by a new player. */
async function reviewByNewAuthor(unique: string): Promise<number> {
  const author = await signIn(t.app, `author-${unique}@example.com`);
  await playAs(t.app, author, gameId);
  await call(t.app, 'POST', `/api/games/${gameId}/rate`, { token: author, body: { score: 4, comment: 'A review to report' } });
  const rows = await t.db.orm.em.fork().getConnection().execute<{ id: number }[]>(
    `select r.id from ratings r join users u on u.id = r.user_id where u.email = ? and r.game_id = ?`,
    [`author-${unique}@example.com`, gameId],
  );
  return rows[0]!.id;
}

const kidProfiles = new Map<string, number>();

/**
 * A child profile in `token`'s family (its PIN set to 1234 first: a family needs one): the same one
 * each time, or a new one with `fresh` (a family holds at most 10).
 */
async function kidProfileOf(token: string, unique: string, { fresh = false } = {}): Promise<number> {
  if (!fresh && kidProfiles.has(token)) return kidProfiles.get(token)!;
  await call(t.app, 'PUT', '/api/kids/family', { token, body: { timeZone: 'Europe/Paris', pin: '1234' } });
  const made = await call<{ id: number }>(t.app, 'POST', '/api/kids/profiles', { token, body: { name: `Kid ${unique.slice(-6)}`, avatar: 'owl', ageBand: '3-5' } });
  if (made.status !== 201) throw new Error(`a child profile: ${made.status} ${JSON.stringify(made.body)}`);
  if (!fresh) kidProfiles.set(token, made.body.id);
  return made.body.id;
}

/** A child's device asking to be paired: the code it shows and its device cookie. */
async function newDevice(): Promise<{ code: string; cookie: string }> {
  const response = await call<{ code: string }>(t.app, 'POST', '/api/kids/device/pairing-code');
  const header = response.headers['set-cookie'];
  const setCookie = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  return { code: response.body.code, cookie: setCookie.map((line) => line.split(';')[0]).join('; ') };
}

/** The id of a device paired now to profile `id`. */
async function pairedDevice(token: string, id: number): Promise<number> {
  const paired = await call<{ devices: { id: number }[] }>(t.app, 'POST', `/api/kids/profiles/${id}/devices`, { token, body: { code: (await newDevice()).code } });
  return Math.max(...paired.body.devices.map((device) => device.id));
}

/** A published game rated for kids (the shared one is not): what the child's device plays. */
let kidsGameOnce: Promise<{ slug: string }> | undefined;
function kidsGame(): Promise<{ slug: string }> {
  kidsGameOnce ??= (async () => {
    const submitted = await call<{ id: number; slug: string }>(t.app, 'POST', '/api/dev/games', {
      token: tokens.user,
      body: { title: 'Matrix Kids Game', description: 'd', srcUrl: 'https://matrix-kids.games.example.com/', thumbUrl: 'https://matrix-kids.games.example.com/t.png', ageRating: 'KIDS' },
    });
    await call(t.app, 'POST', `/api/admin/games/${submitted.body.id}/approve`, { token: tokens.admin });
    return submitted.body;
  })();
  return kidsGameOnce;
}

/** One device of the user's family, paired once: the child's calls are made with its cookie. */
let childDevice: Promise<string> | undefined;
function childDeviceCookie(): Promise<string> {
  childDevice ??= (async () => {
    const id = await kidProfileOf(tokens.user!, 'child-device');
    const device = await newDevice();
    await call(t.app, 'POST', `/api/kids/profiles/${id}/devices`, { token: tokens.user, body: { code: device.code } });
    return device.cookie;
  })();
  return childDevice;
}

const EMAILS: Record<Exclude<Role, 'anonymous'>, string> = {
  user: 'user@example.com',
  otherUser: 'other@example.com',
  admin: ADMIN_EMAIL,
};

/**
 * Signing out (everywhere) would end the shared sessions: such calls get a session of
 * their own, and the shared one is renewed afterwards by the next test's sign-in.
 */
async function sessionFor(role: Role, path: string, token: string | undefined): Promise<string | undefined> {
  if (role === 'anonymous' || !/logout/.test(path)) return token;
  const fresh = await signIn(t.app, EMAILS[role]);
  if (/logout-all/.test(path)) {
    // Everything of this account is revoked by the call: keep a session made after it.
    renewAfterLogoutAll.push(role);
  }
  return fresh;
}
const renewAfterLogoutAll: Exclude<Role, 'anonymous'>[] = [];

afterEach(async () => {
  while (renewAfterLogoutAll.length > 0) {
    const role = renewAfterLogoutAll.pop()!;
    tokens[role] = await signIn(t.app, EMAILS[role]);
  }
});

function expectedStatus(operation: AnyOperation, role: Role): 'ok' | 401 | 403 {
  if (operation.access === 'public') return 'ok';
  if (role === 'anonymous') return 401;
  if (operation.access === 'admin' && role !== 'admin') return 403;
  return 'ok';
}

/** Operations whose successful answer is not 2xx for every valid-looking input. */
const ALLOWED_FAILURE: Record<string, number> = {
  // Verifying a code nobody requested fails (401 is the operation's own answer, not access control).
  'POST /auth/verify': 401,
  // Marking a payout that does not exist (none falls due in this fixture).
  'POST /admin/payouts/{id}/paid': 404,
};

/** Uploads are served on /api only (restOnlyRegistry). */
const procedures = operations.filter(({ operation }) => !operation.upload);

describe(`access control matrix on /api (${engineName})`, () => {
  for (const { operation } of operations) {
    for (const role of ROLES) {
      it(`${operation.method} ${operation.path} as ${role}`, async () => {
        const { path, input, token: ownSession, zip, cookie } = await validCall(operation, role);
        const token = role === 'anonymous' ? undefined : (ownSession ?? tokens[role]);
        const useToken = await sessionFor(role, operation.path, token);
        const response = await call(t.app, operation.method, `/api${path}`, {
          ...(useToken ? { token: useToken } : {}),
          ...(cookie ? { headers: { cookie } } : {}),
          ...(zip ? { body: zip, headers: { 'content-type': 'application/zip' } } : operation.method === 'GET' || input === undefined ? {} : { body: input }),
        });
        const expected = expectedStatus(operation, role);
        if (expected === 'ok') {
          const key = `${operation.method} ${operation.path}`;
          if (ALLOWED_FAILURE[key]) expect(response.status).toBe(ALLOWED_FAILURE[key]);
          else expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
        } else {
          expect(response.status).toBe(expected);
        }
      });
    }
  }
});

describe(`access control matrix on /trpc (${engineName})`, () => {
  for (const { name, operation } of procedures) {
    for (const role of ROLES) {
      it(`${name} as ${role}`, async () => {
        const { input, token: ownSession, cookie } = await validCall(operation, role);
        const token = role === 'anonymous' ? undefined : (ownSession ?? tokens[role]);
        const useToken = await sessionFor(role, operation.path, token);
        const headers: Record<string, string> = useToken ? { authorization: `Bearer ${useToken}` } : {};
        if (cookie) headers.cookie = cookie;
        if (operation.method !== 'GET') headers['content-type'] = 'application/json';
        const response =
          operation.method === 'GET'
            ? await t.app.inject({
                method: 'GET',
                url: `/trpc/${name}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
                headers,
              })
            : // As the batching client sends mutations: `{"0": input}`, or `{}` without input.
              await t.app.inject({ method: 'POST', url: `/trpc/${name}?batch=1`, headers, payload: input ? { 0: input } : {} });
        const expected = expectedStatus(operation, role);
        if (expected === 'ok') {
          const key = `${operation.method} ${operation.path}`;
          if (ALLOWED_FAILURE[key]) expect(response.statusCode).toBe(ALLOWED_FAILURE[key]);
          else expect(response.statusCode, response.body).toBe(200);
        } else {
          expect(response.statusCode).toBe(expected);
        }
      });
    }
  }
});

describe(`one user's submissions are theirs alone (${engineName})`, () => {
  it('another user does not see them in GET /api/dev/games', async () => {
    const mine = await call<{ id: number }[]>(t.app, 'GET', '/api/dev/games', { token: tokens.user });
    const theirs = await call<{ id: number }[]>(t.app, 'GET', '/api/dev/games', { token: tokens.otherUser });
    expect(mine.body.length).toBeGreaterThan(0);
    const mineIds = new Set(mine.body.map((game) => game.id));
    expect(theirs.body.some((game) => mineIds.has(game.id))).toBe(false);
  });
});
