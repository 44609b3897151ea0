import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { WEBHOOKS_MAX, type WebhookEvent } from '../../../shared/constants';
import type { Webhook as WebhookOutput, WebhookDelivery as DeliveryOutput, webhookInput } from '../../../shared/schemas';
import { User, Webhook, WebhookDelivery } from '../../../entities';
import type { AuthedContext } from '../context';
import { Conflict, NotFound } from '../errors';
import { lockRegistrations } from './queries';
import { text } from '../../i18n/translate';

/** The newest deliveries a webhook's log shows. */
export const DELIVERIES_LISTED = 50;

function toWebhookOutput(webhook: Webhook): WebhookOutput {
  return { id: webhook.id, url: webhook.url, events: webhook.events, createdAt: webhook.createdAt.toISOString() };
}

function toDeliveryOutput(delivery: WebhookDelivery): DeliveryOutput {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    responseCode: delivery.responseCode ?? null,
    lastError: delivery.lastError ?? null,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.status === 'PENDING' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}

/** Registers a webhook; answers its secret, the only time the API shows it. */
export async function createWebhook(ctx: AuthedContext, input: z.output<typeof webhookInput>): Promise<{ id: number; secret: string }> {
  return ctx.em.transactional(async (tx) => {
    // One registration at a time per developer, so the limit and the duplicate check hold under races.
    await lockRegistrations(tx, ctx.user.id);
    const existing = await tx.find(Webhook, { owner: ctx.user.id });
    if (existing.some((webhook) => webhook.url === input.url)) throw new Conflict(text('webhooks.duplicate'));
    if (existing.length >= WEBHOOKS_MAX) throw new Conflict(text('webhooks.max', { max: WEBHOOKS_MAX }));
    const secret = randomBytes(32).toString('hex');
    const webhook = tx.create(Webhook, { owner: tx.getReference(User, ctx.user.id), url: input.url, events: input.events, secret });
    await tx.flush();
    return { id: webhook.id, secret };
  });
}

export async function listWebhooks(ctx: AuthedContext): Promise<WebhookOutput[]> {
  const webhooks = await ctx.em.find(Webhook, { owner: ctx.user.id }, { orderBy: { id: 'asc' } });
  return webhooks.map(toWebhookOutput);
}

/** The caller's own webhook; anyone else's reads as missing. */
async function ownWebhook(ctx: AuthedContext, id: number): Promise<Webhook> {
  const webhook = await ctx.em.findOne(Webhook, { id, owner: ctx.user.id });
  if (!webhook) throw new NotFound(text('webhooks.notFound'));
  return webhook;
}

/** Deletes the webhook and (by cascade) its deliveries, pending ones included. */
export async function deleteWebhook(ctx: AuthedContext, id: number): Promise<{ ok: true }> {
  const webhook = await ownWebhook(ctx, id);
  await ctx.em.remove(webhook).flush();
  return { ok: true };
}

export async function listDeliveries(ctx: AuthedContext, id: number): Promise<DeliveryOutput[]> {
  const webhook = await ownWebhook(ctx, id);
  const deliveries = await ctx.em.find(WebhookDelivery, { webhook }, { orderBy: { id: 'desc' }, limit: DELIVERIES_LISTED });
  return deliveries.map(toDeliveryOutput);
}

/**
 * Queues `event` for each of the owner's webhooks that subscribed to it. Only persisted: the
 * caller flushes it with the change it reports, so the event exists exactly when the change
 * committed; then it calls `services.webhooks.kick()`. Answers how many deliveries were queued.
 */
export async function enqueueWebhookEvent(
  em: EntityManager,
  ownerId: number | null | undefined,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  if (ownerId == null) return 0;
  const webhooks = (await em.find(Webhook, { owner: ownerId })).filter((webhook) => webhook.events.includes(event));
  const createdAt = new Date();
  for (const webhook of webhooks) {
    const body = JSON.stringify({ id: randomUUID(), event, createdAt: createdAt.toISOString(), data });
    em.create(WebhookDelivery, { webhook, event, body, status: 'PENDING', attempts: 0, nextAttemptAt: createdAt });
  }
  return webhooks.length;
}
