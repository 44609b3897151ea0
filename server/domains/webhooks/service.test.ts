import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookInput } from '../../../shared/schemas';
import { WebhookDelivery } from '../../../entities';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { toRejectionReasons } from '../developer/review';
import { NotFound } from '../errors';
import { createWebhook, deleteWebhook, enqueueWebhookEvent, listDeliveries } from './service';
import { signatureOf } from './signature';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs, WebhookWorker } from './worker';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
});
afterAll(() => t.close());

describe('webhook signatures and backoff (pure)', () => {
  it('signs the body as sha256=<hex HMAC-SHA256>', () => {
    const body = '{"event":"game.approved"}';
    expect(signatureOf('s3cret', body)).toBe(`sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
    expect(signatureOf('s3cret', body)).not.toBe(signatureOf('other', body));
  });

  it('waits 1 min, 5 min, 30 min, 2 h, 12 h, then gives up', () => {
    expect(RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([...RETRY_DELAYS_MS]);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
  });

  it('stores rejection reasons with the guideline text unless the admin wrote one, once each', () => {
    expect(toRejectionReasons(undefined)).toEqual([]);
    expect(toRejectionReasons([{ rule: 'copyright' }, { rule: 'copyright' }, { rule: 'other', message: 'Too loud' }])).toEqual([
      { rule: 'copyright', message: 'Copyright or trademark infringement.' },
      { rule: 'other', message: 'Too loud' },
    ]);
  });
});

describe(`webhook worker on the database (${engineName})`, () => {
  it('retries a failing receiver on the schedule and marks it FAILED after the last attempt', async () => {
    const dev = await t.signedIn('worker-dev@example.com');
    const { id } = await createWebhook(dev, webhookInput.parse({ url: 'https://receiver.example.com/hook', events: ['report.created'] }));
    const calls: { url: string; headers: Record<string, string>; body: string }[] = [];
    let answer = 500;
    const worker = new WebhookWorker(t.db.orm, {
      fetch: async (url, init) => {
        calls.push({ url: String(url), headers: init?.headers as Record<string, string>, body: String(init?.body) });
        return new Response(null, { status: answer });
      },
    });
    const em = t.db.orm.em.fork();
    expect(await enqueueWebhookEvent(em, dev.user.id, 'report.created', { n: 1 })).toBe(1);
    // Not subscribed, and nobody's game: nothing is queued.
    expect(await enqueueWebhookEvent(em, dev.user.id, 'game.approved', {})).toBe(0);
    expect(await enqueueWebhookEvent(em, null, 'report.created', {})).toBe(0);
    await em.flush();

    const dueNow = () => t.db.orm.em.fork().getConnection().execute(`update webhook_deliveries set next_attempt_at = now() where webhook_id = ?`, [id]);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect(await worker.runOnce()).toBe(1);
      const [delivery] = await listDeliveries(dev, id);
      expect(delivery).toMatchObject({ attempts: attempt, responseCode: 500, status: attempt < MAX_ATTEMPTS ? 'PENDING' : 'FAILED' });
      if (attempt < MAX_ATTEMPTS) {
        const wait = Date.parse(delivery!.nextAttemptAt!) - Date.now();
        expect(wait).toBeGreaterThan(RETRY_DELAYS_MS[attempt - 1]! - 15_000);
        expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[attempt - 1]!);
        expect(await worker.runOnce()).toBe(0);
        await dueNow();
      } else {
        expect(delivery!.nextAttemptAt).toBeNull();
      }
    }
    expect(calls).toHaveLength(MAX_ATTEMPTS);
    // Every attempt sent the same signed bytes.
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
    expect(calls[0]!.headers['x-playfree-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    await dueNow();
    expect(await worker.runOnce()).toBe(0);

    answer = 204;
    await enqueueWebhookEvent(em, dev.user.id, 'report.created', { n: 2 });
    await em.flush();
    expect(await worker.runOnce()).toBe(1);
    expect((await listDeliveries(dev, id))[0]).toMatchObject({ status: 'DELIVERED', attempts: 1, responseCode: 204 });
  });

  it('records a receiver that cannot be reached, and never follows a redirect', async () => {
    const dev = await t.signedIn('worker-unreachable@example.com');
    const { id } = await createWebhook(dev, webhookInput.parse({ url: 'http://127.0.0.1:9/hook', events: ['report.created'] }));
    const em = t.db.orm.em.fork();
    await enqueueWebhookEvent(em, dev.user.id, 'report.created', {});
    await em.flush();
    await new WebhookWorker(t.db.orm, { timeoutMs: 2_000 }).runOnce();
    const [unreachable] = await listDeliveries(dev, id);
    expect(unreachable).toMatchObject({ status: 'PENDING', attempts: 1, responseCode: null });
    expect(unreachable!.lastError).toBeTruthy();

    const redirects = new WebhookWorker(t.db.orm, { fetch: async (_url, init) => {
      expect(init?.redirect).toBe('manual');
      return new Response(null, { status: 302, headers: { location: 'https://elsewhere.example.com/' } });
    } });
    await t.db.orm.em.fork().getConnection().execute(`update webhook_deliveries set next_attempt_at = now() where webhook_id = ?`, [id]);
    await redirects.runOnce();
    expect((await listDeliveries(dev, id))[0]).toMatchObject({ attempts: 2, responseCode: 302, status: 'PENDING' });
  });

  it('prunes finished deliveries after 30 days, never a pending one', async () => {
    const dev = await t.signedIn('worker-prune@example.com');
    const { id } = await createWebhook(dev, webhookInput.parse({ url: 'https://prune.example.com/', events: ['report.created'] }));
    const em = t.db.orm.em.fork();
    for (let n = 0; n < 4; n += 1) await enqueueWebhookEvent(em, dev.user.id, 'report.created', { n });
    await em.flush();
    const rows = await listDeliveries(dev, id);
    const [oldDelivered, oldFailed, oldPending, recent] = rows.map((row) => row.id);
    const connection = t.db.orm.em.fork().getConnection();
    await connection.execute(`update webhook_deliveries set status = 'DELIVERED', created_at = now() - interval '31 days' where id = ?`, [oldDelivered]);
    await connection.execute(`update webhook_deliveries set status = 'FAILED', next_attempt_at = null, created_at = now() - interval '31 days' where id = ?`, [oldFailed]);
    await connection.execute(`update webhook_deliveries set created_at = now() - interval '31 days', next_attempt_at = now() + interval '1 hour' where id = ?`, [oldPending]);
    await connection.execute(`update webhook_deliveries set status = 'DELIVERED', created_at = now() - interval '29 days' where id = ?`, [recent]);
    expect(await new WebhookWorker(t.db.orm).prune()).toBe(2);
    expect((await listDeliveries(dev, id)).map((row) => row.id).sort()).toEqual([oldPending, recent].sort());
  });

  it('a deleted webhook takes its queued deliveries with it; it is then not found', async () => {
    const dev = await t.signedIn('worker-delete@example.com');
    const { id } = await createWebhook(dev, webhookInput.parse({ url: 'https://gone.example.com/', events: ['rating.created'] }));
    const em = t.db.orm.em.fork();
    await enqueueWebhookEvent(em, dev.user.id, 'rating.created', {});
    await em.flush();
    await deleteWebhook(dev, id);
    expect(await t.db.orm.em.fork().count(WebhookDelivery, { webhook: id })).toBe(0);
    await expect(listDeliveries(dev, id)).rejects.toBeInstanceOf(NotFound);
    // Someone else's id reads the same as a missing one.
    const other = await t.signedIn('worker-other@example.com');
    const theirs = await createWebhook(other, webhookInput.parse({ url: 'https://theirs.example.com/', events: ['rating.created'] }));
    await expect(deleteWebhook(dev, theirs.id)).rejects.toBeInstanceOf(NotFound);
    await expect(listDeliveries(dev, theirs.id)).rejects.toBeInstanceOf(NotFound);
  });
});
