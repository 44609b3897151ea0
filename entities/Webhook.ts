import { defineEntity, p } from '@mikro-orm/core';
import type { WebhookEvent } from '../shared/constants';
import { BaseSchema } from './base';
import { User } from './User';

/** A developer's endpoint for the events of their own games (server/domains/webhooks). */
export const WebhookSchema = defineEntity({
  name: 'Webhook',
  tableName: 'webhooks',
  extends: BaseSchema,
  properties: {
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    url: p.string().length(2048),
    events: p.json<WebhookEvent[]>(),
    /**
     * The HMAC key, kept as is: signing needs the key itself, so a hash (as for session tokens)
     * cannot be stored instead. It is shown to the developer once and never sent by the API again.
     */
    secret: p.string().length(64).hidden(),
  },
});

export class Webhook extends WebhookSchema.class {}
WebhookSchema.setClass(Webhook);
