import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_REPORT_REASONS, GENERAL_REPORT_TYPES, REPORT_PRIORITIES } from '../../shared/constants';
import { operations } from '../../server/domains/registry';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Report = {
  id: number;
  kind: 'GAME' | 'GENERAL';
  gameId: number | null;
  userId: number | null;
  reason: string;
  status: 'OPEN' | 'RESOLVED' | 'DISMISSED';
  createdAt: string;
  gameUrl: string | null;
  gameTitle: string | null;
  description: string | null;
  email: string | null;
  priority: string | null;
};

const REPORT_KEYS = [
  'createdAt', 'description', 'email', 'gameId', 'gameTitle', 'gameUrl', 'id', 'kind', 'priority', 'reason', 'status', 'userId',
];

let t: TestApp;
let user: string;
let userId: number;
let admin: string;
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'reporter@example.com' } });
  user = login.body.token;
  userId = login.body.user.id;
  admin = await signIn(t.app, ADMIN_EMAIL);
  gameId = (await call(t.app, 'GET', '/api/games/star-blaster')).body.id;
});
afterAll(() => t.close());

async function reportCount(): Promise<number> {
  const rows = await t.db.orm.em.getConnection().execute<{ count: number | string }[]>('select count(*) as count from reports');
  return Number(rows[0]!.count);
}

const generalReport = {
  gameUrl: 'https://games.example.net/some-game',
  reportType: 'technical_issue',
  description: 'The game freezes after level 2.',
};

async function adminReports(status?: string): Promise<Report[]> {
  const response = await call<Report[]>(t.app, 'GET', `/api/admin/reports${status ? `?status=${status}` : ''}`, { token: admin });
  expect(response.status).toBe(200);
  return response.body;
}

