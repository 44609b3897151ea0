/** Contact messages and the admin's answers to them. */
import { z } from 'zod';
import { CONTACT_TYPES, LIMITS, MESSAGE_STATUSES } from '../constants';
import { emailSchema, idParamSchema, requiredText } from './fields';

export const contactForm = z.object({
  name: requiredText(LIMITS.nameMax),
  email: emailSchema,
  subject: requiredText(LIMITS.titleMax),
  message: requiredText(LIMITS.descriptionMax),
  type: z.enum(CONTACT_TYPES).optional(),
});

export const adminMessagesInput = z.object({
  status: z.enum(MESSAGE_STATUSES).default('OPEN'),
  page: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1).max(1000).default(1),
});

export const answerMessageInput = z.object({ id: idParamSchema, answer: requiredText(LIMITS.answerMax) });
export const answerForm = answerMessageInput.omit({ id: true });

export const contactOutput = z.object({ id: z.number() });
export const messageOutput = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Null for the Help Center form, which has no type select. */
  type: z.enum(CONTACT_TYPES).nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.object({ id: z.number(), email: z.string() }).nullable(),
});
export type Message = z.infer<typeof messageOutput>;
export const messagesOutput = z.object({ messages: z.array(messageOutput), page: z.number(), hasMore: z.boolean(), total: z.number() });
/** An answered message, and whether the answer mail went out (the answer is stored either way). */
export const answeredMessageOutput = z.object({ message: messageOutput, mailed: z.boolean() });
