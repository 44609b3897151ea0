/**
 * A fresh valid call of each operation, so that a call the role table allows succeeds (2xx): each
 * call makes the records its operation needs (a new game, report, profile...) and leaves the shared ones usable.
 */
import type { AnyOperation } from '../../server/domains/operation';
import { call, publishGame, signIn } from '../support/app';
import { buildZip, fixtureBuilders, type MatrixContext, type Role } from './access-fixtures';

/** Where and what to call; `token`: the session it must be made with; `zip`: a file body; `cookie`: a child device's. */
export type OperationCall = { path: string; input: Record<string, unknown> | undefined; token?: string; zip?: Buffer; cookie?: string };

export type ValidCall = (operation: AnyOperation, role: Role) => Promise<OperationCall>;

/** The valid calls of one suite run, over its shared app, sessions and game. */
export function validCallsFor(context: MatrixContext): ValidCall {
  const { t, tokens, gameId, gameSlug } = context;
  const { hostedGame, reviewByNewAuthor, kidProfileOf, newDevice, pairedDevice, kidsGame, childDeviceCookie } = fixtureBuilders(context);

  return async function validCall(operation, role) {
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
      case 'POST /ads/breaks': {
        const view = await call<{ pageViewId: string }>(t.app, 'POST', '/api/page-views', { ...(owner ? { token: owner } : {}), body: { path: '/' } });
        return { path: operation.path, input: { pageViewId: view.body.pageViewId, kind: 'rewarded', gameId } };
      }
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
        const pendingId = submitted.body.id;
        return { path: operation.path.replace('{id}', String(pendingId)), input: { id: pendingId } };
      }
      case 'POST /admin/reports/{id}/resolve':
      case 'POST /admin/reports/{id}/dismiss': {
        const report = await call<{ id: number }>(t.app, 'POST', '/api/reports', {
          body: { gameUrl: 'https://x.example.com/', reportType: 'other', description: `Matrix ${unique}` },
        });
        const reportId = report.body.id;
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
      case 'POST /dev/games/{id}/builds/{buildId}/threads': {
        const game = await hostedGame(owner!, 'uploaded');
        const path = operation.path.replace('{id}', String(game.id)).replace('{buildId}', String(game.buildId));
        return { path, input: { id: game.id, buildId: game.buildId, threads: true } };
      }
      case 'POST /dev/games/{id}/builds/{buildId}/compressed-files': {
        const game = await hostedGame(owner!, 'uploaded');
        const path = operation.path.replace('{id}', String(game.id)).replace('{buildId}', String(game.buildId));
        return { path, input: { id: game.id, buildId: game.buildId, compressedFiles: 'AUTO' } };
      }
      case 'POST /admin/feeds':
      case 'POST /admin/feeds/{id}/sync':
      case 'DELETE /admin/feeds/{id}': {
        const feed = { url: `https://feed-${unique}.example.com/games.json`, format: 'gamemonetize', name: `Matrix feed ${unique}`, publish: 'review' };
        if (key === 'POST /admin/feeds') return { path: operation.path, input: feed };
        const created = await call<{ id: number }>(t.app, 'POST', '/api/admin/feeds', { token: tokens.admin, body: feed });
        return { path: operation.path.replace('{id}', String(created.body.id)), input: { id: created.body.id } };
      }
      case 'GET /admin/feeds/games':
        return { path: '/admin/feeds/games?kind=imported', input: { kind: 'imported' } };
      case 'PUT /admin/games/{id}/home':
        return { path: `/admin/games/${gameId}/home`, input: { id: gameId, placement: 'boosted' } };
      case 'PUT /admin/games/{id}/kids-zone': {
        // An imported game: the portal's own games are not approved here (409). A feed's sync is not needed to make one.
        const submitted = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
          token: tokens.user,
          body: { title: `Imported ${unique}`, description: 'd', srcUrl: `https://imported-${unique}.example.com/`, thumbUrl: 'https://imported.example.com/t.png' },
        });
        await t.db.orm.em.fork().getConnection().execute(`update games set distributor = 'Matrix feed', owner_id = null where id = ?`, [submitted.body.id]);
        return { path: `/admin/games/${submitted.body.id}/kids-zone`, input: { id: submitted.body.id, approved: true } };
      }
      case 'GET /games/{id}/listing':
        return { path: `/games/${gameId}/listing?locale=fr`, input: { id: gameId, locale: 'fr' } };
      case 'GET /dev/games/{id}/translations':
      case 'PUT /dev/games/{id}/translations/{locale}':
      case 'DELETE /dev/games/{id}/translations/{locale}': {
        // The caller's own game; anyone else's is a 404.
        const submitted = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
          token: owner,
          body: { title: `Listing ${unique}`, description: 'd', srcUrl: `https://tr-${unique}.example.com/`, thumbUrl: 'https://tr.example.com/t.png' },
        });
        const id = submitted.body.id;
        const listing = { title: 'Jeu', description: 'Un jeu.' };
        if (operation.method === 'DELETE') await call(t.app, 'PUT', `/api/dev/games/${id}/translations/fr`, { token: owner, body: listing });
        const path = operation.path.replace('{id}', String(id)).replace('{locale}', 'fr');
        return { path, input: { id, ...(operation.path.endsWith('{locale}') ? { locale: 'fr' } : {}), ...(operation.method === 'PUT' ? listing : {}) } };
      }
      case 'PUT /admin/games/{id}/translations/{locale}':
      case 'DELETE /admin/games/{id}/translations/{locale}': {
        // Admins write the built-in games' listings, and remove anyone's.
        const [builtIn] = await t.db.orm.em.fork().getConnection().execute<{ id: number }[]>('select id from games where built_in order by id limit 1');
        const id = builtIn!.id;
        const listing = { title: 'Jeu intégré', description: 'Un jeu du portail.' };
        if (operation.method === 'DELETE') await call(t.app, 'PUT', `/api/admin/games/${id}/translations/fr`, { token: tokens.admin, body: listing });
        return { path: operation.path.replace('{id}', String(id)).replace('{locale}', 'fr'), input: { id, locale: 'fr', ...(operation.method === 'PUT' ? listing : {}) } };
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
  };
}
