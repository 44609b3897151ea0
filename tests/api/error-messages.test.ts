/**
 * Messages that name the right thing (issue #49, point 7): a missing field is "Required", a field of
 * the wrong type says the type it must have, a field the call does not have is named, a body over its
 * limit names the limit, and a body the API does not read is a 415.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { ADMIN_EMAIL, call, createTestApp, signIn, visitorCookie, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { translate } from '../../server/i18n/translate';

let t: TestApp;
let admin: string;
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN_EMAIL);
  gameId = (await call<{ id: number }[]>(t.app, 'GET', '/api/games?limit=1')).body[0]!.id;
});
afterAll(() => t.close());

async function messageOf(method: 'POST' | 'GET', url: string, options: Parameters<typeof call>[3] = {}): Promise<[number, string]> {
  const response = await call<{ message: string }>(t.app, method, url, options);
  return [response.status, response.body.message];
}

describe(`error messages (${engineName})`, () => {
  it('revenue import: no total, or a field of another name, is named as such (not "not both")', async () => {
    const url = '/api/admin/revenue/2025-10';
    expect(await messageOf('POST', url, { token: admin, body: {} })).toEqual([400, 'total: Required: the month\'s revenue (such as "1234.56"), or a csv report instead']);
    expect(await messageOf('POST', url, { token: admin, body: { amount: '1000.01' } })).toEqual([
      400,
      'amount: Not a field of this call: give total (such as "1234.56") or csv; total: Required: the month\'s revenue (such as "1234.56"), or a csv report instead',
    ]);
    expect(await messageOf('POST', url, { token: admin, body: { totalCents: 100001 } })).toEqual([
      400,
      'totalCents: Not a field of this call: give total (such as "1234.56") or csv; total: Required: the month\'s revenue (such as "1234.56"), or a csv report instead',
    ]);
    expect(await messageOf('POST', url, { token: admin, body: { total: '5', csv: 'portal,5' } })).toEqual([400, 'csv: Give either a total or a csv report, not both']);
    expect(await messageOf('POST', url, { token: admin, body: { total: 1000.01 } })).toEqual([400, 'total: Must be text, such as "1234.56"']);
  });

  it('a field of the wrong type says the type it must have; a missing one says Required', async () => {
    expect(await messageOf('POST', '/api/admin/payouts/1/paid', { token: admin, body: { reference: 123 } })).toEqual([400, 'reference: Must be text']);
    expect(await messageOf('POST', '/api/admin/payouts/1/paid', { token: admin, body: {} })).toEqual([400, 'reference: Required']);
    expect(await messageOf('POST', '/api/page-views', { body: { path: 5 } })).toEqual([400, 'path: Must be text']);
    expect(await messageOf('POST', '/api/page-views', { body: {} })).toEqual([400, 'path: Required']);
    const visitor = visitorCookie(1);
    const view = await call<{ pageViewId: string }>(t.app, 'POST', '/api/page-views', { headers: visitor, body: { path: '/' } });
    const pageViewId = view.body.pageViewId;
    expect(await messageOf('POST', '/api/ads/impressions', { headers: visitor, body: { pageViewId: 123, kind: 'slot', place: 'home', gameId: null } })).toEqual([400, 'pageViewId: Must be text']);
    expect(await messageOf('POST', '/api/ads/impressions', { headers: visitor, body: { pageViewId, kind: 'slot', place: 7, gameId: null } })).toEqual([400, 'place: Must be one of home, game, category']);
    expect(await messageOf('POST', '/api/ads/impressions', { headers: visitor, body: { pageViewId, kind: 'slot', place: 'home' } })).toEqual([400, 'gameId: Required']);
    expect(await messageOf('POST', '/api/ads/breaks', { headers: visitor, body: { pageViewId, kind: 'rewarded' } })).toEqual([400, 'gameId: Required']);
    expect(await messageOf('POST', '/api/ads/breaks', { headers: visitor, body: { pageViewId, kind: 'rewarded', gameId: '7' } })).toEqual([400, 'gameId: Must be a number']);
    expect(await messageOf('POST', `/api/games/${gameId}/rate`, { token: admin, body: { score: '4' } })).toEqual([400, 'score: Must be a number from 1 to 5']);
    expect(await messageOf('POST', `/api/games/${gameId}/rate`, { token: admin, body: {} })).toEqual([400, 'score: Required']);
    // A field with no message of its own says the same (shared/schemas/fields.ts sets the default).
    expect(await messageOf('POST', `/api/games/${gameId}/rate`, { token: admin, body: { score: 4, comment: ['Nice'] } })).toEqual([400, 'comment: Must be text']);
    expect(await messageOf('POST', '/api/auth/login', { body: { email: true } })).toEqual([400, 'email: Must be text']);
  });

  it(`a body over its limit names the limit (${LIMITS.bodyBytes / 1024} KiB); a text/plain body is a 415`, async () => {
    const big = JSON.stringify({ path: `/${'a'.repeat(LIMITS.bodyBytes)}` });
    expect(await messageOf('POST', '/api/page-views', { body: big, headers: { 'content-type': 'application/json' } })).toEqual([413, `Request body is too large: at most ${LIMITS.bodyBytes / 1024} KiB`]);
    expect(await messageOf('POST', '/api/page-views', { body: '{"path":"/"}', headers: { 'content-type': 'text/plain' } })).toEqual([415, 'Unsupported content type: send application/json']);
    expect(await messageOf('POST', '/api/auth/login', { body: 'email=a@example.com', headers: { 'content-type': 'text/plain' } })).toEqual([415, 'Unsupported content type: send application/json']);
  });

  it('a malformed request is refused in the caller’s language, its field named as it is (issue #59)', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await messageOf('POST', '/api/page-views', { body: '{"path":', headers: json })).toEqual([400, 'body: Invalid JSON']);
    expect(await messageOf('POST', '/api/page-views', { body: '{"path":', headers: { ...json, 'x-locale': 'de' } })).toEqual([400, `body: ${translate('de', 'error.invalidJson')}`]);
    expect(await messageOf('POST', '/api/page-views', { body: '{"path":"/"}', headers: { 'content-type': 'text/plain', 'accept-language': 'ja' } })).toEqual([415, translate('ja', 'error.unsupportedContentType')]);
    expect(translate('de', 'error.invalidJson')).not.toBe('Invalid JSON');
    const token = await signIn(t.app, 'cross-site-fr@example.com');
    const crossSite = await messageOf('POST', `/api/games/${gameId}/favorite`, { headers: { cookie: `auth_token=${token}`, origin: 'https://evil.example', 'x-locale': 'fr' } });
    expect(crossSite).toEqual([403, translate('fr', 'error.crossSiteRequest')]);
    expect(crossSite[1]).not.toBe('Cross-site request refused');
  });
});
