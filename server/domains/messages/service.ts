import { LockMode } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { MESSAGES_PAGE_SIZE, type MessageStatus } from '../../../shared/constants';
import type { Message, contactForm } from '../../../shared/schemas';
import { ContactMessage, User } from '../../../entities';
import type { Env } from '../../env';
import { sendAfterCommit, type Mail } from '../../mail/mailer';
import { audit } from '../admin/audit';
import type { AuthedContext, DomainContext } from '../context';
import { Conflict, NotFound } from '../errors';
import { text as catalogText } from '../../i18n/translate';

/** A header line: the sender's subject must not break the mail's headers. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function toMessageOutput(message: ContactMessage): Message {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    type: message.type ?? null,
    subject: message.subject,
    message: message.body,
    status: message.status,
    createdAt: message.createdAt.toISOString(),
    answer: message.answer ?? null,
    answeredAt: message.answeredAt?.toISOString() ?? null,
    answeredBy: message.answeredBy?.email ? { id: message.answeredBy.id, email: message.answeredBy.email } : null,
  };
}

function supportMail(env: Env, message: ContactMessage): Mail {
  return {
    to: env.SUPPORT_EMAIL,
    replyTo: message.email,
    subject: `[PlayFree contact #${message.id}] ${oneLine(message.subject)}`,
    text:
      `From: ${message.name} <${message.email}>\n` +
      `Type: ${message.type ?? 'Help Center form'}\n` +
      `Subject: ${message.subject}\n\n` +
      `${message.body}\n\n` +
      `Answer it in the admin dashboard's Messages tab: ${env.PUBLIC_URL}/admin`,
  };
}

function answerMail(message: ContactMessage): Mail {
  const quoted = message.body
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: message.email,
    subject: `Re: ${oneLine(message.subject)}`,
    text: `Hello ${message.name},\n\n${message.answer ?? ''}\n\n— The PlayFree team\n\nYou wrote:\n${quoted}`,
  };
}

/**
 * The Contact page and Help Center forms. The message is stored first; the mail to support goes
 * out after the commit and is not waited for, so a mail failure never loses the message nor
 * reads as a failure to the sender (the admin sees it in the Messages tab either way).
 */
export async function sendContactMessage(ctx: DomainContext, input: z.output<typeof contactForm>): Promise<{ id: number }> {
  const message = ctx.em.create(ContactMessage, {
    name: input.name,
    email: input.email,
    type: input.type ?? null,
    subject: input.subject,
    body: input.message,
    status: 'OPEN',
  });
  await ctx.em.flush();
  void sendAfterCommit(ctx.services.mailer, supportMail(ctx.services.env, message), `Contact message #${message.id}`);
  return { id: message.id };
}

export async function listMessages(
  ctx: AuthedContext,
  input: { status: MessageStatus; page: number },
): Promise<{ messages: Message[]; page: number; hasMore: boolean; total: number }> {
  const [messages, total] = await ctx.em.findAndCount(
    ContactMessage,
    { status: input.status },
    {
      populate: ['answeredBy'],
      // Open ones oldest first (the longest waiting on top); answered ones newest first.
      orderBy: input.status === 'OPEN' ? { createdAt: 'asc', id: 'asc' } : { answeredAt: 'desc', id: 'desc' },
      limit: MESSAGES_PAGE_SIZE,
      offset: (input.page - 1) * MESSAGES_PAGE_SIZE,
    },
  );
  return { messages: messages.map(toMessageOutput), page: input.page, hasMore: input.page * MESSAGES_PAGE_SIZE < total, total };
}

/**
 * Stores the answer, marks the message ANSWERED and audits it in one transaction, then mails the
 * answer to the sender. The answer is kept even when the mail fails; `mailed` tells the admin.
 */
export async function answerMessage(ctx: AuthedContext, id: number, answer: string): Promise<{ message: Message; mailed: boolean }> {
  const message = await ctx.em.transactional(async (tx) => {
    const found = await tx.findOne(ContactMessage, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!found) throw new NotFound(catalogText('admin.messageNotFound'));
    if (found.status === 'ANSWERED') throw new Conflict(catalogText('admin.messageAnswered'));
    found.status = 'ANSWERED';
    found.answer = answer;
    found.answeredAt = new Date();
    found.answeredBy = tx.getReference(User, ctx.user.id);
    audit(tx, ctx, 'MESSAGE_ANSWERED', 'contact_message', found.id, { to: found.email, subject: found.subject });
    await tx.flush();
    return found;
  });
  const mailed = await sendAfterCommit(ctx.services.mailer, answerMail(message), `The answer to contact message #${message.id}`);
  return { message: { ...toMessageOutput(message), answeredBy: { id: ctx.user.id, email: ctx.user.email } }, mailed };
}
