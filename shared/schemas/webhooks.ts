/** Developer webhooks and their deliveries. */
import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../constants';
import { isSecureGameUrl } from '../urls';
import { webUrl } from './fields';

/** A webhook's URL follows the game-frame rule: HTTPS, or HTTP only on localhost or an IP address. */
export const webhookInput = z.object({
  url: webUrl.refine(isSecureGameUrl, 'Must use HTTPS (HTTP only for localhost or an IP address)'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Must be one of ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
});

export const webhookOutput = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookOutput>;
/** The secret is shown once, at creation. */
export const webhookCreatedOutput = z.object({ id: z.number(), secret: z.string() });
export const webhookDeliveryOutput = z.object({
  id: z.number(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryOutput>;
