import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, playAs, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Received = { headers: IncomingHttpHeaders; body: string };
type Delivery = { id: number; event: string; status: string; attempts: number; responseCode: number | null; nextAttemptAt: string | null; lastError: string | null };

/** A local HTTPS-less receiver (HTTP is allowed on an IP address); answers `status` to each POST. */
let receiver: Server;
let receiverUrl = '';
let status = 200;
const received: Received[] = [];

let t: TestApp;
let dev: string;
let other: string;
let admin: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp();
  dev = await signIn(t.app, 'hook-dev@example.com');
  other = await signIn(t.app, 'hook-other@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const verify = (secret: string, delivery: Received) =>
  delivery.headers['x-playfree-signature'] === `sha256=${createHmac('sha256', secret).update(delivery.body).digest('hex')}`;

async function register(token: string, events: string[], url = receiverUrl) {
  const response = await call<{ id: number; secret: string }>(t.app, 'POST', '/api/dev/webhooks', { token, body: { url, events } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function submit(token: string, title: string) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const response = await call<{ id: number; slug: string }>(t.app, 'POST', '/api/dev/games', {
    token,
    body: { title, description: 'A game', srcUrl: `https://${slug}.example.com/play/`, thumbUrl: `https://${slug}.example.com/t.png` },
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** The deliveries the receiver gets from now on, once `count` have arrived. */
async function nextDeliveries(from: number, count: number): Promise<Received[]> {
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(from + count), { timeout: 10_000, interval: 50 });
  return received.slice(from, from + count);
}

const deliveries = (token: string, id: number) => call<Delivery[]>(t.app, 'GET', `/api/dev/webhooks/${id}/deliveries`, { token });

describe(`POST /api/dev/webhooks (${engineName})`, () => {
  it('is 401 signed out', async () => {
    expect((await call(t.app, 'POST', '/api/dev/webhooks', { body: { url: receiverUrl, events: ['game.approved'] } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/dev/webhooks')).status).toBe(401);
  });

  it('takes HTTPS URLs, and plain HTTP only on localhost or an IP address; 400 names the field', async () => {
    for (const [url, ok] of [
      ['http://hooks.example.com/x', false],
      ['ftp://127.0.0.1/x', false],
      ['not a url', false],
      ['https://hooks.example.com/x', true],
      ['http://localhost:9/x', true],
    ] as const) {
      const response = await call<{ message: string }>(t.app, 'POST', '/api/dev/webhooks', { token: other, body: { url, events: ['game.approved'] } });
      if (ok) expect(response.status, url).toBe(201);
      else {
        expect(response.status, url).toBe(400);
        expect(response.body.message).toMatch(/^url: /);
      }
    }
    const noEvents = await call<{ message: string }>(t.app, 'POST', '/api/dev/webhooks', { token: other, body: { url: receiverUrl, events: [] } });
    expect(noEvents.status).toBe(400);
    expect(noEvents.body.message).toMatch(/^events: /);
    const unknown = await call<{ message: string }>(t.app, 'POST', '/api/dev/webhooks', { token: other, body: { url: receiverUrl, events: ['game.deleted'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^events/);
  });

  it('answers 201 {id, secret} once; the list never shows the secret; the same URL again is 409', async () => {
    const created = await register(dev, ['game.approved', 'game.approved', 'rating.created'], 'https://dupe.example.com/hook');
    expect(Object.keys(created).sort()).toEqual(['id', 'secret']);
    expect(created.secret).toMatch(/^[0-9a-f]{64}$/);
    const list = await call<Record<string, unknown>[]>(t.app, 'GET', '/api/dev/webhooks', { token: dev });
    expect(list.body).toContainEqual({ id: created.id, url: 'https://dupe.example.com/hook', events: ['game.approved', 'rating.created'], createdAt: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    const again = await call(t.app, 'POST', '/api/dev/webhooks', { token: dev, body: { url: 'https://dupe.example.com/hook', events: ['game.rejected'] } });
    expect(again.status).toBe(409);
    // Another developer's webhook is not theirs to see or delete.
    expect((await deliveries(other, created.id)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/dev/webhooks/${created.id}`, { token: other })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/dev/webhooks/${created.id}`, { token: dev })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/dev/webhooks/${created.id}`, { token: dev })).status).toBe(404);
  });
});

describe(`webhook deliveries (${engineName})`, () => {
  let hook: { id: number; secret: string };

  beforeAll(async () => {
    hook = await register(dev, ['game.approved', 'game.rejected', 'rating.created', 'report.created']);
  });

  it('approving a game POSTs game.approved, signed with the secret, and logs the delivery', async () => {
    const from = received.length;
    const game = await submit(dev, 'Hooked Approve');
    expect((await call(t.app, 'POST', `/api/admin/games/${game.id}/approve`, { token: admin })).status).toBe(200);
    const [delivery] = await nextDeliveries(from, 1);
    expect(verify(hook.secret, delivery!)).toBe(true);
    expect(verify('0'.repeat(64), delivery!)).toBe(false);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['x-playfree-event']).toBe('game.approved');
    const body = JSON.parse(delivery!.body);
    expect(body).toMatchObject({ event: 'game.approved', data: { game: { id: game.id, slug: game.slug, title: 'Hooked Approve', status: 'APPROVED' } } });
    expect(body.id).toEqual(expect.any(String));

    await vi.waitFor(async () => {
      const log = await deliveries(dev, hook.id);
      expect(log.body[0]).toMatchObject({ event: 'game.approved', status: 'DELIVERED', attempts: 1, responseCode: 200, nextAttemptAt: null });
    });
    // Approving it again changes nothing and tells nobody again.
    await call(t.app, 'POST', `/api/admin/games/${game.id}/approve`, { token: admin });
    await t.services.webhooks.runOnce();
    expect(received.length).toBe(from + 1);
  });

  it('rejecting with reasons POSTs game.rejected with the reasons', async () => {
    const from = received.length;
    const game = await submit(dev, 'Hooked Reject');
    const rejected = await call(t.app, 'POST', `/api/admin/games/${game.id}/reject`, {
      token: admin,
      body: { reasons: [{ rule: 'slow-load' }, { rule: 'other', message: 'The menu music never stops.' }] },
    });
    expect(rejected.status).toBe(200);
    const [delivery] = await nextDeliveries(from, 1);
    expect(verify(hook.secret, delivery!)).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: 'game.rejected',
      data: {
        game: { id: game.id, status: 'REJECTED' },
        reasons: [
          { rule: 'slow-load', message: 'The game takes more than 30 seconds to load.' },
          { rule: 'other', message: 'The menu music never stops.' },
        ],
      },
    });
  });

  it("a first rating and a report of the developer's game are delivered; a changed rating is not news", async () => {
    const game = await publishGame(t.app, dev, admin, 'Hooked Rated');
    const rater = await signIn(t.app, 'hook-rater@example.com');
    await playAs(t.app, rater, game.id);
    let from = received.length;
    expect((await call(t.app, 'POST', `/api/games/${game.id}/rate`, { token: rater, body: { score: 4, comment: 'Nice' } })).status).toBe(200);
    // approve's own event came first (publishGame), so look for the rating among the new ones.
    await vi.waitFor(() => expect(received.slice(from).some((r) => r.headers['x-playfree-event'] === 'rating.created')).toBe(true), { timeout: 10_000 });
    const rating = received.slice(from).find((r) => r.headers['x-playfree-event'] === 'rating.created')!;
    expect(verify(hook.secret, rating)).toBe(true);
    expect(JSON.parse(rating.body).data).toEqual({ game: { id: game.id, slug: game.slug, title: 'Hooked Rated' }, rating: { score: 4, comment: 'Nice' } });

    from = received.length;
    await call(t.app, 'POST', `/api/games/${game.id}/rate`, { token: rater, body: { score: 2 } });
    expect((await call(t.app, 'POST', `/api/games/${game.id}/report`, { token: rater, body: { reason: 'broken' } })).status).toBe(201);
    const [report] = await nextDeliveries(from, 1);
    expect(report!.headers['x-playfree-event']).toBe('report.created');
    expect(JSON.parse(report!.body).data).toMatchObject({ game: { id: game.id }, report: { id: expect.any(Number), reason: 'broken' } });
    await t.services.webhooks.runOnce();
    expect(received.slice(from).map((r) => r.headers['x-playfree-event'])).toEqual(['report.created']);
  });

  it("another developer's webhook hears nothing of these games", async () => {
    const theirs = await register(other, ['game.approved'], `${receiverUrl}?other`);
    const from = received.length;
    await publishGame(t.app, dev, admin, 'Not Theirs');
    await nextDeliveries(from, 1);
    await t.services.webhooks.runOnce();
    expect(received.slice(from).every((r) => !verify(theirs.secret, r))).toBe(true);
    expect((await deliveries(other, theirs.id)).body).toEqual([]);
  });

  it('retries a failed delivery with backoff (1 min first) until it is answered 2xx', async () => {
    status = 503;
    const from = received.length;
    const game = await submit(dev, 'Hooked Retry');
    await call(t.app, 'POST', `/api/admin/games/${game.id}/approve`, { token: admin });
    await nextDeliveries(from, 1);
    let failed: Delivery | undefined;
    await vi.waitFor(async () => {
      failed = (await deliveries(dev, hook.id)).body[0];
      expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, responseCode: 503, lastError: 'HTTP 503' });
    });
    const wait = Date.parse(failed!.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Not due yet: nothing is sent.
    await t.services.webhooks.runOnce();
    expect(received.length).toBe(from + 1);

    status = 200;
    await t.db.orm.em.fork().getConnection().execute(`update webhook_deliveries set next_attempt_at = now() where id = ?`, [failed!.id]);
    await t.services.webhooks.runOnce();
    expect(received.length).toBe(from + 2);
    expect(received[from + 1]!.body).toBe(received[from]!.body);
    expect((await deliveries(dev, hook.id)).body[0]).toMatchObject({ id: failed!.id, status: 'DELIVERED', attempts: 2, responseCode: 200, lastError: null });
  });

  it('deleting the webhook drops its deliveries', async () => {
    expect((await call(t.app, 'DELETE', `/api/dev/webhooks/${hook.id}`, { token: dev })).status).toBe(200);
    expect((await deliveries(dev, hook.id)).status).toBe(404);
    const [row] = await t.db.orm.em.fork().getConnection().execute<{ count: string }[]>(`select count(*) as count from webhook_deliveries where webhook_id = ?`, [hook.id]);
    expect(Number(row!.count)).toBe(0);
  });
});
