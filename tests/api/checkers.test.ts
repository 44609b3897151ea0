/**
 * Build checkers (issue #36) as the portal sees them: the checker interface (/api/checker) takes
 * only a checker token, which opens nothing else; two checkers share a queue of ten builds
 * without a build checked twice; a checker that stops mid-check (as after SIGKILL) leaves the
 * build to another once its lease runs out, and only the one holding the claim records verdicts.
 * The real process, as root, in Chromium: tests/security/checker-isolation.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { BuildChecks } from '../../shared/schemas/builds';
import { Checker, type CheckOne } from '../../server/checker/checker';
import { queryOf } from '../../server/db/kysely';
import { insertBuild } from '../../server/domains/builds/queries';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { checksFromFileNames } from '../support/build-checks';
import { engineName } from '../support/engine';

const LEASE_SECONDS = 1;

describe(`build checkers (${engineName})`, () => {
  let t: TestApp;
  let portalUrl: string;
  let admin: string;
  let developer: string;

  beforeAll(async () => {
    t = await createTestApp({ CHECK_LEASE_SECONDS: String(LEASE_SECONDS) }, { checkBuild: null });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    portalUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await signIn(t.app, ADMIN_EMAIL);
    developer = await signIn(t.app, 'checker-test-dev@example.com');
  });
  afterAll(async () => {
    // A checker stopped mid-claim leaves a connection that sent no request yet, which the server
    // would wait out (its 60 s headers timeout) before closing: nothing of the tests is on it.
    t?.app.server.closeAllConnections();
    await t?.close();
  });

  /** `count` builds of a catalogue game waiting for their checks, as after uploads (or, APPROVED, as the built-in games' builds after a start). */
  async function queueBuilds(count: number, status: 'CHECKING' | 'APPROVED' = 'CHECKING'): Promise<number[]> {
    const em = t.db.orm.em.fork();
    const game = await queryOf(em).selectFrom('games').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const user = await queryOf(em).selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let made = 0; made < count; made++) {
      ids.push(
        await em.transactional((tx) =>
          insertBuild(tx, {
            gameId: game.id,
            uploadedById: user.id,
            previewToken: `checkertest${randomBytes(8).toString('hex')}`,
            status,
            totalBytes: 10,
            newFiles: 1,
            newBytes: 10,
            files: [{ path: 'index.html', hash: 'a'.repeat(64), size: 10 }],
          }),
        ),
      );
    }
    t.services.buildChecks.kick();
    return ids;
  }

  const checksOf = (ids: number[]) =>
    queryOf(t.db.orm.em.fork()).selectFrom('game_builds').select(['id', 'status', 'checks']).where('id', 'in', ids).orderBy('id').execute();

  const newToken = async (name: string) => (await call<{ token: string; id: number }>(t.app, 'POST', '/api/admin/checkers', { token: admin, body: { name } })).body;

  const claim = (token: string) => fetch(`${portalUrl}/api/checker/claim`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const report = (token: string, buildId: number, body: unknown) =>
    fetch(`${portalUrl}/api/checker/builds/${buildId}/checks`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  describe('access', () => {
    it('lets only an admin make checker tokens, shows each once, and takes no other token', async () => {
      expect((await call(t.app, 'POST', '/api/admin/checkers', { token: developer, body: { name: 'mine' } })).status).toBe(403);
      const made = await newToken('checks-2 in Frankfurt');
      expect(made.token).toMatch(/^pfchk_[\w-]{43}$/);
      const listed = await call<{ name: string }[]>(t.app, 'GET', '/api/admin/checkers', { token: admin });
      expect(listed.body.map((row) => row.name)).toContain('checks-2 in Frankfurt');
      expect(JSON.stringify(listed.body)).not.toContain(made.token);
      const stored = await queryOf(t.db.orm.em.fork()).selectFrom('checker_tokens').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(made.token);

      // No token, a user's session, an API key: not a checker.
      const key = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: developer })).body.key;
      for (const token of ['', developer, key, `${made.token}x`]) {
        const response = await fetch(`${portalUrl}/api/checker/claim`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });
        expect(response.status).toBe(401);
        expect(((await response.json()) as { message: string }).message).toMatch(/^authorization:/);
      }
      // A checker token opens nothing but the checker interface.
      for (const path of ['/api/dev/games', '/api/admin/builds', '/api/dev/keys', '/api/admin/checkers']) {
        expect((await call(t.app, 'GET', path, { token: made.token })).status).toBe(401);
      }
    });

    it('stops taking a revoked token', async () => {
      const made = await newToken('retired');
      expect((await call(t.app, 'DELETE', `/api/admin/checkers/${made.id}`, { token: admin })).status).toBe(204);
      expect((await claim(made.token)).status).toBe(401);
      expect((await call(t.app, 'DELETE', `/api/admin/checkers/${made.id}`, { token: admin })).status).toBe(404);
    });

    it('answers a report it cannot use with 400 naming the field', async () => {
      const { token } = await newToken('sloppy');
      const bad = await report(token, 1, { claim: 'x', checks: { verdict: 'great' } });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toMatch(/^checks\.verdict:/);
      expect((await report(token, 0, { claim: 'x' })).status).toBe(400);
    });
  });

  it('shares a queue of ten builds between two checkers without checking a build twice', async () => {
    const ids = await queueBuilds(10);
    const checkedBy = new Map<string, string[]>();
    const started = new Set<string>();
    let bothStarted: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (bothStarted = resolve));
    const checkers = ['first', 'second'].map(async (name) => {
      const { token } = await newToken(`checker ${name}`);
      const check: CheckOne = async ({ url, files }) => {
        checkedBy.set(url, [...(checkedBy.get(url) ?? []), name]);
        // Each checker holds its first build until the other has one too: both take a share.
        started.add(name);
        if (started.size === 2) bothStarted();
        await barrier;
        return checksFromFileNames({ url, files });
      };
      const checker = new Checker({ portalUrl, token, check, log: () => {} });
      return checker;
    });
    const running = await Promise.all(checkers);
    const runs = running.map((checker) => checker.run());
    try {
      while (running.reduce((sum, checker) => sum + checker.checked, 0) < ids.length) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      for (const checker of running) checker.stop();
    }
    await Promise.all(runs);
    const rows = await checksOf(ids);
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'READY'));
    expect(checkedBy.size).toBe(10);
    expect([...checkedBy.values()].every((names) => names.length === 1)).toBe(true);
    expect(running.map((checker) => checker.checked).reduce((sum, count) => sum + count, 0)).toBe(10);
    expect(running.every((checker) => checker.checked > 0)).toBe(true);
  });

  it('gives a build whose checker stopped mid-check to another once its lease runs out, with one set of verdicts', async () => {
    const [id] = await queueBuilds(1);
    const first = (await newToken('killed')).token;
    const second = (await newToken('survivor')).token;
    const taken = (await (await claim(first)).json()) as { build: { id: number; claim: string; url: string; files: unknown[]; timeoutSeconds: number; leaseSeconds: number } };
    expect(taken.build).toMatchObject({ id, timeoutSeconds: 60, leaseSeconds: LEASE_SECONDS });
    expect(taken.build.url).toMatch(/^http:\/\/build--checkertest\w+\.localhost:\d+\/$/);
    // The first checker dies here. The second's claim waits for the lease to run out, then gets the build.
    const takenOver = (await (await claim(second)).json()) as typeof taken;
    expect(takenOver.build.id).toBe(id);
    expect(takenOver.build.claim).not.toBe(taken.build.claim);
    const verdicts = (verdict: BuildChecks['verdict']): BuildChecks => ({ verdict, seconds: 1, browser: true, offline: true, loaded: ['index.html'], items: [] });
    expect((await report(second, id!, { claim: takenOver.build.claim, checks: verdicts('pass') })).status).toBe(200);
    // The first checker comes back late (it was only stalled): its verdicts are refused.
    expect((await report(first, id!, { claim: taken.build.claim, checks: verdicts('fail') })).status).toBe(409);
    expect((await report(second, id!, { claim: takenOver.build.claim, checks: verdicts('fail') })).status).toBe(409);
    const [row] = await checksOf([id!]);
    expect(row).toMatchObject({ status: 'READY', checks: { verdict: 'pass' } });
  });

  it('checks a developer’s upload before the built-in games still unchecked after a start, and those after it', async () => {
    const [builtIn] = await queueBuilds(1, 'APPROVED');
    const [upload] = await queueBuilds(1);
    const { token } = await newToken('first start');
    const first = (await (await claim(token)).json()) as { build: { id: number; claim: string } };
    // The upload came later and has the higher id: it goes first all the same.
    expect(first.build.id).toBe(upload);
    const checks: BuildChecks = { verdict: 'pass', seconds: 1, browser: true, offline: true, loaded: ['index.html'], items: [] };
    expect((await report(token, upload!, { claim: first.build.claim, checks })).status).toBe(200);
    const next = (await (await claim(token)).json()) as { build: { id: number; claim: string } };
    expect(next.build.id).toBeLessThanOrEqual(builtIn!);
    const [row] = await checksOf([next.build.id]);
    expect(row).toMatchObject({ status: 'APPROVED', checks: null });
  });
});
