import { adminMessagesInput, answeredMessageOutput, answerMessageInput, contactForm, contactOutput, messagesOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS } from '../operation';
import { Conflict, NotFound } from '../errors';
import { answerMessage, listMessages, sendContactMessage } from './service';

export const messagesOperations = {
  contact: defineOperation({
    method: 'POST',
    path: '/contact',
    access: 'public',
    summary: 'Send a message from the Contact page or the Help Center (no sign-in needed); support is mailed',
    tags: ['messages'],
    input: contactForm,
    output: contactOutput,
    successStatus: 201,
    rateLimit: { group: 'contact', perIp: 10, perAccount: 5, windowMs: HOUR_MS, account: ({ input }) => input.email },
    run: ({ ctx, input }) => sendContactMessage(ctx, input),
  }),
  list: defineOperation({
    method: 'GET',
    path: '/admin/messages',
    access: 'admin',
    summary: 'Contact messages with the given status (default OPEN: oldest first; ANSWERED: newest answer first), paged',
    tags: ['admin'],
    input: adminMessagesInput,
    output: messagesOutput,
    run: ({ ctx, input }) => listMessages(ctx, input),
  }),
  answer: defineOperation({
    method: 'POST',
    path: '/admin/messages/{id}/answer',
    access: 'admin',
    summary: 'Answer a contact message: mails the answer to the sender and marks it answered (audited)',
    tags: ['admin'],
    input: answerMessageInput,
    output: answeredMessageOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => answerMessage(ctx, input.id, input.answer),
  }),
};
