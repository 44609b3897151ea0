import { defineEntity, p } from '@mikro-orm/core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../shared/constants';
import { BaseSchema } from './base';
import { Webhook } from './Webhook';

/**
 * One event for one webhook: the queue the delivery worker works (server/domains/webhooks/worker.ts).
 * Enqueued in the transaction of the change it reports; the body is fixed then, so every retry
 * sends (and signs) the same bytes.
 */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  extends: BaseSchema,
  properties: {
    webhook: () => p.manyToOne(Webhook).deleteRule('cascade'),
    event: p.enum(WEBHOOK_EVENTS),
    body: p.text(),
    status: p.enum(WEBHOOK_DELIVERY_STATUSES).default('PENDING'),
    attempts: p.integer().default(0),
    /** When the worker may (next) try; while PENDING, also the end of a worker's claim on it. */
    nextAttemptAt: p.datetime().nullable(),
    lastAttemptAt: p.datetime().nullable(),
    responseCode: p.integer().nullable(),
    lastError: p.string().length(500).nullable(),
    deliveredAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'webhook_deliveries_webhook_id_id_index', expression: `create index "webhook_deliveries_webhook_id_id_index" on "webhook_deliveries" ("webhook_id", "id" desc)` },
    {
      name: 'webhook_deliveries_due_index',
      expression: `create index "webhook_deliveries_due_index" on "webhook_deliveries" ("next_attempt_at") where "status" = 'PENDING'`,
    },
  ],
});

export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);