describe(`POST /api/games/{id}/report (${engineName})`, () => {
  it('is 401 signed out', async () => {
    const { status, body } = await call(t.app, 'POST', `/api/games/${gameId}/report`, { body: { reason: 'spam' } });
    expect(status).toBe(401);
    expect(Object.keys(body)).toEqual(['message']);
    expect(await reportCount()).toBe(0);
  });

  it('is 400 naming reason for a reason not in the list', async () => {
    for (const reason of ['offensive', 'SPAM', 'inappropriate_content', '', 3, null]) {
      const { status, body } = await call(t.app, 'POST', `/api/games/${gameId}/report`, { token: user, body: { reason } });
      expect(status, String(reason)).toBe(400);
      expect(body.message, String(reason)).toMatch(/^reason:/);
    }
    const missing = await call(t.app, 'POST', `/api/games/${gameId}/report`, { token: user, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^reason:/);
    expect(await reportCount()).toBe(0);
  });

  it('is 404 for an unknown game', async () => {
    const { status, body } = await call(t.app, 'POST', '/api/games/999999/report', { token: user, body: { reason: 'spam' } });
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Game not found' });
  });

  it('answers 201 with an OPEN report for every listed reason', async () => {
    for (const reason of GAME_REPORT_REASONS) {
      const { status, body } = await call<Report>(t.app, 'POST', `/api/games/${gameId}/report`, { token: user, body: { reason } });
      expect(status, reason).toBe(201);
      expect(Object.keys(body).sort()).toEqual(REPORT_KEYS);
      expect(body).toMatchObject({ kind: 'GAME', gameId, userId, reason, status: 'OPEN', gameUrl: null, priority: null });
      expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    }
    expect(await reportCount()).toBe(GAME_REPORT_REASONS.length);
  });
});

describe(`POST /api/reports (${engineName})`, () => {
  it('accepts an anonymous report with priority medium by default and no e-mail', async () => {
    const { status, body } = await call<Report>(t.app, 'POST', '/api/reports', { body: generalReport });
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(REPORT_KEYS);
    expect(body).toMatchObject({
      kind: 'GENERAL',
      gameId: null,
      userId: null,
      reason: 'technical_issue',
      status: 'OPEN',
      gameUrl: generalReport.gameUrl,
      gameTitle: null,
      description: generalReport.description,
      email: null,
      priority: 'medium',
    });
  });

  it('keeps every field sent, for every report type and priority', async () => {
    for (const [index, reportType] of GENERAL_REPORT_TYPES.entries()) {
      const priority = REPORT_PRIORITIES[index % REPORT_PRIORITIES.length]!;
      const { status, body } = await call<Report>(t.app, 'POST', '/api/reports', {
        body: {
          gameUrl: 'http://example.org/game?id=7',
          gameTitle: 'Some Game',
          reportType,
          description: `About ${reportType}`,
          email: 'Parent@Example.com',
          priority,
        },
      });
      expect(status, reportType).toBe(201);
      expect(body).toMatchObject({
        reason: reportType,
        gameTitle: 'Some Game',
        gameUrl: 'http://example.org/game?id=7',
        email: 'parent@example.com',
        priority,
        userId: null,
      });
    }
    const emptyEmail = await call<Report>(t.app, 'POST', '/api/reports', { body: { ...generalReport, email: '' } });
    expect(emptyEmail.status).toBe(201);
    expect(emptyEmail.body.email).toBeNull();
  });

  it('records a signed-in reporter and prefills the e-mail from the user', async () => {
    const { status, body } = await call<Report>(t.app, 'POST', '/api/reports', { token: user, body: generalReport });
    expect(status).toBe(201);
    expect(body).toMatchObject({ userId, email: 'reporter@example.com' });
  });

  it('is 400 naming the field for invalid input', async () => {
    const before = await reportCount();
    const cases: [string, Record<string, unknown>][] = [
      ['gameUrl', { ...generalReport, gameUrl: 'not a url' }],
      ['gameUrl', { ...generalReport, gameUrl: 'ftp://example.com/game' }],
      ['gameUrl', { ...generalReport, gameUrl: 'javascript:alert(1)' }],
      ['gameUrl', { ...generalReport, gameUrl: undefined }],
      ['reportType', { ...generalReport, reportType: 'rude' }],
      ['reportType', { ...generalReport, reportType: 'inappropriate-content' }],
      ['reportType', { ...generalReport, reportType: undefined }],
      ['description', { ...generalReport, description: '' }],
      ['description', { ...generalReport, description: '   ' }],
      ['description', { ...generalReport, description: undefined }],
      ['description', { ...generalReport, description: 'x'.repeat(2001) }],
      ['email', { ...generalReport, email: 'not-an-email' }],
      ['priority', { ...generalReport, priority: 'urgent' }],
      ['gameTitle', { ...generalReport, gameTitle: 'x'.repeat(81) }],
    ];
    for (const [field, body] of cases) {
      const response = await call(t.app, 'POST', '/api/reports', { body });
      expect(response.status, `${field} ${JSON.stringify(body[field])}`).toBe(400);
      expect(response.body.message, field).toMatch(new RegExp(`^${field}:`));
    }
    expect(await reportCount()).toBe(before);
  });
});

describe(`admin reports (${engineName})`, () => {
  it('GET /api/admin/reports lists both kinds, OPEN by default, newest first', async () => {
    const open = await adminReports();
    expect(open).toEqual(await adminReports('OPEN'));
    expect(open.length).toBe(await reportCount());
    expect(new Set(open.map((report) => report.kind))).toEqual(new Set(['GAME', 'GENERAL']));
    expect(open.every((report) => report.status === 'OPEN')).toBe(true);
    for (const report of open) expect(Object.keys(report).sort()).toEqual(REPORT_KEYS);
    const ids = open.map((report) => report.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await adminReports('RESOLVED')).toEqual([]);
    expect(await adminReports('DISMISSED')).toEqual([]);
  });

  it('is 400 naming status for an unknown status', async () => {
    for (const status of ['CLOSED', 'open', '']) {
      const response = await call(t.app, 'GET', `/api/admin/reports?status=${status}`, { token: admin });
      expect(response.status, status).toBe(400);
      expect(response.body.message, status).toMatch(/^status:/);
    }
  });

  it('resolve and dismiss move an OPEN report; a second decision is 409', async () => {
    const [first, second] = await adminReports();
    const resolved = await call<Report>(t.app, 'POST', `/api/admin/reports/${first!.id}/resolve`, { token: admin });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({ ...first, status: 'RESOLVED' });
    const dismissed = await call<Report>(t.app, 'POST', `/api/admin/reports/${second!.id}/dismiss`, { token: admin });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ ...second, status: 'DISMISSED' });

    expect((await adminReports('RESOLVED')).map((report) => report.id)).toEqual([first!.id]);
    expect((await adminReports('DISMISSED')).map((report) => report.id)).toEqual([second!.id]);
    const open = (await adminReports()).map((report) => report.id);
    expect(open).not.toContain(first!.id);
    expect(open).not.toContain(second!.id);

    for (const [id, action] of [
      [first!.id, 'resolve'],
      [first!.id, 'dismiss'],
      [second!.id, 'resolve'],
      [second!.id, 'dismiss'],
    ] as const) {
      const again = await call(t.app, 'POST', `/api/admin/reports/${id}/${action}`, { token: admin });
      expect(again.status, `${action} ${id}`).toBe(409);
      expect(Object.keys(again.body)).toEqual(['message']);
    }
    // The first decision stands.
    expect((await adminReports('RESOLVED')).map((report) => report.id)).toEqual([first!.id]);
  });

  it('records who decided and when', async () => {
    const [report] = await adminReports();
    await call(t.app, 'POST', `/api/admin/reports/${report!.id}/dismiss`, { token: admin });
    const [row] = await t.db.orm.em
      .getConnection()
      .execute<{ reviewed_at: string | null; email: string }[]>(
        'select r.reviewed_at, u.email from reports r join users u on u.id = r.reviewed_by_id where r.id = ?',
        [report!.id],
      );
    expect(row).toBeDefined();
    expect(row!.email).toBe(ADMIN_EMAIL);
    expect(row!.reviewed_at).not.toBeNull();
  });

  it('resolve and dismiss are 404 for an unknown report and 400 for a bad id', async () => {
    for (const action of ['resolve', 'dismiss']) {
      const missing = await call(t.app, 'POST', `/api/admin/reports/999999/${action}`, { token: admin });
      expect(missing.status, action).toBe(404);
      expect(missing.body).toEqual({ message: 'Report not found' });
      const bad = await call(t.app, 'POST', `/api/admin/reports/abc/${action}`, { token: admin });
      expect(bad.status, action).toBe(400);
      expect(bad.body.message).toMatch(/^id:/);
    }
  });

  it('every admin path is 401 signed out and 403 for a non-admin, with no effect', async () => {
    const [open] = await adminReports();
    const adminOperations = operations.map(({ operation }) => operation).filter((operation) => operation.access === 'admin');
    expect(adminOperations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(expect.arrayContaining([
      'GET /admin/games/pending',
      'GET /admin/reports',
      'POST /admin/games/{id}/approve',
      'POST /admin/games/{id}/reject',
      'POST /admin/reports/{id}/dismiss',
      'POST /admin/reports/{id}/resolve',
    ]));
    for (const operation of adminOperations) {
      const url = `/api${operation.path.replace(/\{\w+\}/g, String(operation.path.includes('reports') ? open!.id : gameId))}`;
      const signedOut = await call(t.app, operation.method, url);
      expect(signedOut.status, `${operation.method} ${url} signed out`).toBe(401);
      expect(Object.keys(signedOut.body)).toEqual(['message']);
      const forbidden = await call(t.app, operation.method, url, { token: user });
      expect(forbidden.status, `${operation.method} ${url} as a user`).toBe(403);
      expect(Object.keys(forbidden.body)).toEqual(['message']);
    }
    // Nothing changed: the report is still open and the game still published.
    expect((await adminReports()).map((report) => report.id)).toContain(open!.id);
    expect((await call(t.app, 'GET', '/api/games/star-blaster')).status).toBe(200);
  });
});
