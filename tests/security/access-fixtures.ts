/**
 * The records the access matrix's calls point at (hosted games and their builds, reviews, child
 * profiles and paired devices), made through the API on the suite's own app, sessions and game.
 */
import { call, playAs, signIn, type TestApp } from '../support/app';
import { zipOf } from '../support/zips';

export type Role = 'anonymous' | 'user' | 'otherUser' | 'admin';

/**
 * What the suite shares with its fixtures, made in its beforeAll. Passed by reference: a session
 * the suite renews in `tokens` after a call revoked it is the one the next fixture uses.
 */
export interface MatrixContext {
  t: TestApp;
  /** The session of each signed-in role. */
  tokens: Partial<Record<Role, string>>;
  /** The published game every role has played (rating and scoring need a play). */
  gameId: number;
  gameSlug: string;
}

/** A zip of a small playable build with a thumbnail. */
export const buildZip = zipOf({ 'index.html': '<!doctype html><title>Matrix</title>', 'thumb.png': 'png' });

/** The builders of one suite run: the child profiles, kids game and child device they reuse are kept per context. */
export function fixtureBuilders({ t, tokens, gameId }: MatrixContext) {
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

  /** Each family's reused child profile, by the parent's session. */
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

  return { hostedGame, reviewByNewAuthor, kidProfileOf, newDevice, pairedDevice, kidsGame, childDeviceCookie };
}
