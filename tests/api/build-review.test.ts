/**
 * Builds reviewed one by one (issue #24): a hosted game is submitted with no address of its own,
 * its builds are uploaded from the developer portal (session) and the public API (key), checked,
 * submitted (a failing check blocks it), approved by an admin (swapped live in one statement) or
 * rejected, and an earlier approved build can be put back live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOutput, gameBuildsOutput, pendingBuildOutput, v1BuildOutput } from '../../shared/schemas';
import { gameOriginOf } from '../../shared/urls';
import { BuildServer } from '../../server/http/build-files';
import { buildGamesOrigin } from '../../server/games-origin';
import { claimBuildToCheck } from '../../server/domains/builds/queries';
import type { CheckBuild } from '../../server/domains/builds/check-worker';
import { queryOf } from '../../server/db/kysely';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { checksFromFileNames } from '../support/build-checks';
import { engineName } from '../support/engine';
import { CHECK_LIMITS, judgeBuild } from '../../server/domains/builds/checks/verdicts';
import { translate } from '../../server/i18n/translate';
import type { BuildChecks } from '../../shared/schemas/builds';
import { multipartOf, zipOf } from '../support/zips';

const PAGE = (version: string) => `<!doctype html><title>Lantern Maze</title><p>${version}</p><script src="/__playfree/sdk.js"></script>`;
const build = (version: string, extra: Record<string, string> = {}) => zipOf({ 'index.html': PAGE(version), 'thumb.png': 'png bytes', ...extra });

describe(`build review (${engineName})`, () => {
  let t: TestApp;
  let dev: string;
  let other: string;
  let admin: string;
  let devKey: string;
  let gameId: number;
  let slug: string;
  /** Checks of builds with `held-check` in a file name wait until released. */
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const checkBuild: CheckBuild = async (candidate) => {
    if (candidate.files.some((file) => file.path.includes('held-check'))) await held;
    return checksFromFileNames(candidate);
  };

  const uploadAs = async (token: string, id: number, zip: Buffer) => {
    const { payload, contentType } = multipartOf('file', 'lantern-maze.zip', zip);
    const response = await t.app.inject({ method: 'POST', url: `/api/dev/games/${id}/builds`, headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, payload });
    return { status: response.statusCode, body: response.json() };
  };
  /** Uploads a build as the developer and waits for its checks. */
  const uploaded = async (zip: Buffer) => {
    const response = await uploadAs(dev, gameId, zip);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    await t.services.buildChecks.idle();
    return buildOutput.parse((await call(t.app, 'GET', `/api/dev/games/${gameId}/builds/${response.body.id}`, { token: dev })).body);
  };
  const submit = (buildId: number, token = dev) => call(t.app, 'POST', `/api/dev/games/${gameId}/builds/${buildId}/submit`, { token });
  const liveBuildId = async () => (await queryOf(t.db.orm.em.fork()).selectFrom('games').select('live_build_id').where('id', '=', gameId).executeTakeFirstOrThrow()).live_build_id;

  beforeAll(async () => {
    t = await createTestApp({}, { checkBuild });
    dev = await signIn(t.app, 'maze-maker@example.com');
    other = await signIn(t.app, 'someone-else@example.com');
    admin = await signIn(t.app, ADMIN_EMAIL);
    devKey = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: dev })).body.key;
  });
  afterAll(async () => {
    release();
    await t?.close();
  });

  it('takes a hosted game with no address or thumbnail of its own, and still asks a linked one for both', async () => {
    const base = { title: 'Lantern Maze', description: 'Find the way out of the maze by lantern light.', categories: ['puzzle'] };
    const linked = await call(t.app, 'POST', '/api/dev/games', { token: dev, body: base });
    expect(linked.status).toBe(400);
    expect(linked.body.message).toMatch(/^srcUrl: Required/);
    const hosted = await call<{ id: number; slug: string; status: string }>(t.app, 'POST', '/api/dev/games', { token: dev, body: { ...base, hosted: true } });
    expect(hosted.status, JSON.stringify(hosted.body)).toBe(201);
    ({ id: gameId, slug } = hosted.body);
    const mine = await call<{ id: number; thumbUrl: string; hosted: boolean }[]>(t.app, 'GET', '/api/dev/games', { token: dev });
    expect(mine.body.find((game) => game.id === gameId)).toMatchObject({ hosted: true, thumbUrl: `${t.env.GAMES_PUBLIC_URL}/thumbs/${slug}` });
    // The same through /api/v1, with a key.
    const v1Base = { title: 'Lantern Maze Two', description: 'The maze goes on.', category: 'puzzle' };
    const v1Linked = await call(t.app, 'POST', '/api/v1/games', { token: devKey, body: v1Base });
    expect(v1Linked.status).toBe(400);
    expect(v1Linked.body.message).toMatch(/^game_url: Required unless hosted is true/);
    const v1Hosted = await call<{ id: number; status: string }>(t.app, 'POST', '/api/v1/games', { token: devKey, body: { ...v1Base, hosted: true } });
    expect(v1Hosted.status, JSON.stringify(v1Hosted.body)).toBe(201);
    expect(v1Hosted.body.status).toBe('PENDING');
  });

  it('cannot be approved before a build is submitted: it would have nothing to play', async () => {
    const approved = await call(t.app, 'POST', `/api/admin/games/${gameId}/approve`, { token: admin });
    expect(approved.status).toBe(409);
    expect(approved.body.message).toMatch(/no build submitted/);
  });

  it('is CHECKING until its checks are done, and cannot be submitted meanwhile', async () => {
    const response = await uploadAs(dev, gameId, await build('held', { 'held-check.txt': 'x' }));
    expect(response.status).toBe(201);
    expect(buildOutput.strict().parse(response.body)).toMatchObject({ version: 1, status: 'CHECKING', checks: null, live: false });
    expect(response.body.previewUrl).toMatch(/^http:\/\/build--[0-9a-f]{20}\.localhost:4101\/$/);
    const early = await submit(response.body.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/still running/);
    release();
    await t.services.buildChecks.idle();
    const checked = (await call(t.app, 'GET', `/api/dev/games/${gameId}/builds/${response.body.id}`, { token: dev })).body;
    expect(checked).toMatchObject({ status: 'READY', checks: { verdict: 'pass' } });
  });

  it('answers its checks in the caller’s language: titles, limits, advice and what they measured, its figures with them (issue #59)', async () => {
    const built = await uploaded(await build('in french'));
    // Verdicts as the checks store them (English, each text's message beside it), for a game that did not finish loading in time.
    const stored = judgeBuild({ files: [{ path: 'index.html', size: 2_000 }], index: { html: PAGE('x') }, outcome: { kind: 'timed-out', timeoutSeconds: 60 }, seconds: 60 });
    await queryOf(t.db.orm.em.fork()).updateTable('game_builds').set({ checks: JSON.stringify(stored) } as never).where('id', '=', built.id).execute();
    const read = async (headers: Record<string, string>) => (await call(t.app, 'GET', `/api/dev/games/${gameId}/builds/${built.id}`, { token: dev, headers })).body as { checks: BuildChecks };
    const french = (await read({ 'x-locale': 'fr' })).checks;
    const starts = french.items.find((item) => item.id === 'starts')!;
    const english = stored.items.find((item) => item.id === 'starts')!;
    expect(starts).toMatchObject({
      title: translate('fr', 'checks.starts.title'),
      limit: translate('fr', 'checks.starts.limit', CHECK_LIMITS.startSeconds),
      measured: translate('fr', 'checks.measured.timedOut', { seconds: '60' }),
      advice: translate('fr', 'checks.starts.advice'),
    });
    expect(starts.title).not.toBe(english.title);
    expect(starts.measured).not.toBe(english.measured);
    expect(french.items.find((item) => item.id === 'total-size')!.measured).toBe(translate('fr', 'checks.size.kilobytes', { kb: 2 }));
    // English as stored; the messages kept beside the texts are not part of the answer.
    const answered = (await read({})).checks;
    expect(answered).toEqual({ ...stored, items: stored.items.map(({ texts: _texts, ...item }) => item) });
    expect(JSON.stringify(answered)).not.toContain('"texts"');
  });

  it('blocks a build that failed a check, and asks a hosted game’s build for a thumbnail', async () => {
    const failing = await uploaded(await build('broken', { 'fails-check.js': '' }));
    expect(failing).toMatchObject({ status: 'FAILED', checks: { verdict: 'fail' } });
    const refused = await submit(failing.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/failed an automatic check/);
    const thumbless = await uploaded(await zipOf({ 'index.html': PAGE('no thumb') }));
    const noThumb = await submit(thumbless.id);
    expect(noThumb.status).toBe(400);
    expect(noThumb.body.message).toMatch(/^thumb\.png: /);
  });

  it('keeps other developers out of a game’s builds', async () => {
    expect((await uploadAs(other, gameId, await build('theirs'))).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/dev/games/${gameId}/builds`, { token: other })).status).toBe(404);
    expect((await submit(1, other)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/dev/games/${gameId}/builds`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/builds', { token: dev })).status).toBe(403);
  });

  let first: number;
  it('goes live with its game: approving a pending game approves its submitted build', async () => {
    const v = await uploaded(await build('one'));
    first = v.id;
    versions.one = v.version;
    expect((await submit(first)).status).toBe(200);
    const queue = await call(t.app, 'GET', '/api/admin/builds', { token: admin });
    const waiting = pendingBuildOutput.array().parse(queue.body).find((entry) => entry.id === first);
    expect(waiting).toMatchObject({ gameTitle: 'Lantern Maze', gameStatus: 'PENDING', status: 'SUBMITTED' });
    // Not published yet, the game has no thumbnail at its public address: its developer and its
    // reviewer see the thumbnail of the build they are looking at, on its preview host (issue #38, point 10).
    const previewThumb = `${waiting!.previewUrl}thumb.png`;
    const mine = await call<{ id: number; thumbUrl: string }[]>(t.app, 'GET', '/api/dev/games', { token: dev });
    expect(mine.body.find((entry) => entry.id === gameId)?.thumbUrl).toBe(previewThumb);
    const reviewed = await call<{ id: number; thumbUrl: string }[]>(t.app, 'GET', '/api/admin/games/pending', { token: admin });
    expect(reviewed.body.find((entry) => entry.id === gameId)?.thumbUrl).toBe(previewThumb);
    const origin = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
    const thumb = await origin.inject({ method: 'GET', url: '/thumb.png', headers: { host: new URL(previewThumb).host } });
    expect([thumb.statusCode, thumb.body]).toEqual([200, 'png bytes']);
    await origin.close();
    // A build of a game still in review is approved with the game, not on its own.
    expect((await call(t.app, 'POST', `/api/admin/builds/${first}/approve`, { token: admin })).status).toBe(409);
    expect((await call(t.app, 'POST', `/api/admin/games/${gameId}/approve`, { token: admin })).status).toBe(200);
    expect(await liveBuildId()).toBe(first);
    const game = await call<{ srcUrl: string }>(t.app, 'GET', `/api/games/${slug}`);
    expect(game.body.srcUrl).toBe(`${gameOriginOf(t.env.GAMES_PUBLIC_URL, slug)}/`);
    // Published, it shows its live build's thumbnail at its public address again.
    const published = await call<{ id: number; thumbUrl: string }[]>(t.app, 'GET', '/api/dev/games', { token: dev });
    expect(published.body.find((entry) => entry.id === gameId)?.thumbUrl).toBe(`${t.env.GAMES_PUBLIC_URL}/thumbs/${slug}`);
  });

  let second: number;
  /** The version number of each build by its page's word. */
  const versions: Record<string, number> = {};
  it('reviews a new build while the current one stays live, then swaps it live', async () => {
    // From the public API this time: upload, poll, submit.
    const { payload, contentType } = multipartOf('file', 'v2.zip', await build('two'));
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/builds`, headers: { 'content-type': contentType, authorization: `Bearer ${devKey}` }, payload });
    expect(response.statusCode, response.body).toBe(201);
    ({ id: second, version: versions.two } = v1BuildOutput.strict().parse(response.json()));
    await t.services.buildChecks.idle();
    const polled = await call(t.app, 'GET', `/api/v1/games/${gameId}/builds/${second}`, { token: devKey });
    expect(v1BuildOutput.strict().parse(polled.body)).toMatchObject({ status: 'READY', live: false, checks: { verdict: 'pass' } });
    expect((await call(t.app, 'POST', `/api/v1/games/${gameId}/builds/${second}/submit`, { token: devKey })).status).toBe(200);
    expect(await liveBuildId()).toBe(first);

    const origin = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
    const page = () => origin.inject({ method: 'GET', url: '/', headers: { host: new URL(gameOriginOf(t.env.GAMES_PUBLIC_URL, slug)).host } }).then((answer) => answer.body);
    expect(await page()).toBe(PAGE('one'));
    await origin.close();

    const approved = await call(t.app, 'POST', `/api/admin/builds/${second}/approve`, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', live: true });
    expect(await liveBuildId()).toBe(second);
    // The developer hears of it, as of their game's own approval (issue #38, point 12).
    expect(t.mails.findLast((mail) => mail.to === 'maze-maker@example.com')).toMatchObject({
      subject: `Version ${versions.two} of "Lantern Maze" is live`,
      text: expect.stringContaining(`${t.env.PUBLIC_URL}/games/${slug}`),
    });
    const fresh = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
    expect((await fresh.inject({ method: 'GET', url: '/', headers: { host: new URL(gameOriginOf(t.env.GAMES_PUBLIC_URL, slug)).host } })).body).toBe(PAGE('two'));
    // The game's thumbnail (its thumbUrl) is the live build's thumb.png, on the games origin's own host.
    const thumb = await fresh.inject({ method: 'GET', url: `/thumbs/${slug}`, headers: { host: new URL(t.env.GAMES_PUBLIC_URL).host } });
    expect([thumb.statusCode, thumb.headers['content-type'], thumb.body]).toEqual([200, 'image/png', 'png bytes']);
    expect((await fresh.inject({ method: 'GET', url: '/thumbs/no-such-game', headers: { host: new URL(t.env.GAMES_PUBLIC_URL).host } })).statusCode).toBe(404);
    await fresh.close();
    // Deciding twice is a conflict, not a second swap.
    expect((await call(t.app, 'POST', `/api/admin/builds/${second}/approve`, { token: admin })).status).toBe(409);
  });

  it('rejects a build with the reviewer’s reason and leaves the live one in place', async () => {
    const third = await uploaded(await build('three'));
    expect((await submit(third.id)).status).toBe(200);
    const noReason = await call(t.app, 'POST', `/api/admin/builds/${third.id}/reject`, { token: admin, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/^reason: /);
    const rejected = await call(t.app, 'POST', `/api/admin/builds/${third.id}/reject`, { token: admin, body: { reason: 'The exit door does not open on a phone.' } });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', reviewNote: 'The exit door does not open on a phone.' });
    const mail = t.mails.findLast((sent) => sent.to === 'maze-maker@example.com');
    expect(mail?.subject).toBe(`Version ${third.version} of "Lantern Maze" was not approved`);
    expect(mail?.text).toContain('Why: The exit door does not open on a phone.');
    expect(mail?.text).toContain('the version live before stays live');
    expect(await liveBuildId()).toBe(second);
    // A rejected build never goes live.
    expect((await call(t.app, 'POST', `/api/dev/games/${gameId}/builds/${third.id}/live`, { token: dev })).status).toBe(409);
  });

  it('withdraws a submitted build that was not reviewed when a newer one is submitted', async () => {
    const a = await uploaded(await build('four'));
    const b = await uploaded(await build('five'));
    expect((await submit(a.id)).status).toBe(200);
    expect((await submit(b.id)).status).toBe(200);
    const list = gameBuildsOutput.parse((await call(t.app, 'GET', `/api/dev/games/${gameId}/builds`, { token: dev })).body);
    expect(list.builds.find((entry) => entry.id === a.id)?.status).toBe('READY');
    expect(list.builds.find((entry) => entry.id === b.id)?.status).toBe('SUBMITTED');
    expect(list.builds.map((entry) => entry.version)).toEqual(list.builds.map((entry) => entry.version).sort((x, y) => y - x));
    expect(list.liveBuildId).toBe(second);
  });

  it('rolls back to an earlier approved build, and forward again', async () => {
    // A games origin that has served version 2 a moment ago (it trusts a live build for 5 s).
    const origin = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
    const host = new URL(gameOriginOf(t.env.GAMES_PUBLIC_URL, slug)).host;
    const open = (url: string) => origin.inject({ method: 'GET', url, headers: { host } }).then((answer) => answer.body);
    expect(await open(`/?v=${versions.two}`)).toBe(PAGE('two'));
    const back = await call(t.app, 'POST', `/api/v1/games/${gameId}/builds/${first}/live`, { token: devKey });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: first, live: true, status: 'APPROVED' });
    expect(await liveBuildId()).toBe(first);
    // The game page now says version 1 and its frame asks for it (/?v=1): the player gets it on this
    // very load, not the version kept a moment ago (issue #38, point 8). Its files follow it:
    // every one that is not named by its content is asked again on each load.
    expect(await open(`/?v=${versions.one}`)).toBe(PAGE('one'));
    expect(await open('/')).toBe(PAGE('one'));
    const forward = await call(t.app, 'POST', `/api/dev/games/${gameId}/builds/${second}/live`, { token: dev });
    expect(forward.body).toMatchObject({ live: true });
    expect(await liveBuildId()).toBe(second);
    expect(await open(`/?v=${versions.two}`)).toBe(PAGE('two'));
    await origin.close();
    const log = await queryOf(t.db.orm.em.fork()).selectFrom('audit_log').select(['action', 'target_id']).where('target_type', '=', 'build').execute();
    expect(log.map((entry) => entry.action)).toEqual(expect.arrayContaining(['BUILD_APPROVED', 'BUILD_REJECTED', 'BUILD_ROLLED_BACK']));
  });

  it('lets one portal process at a time check a build, and another take it over once its lease ends', async () => {
    const claims = await Promise.all([1, 2, 3].map(() => claimBuildToCheck(t.db.orm.em.fork(), 60)));
    expect(claims.every((claim) => claim === undefined)).toBe(true); // nothing is waiting
    const db = queryOf(t.db.orm.em.fork());
    await db.updateTable('game_builds').set({ status: 'CHECKING', checks_claimed_until: new Date(Date.now() + 60_000) } as never).where('id', '=', first).execute();
    expect(await claimBuildToCheck(t.db.orm.em.fork(), 60)).toBeUndefined();
    await db.updateTable('game_builds').set({ checks_claimed_until: new Date(Date.now() - 1) } as never).where('id', '=', first).execute();
    const taken = await Promise.all([1, 2].map(() => claimBuildToCheck(t.db.orm.em.fork(), 60)));
    expect(taken.filter(Boolean).map((claim) => claim!.id)).toEqual([first]);
    await db.updateTable('game_builds').set({ status: 'APPROVED', checks_claimed_until: null } as never).where('id', '=', first).execute();
    // A developer's upload is checked before a built-in game's build (approved, never checked), however old.
    await db.updateTable('game_builds').set({ checks: null } as never).where('id', '=', first).execute();
    await db.updateTable('game_builds').set({ status: 'CHECKING' } as never).where('id', '=', second).execute();
    expect((await claimBuildToCheck(t.db.orm.em.fork(), 60))?.id).toBe(second);
    expect((await claimBuildToCheck(t.db.orm.em.fork(), 60))?.id).toBe(first);
    await db.updateTable('game_builds').set({ status: 'APPROVED', checks_claimed_until: null } as never).where('id', 'in', [first, second]).execute();
  });
});
