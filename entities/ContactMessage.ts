import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { CONTACT_TYPES, LIMITS, MESSAGE_STATUSES } from '../shared/constants';
import { User } from './User';

/** A message from the Contact page or the Help Center form, kept until an admin has answered it. */
export const ContactMessageSchema = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_messages',
  extends: BaseSchema,
  properties: {
    name: p.string().length(LIMITS.nameMax),
    email: p.string().length(LIMITS.emailMax),
    /** Null for the Help Center form, which has no type select. */
    type: p.enum(CONTACT_TYPES).nullable(),
    subject: p.string().length(LIMITS.titleMax),
    body: p.text(),
    status: p.enum(MESSAGE_STATUSES).default('OPEN'),
    answer: p.text().nullable(),
    answeredAt: p.datetime().nullable(),
    answeredBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
  indexes: [{ properties: ['status', 'createdAt'] }, { properties: ['answeredBy'] }],
});

export class ContactMessage extends ContactMessageSchema.class {}
ContactMessageSchema.setClass(ContactMessage);
