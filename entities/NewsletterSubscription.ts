import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { LIMITS, NEWSLETTER_STATUSES } from '../shared/constants';

/**
 * One newsletter address with double opt-in. The token of its confirm and unsubscribe links is
 * stored only as its SHA-256, so the table alone opens no link; a new sign-up replaces it.
 */
export const NewsletterSubscriptionSchema = defineEntity({
  name: 'NewsletterSubscription',
  tableName: 'newsletter_subscriptions',
  extends: BaseSchema,
  properties: {
    email: p.string().length(LIMITS.emailMax).unique(),
    status: p.enum(NEWSLETTER_STATUSES).default('PENDING'),
    tokenHash: p.string().length(64).unique(),
    confirmedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
  },
});

export class NewsletterSubscription extends NewsletterSubscriptionSchema.class {}
NewsletterSubscriptionSchema.setClass(NewsletterSubscription);
