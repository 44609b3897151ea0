import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactForm } from '../../../shared/schemas';
import { ADMIN_EMAIL, openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { listAuditLog } from '../admin/service';
import { Conflict, NotFound } from '../errors';
import { answerMessage, listMessages, sendContactMessage } from './service';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest({ SUPPORT_EMAIL: 'help@portal.example.org' });
});
afterAll(() => t.close());

const message = (overrides: Record<string, unknown> = {}) =>
  contactForm.parse({ name: 'Ada', email: 'Ada@Example.com', subject: 'Saved games', message: 'Where are my\nsaved games?', ...overrides });

describe(`messages service, called without any transport (${engineName})`, () => {
  it('stores a contact message OPEN and mails it to SUPPORT_EMAIL with a reply-to of the sender', async () => {
    const before = t.mails.length;
    const { id } = await sendContactMessage(t.context(), message({ type: 'technical' }));
    const mail = t.mails.at(-1)!;
    expect(t.mails).toHaveLength(before + 1);
    expect(mail).toMatchObject({ to: 'help@portal.example.org', replyTo: 'ada@example.com', subject: `[PlayFree contact #${id}] Saved games` });
    expect(mail.text).toContain('Where are my\nsaved games?');

    const admin = await t.signedIn(ADMIN_EMAIL);
    const open = await listMessages(admin, { status: 'OPEN', page: 1 });
    expect(open.messages.find((m) => m.id === id)).toMatchObject({
      name: 'Ada', email: 'ada@example.com', type: 'technical', subject: 'Saved games', status: 'OPEN', answer: null, answeredBy: null,
    });
  });

  it('keeps the message when the mail to support fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = t.context();
    failing.services = { ...t.services, mailer: { send: () => Promise.reject(new Error('SMTP down')) } };
    const { id } = await sendContactMessage(failing, message({ subject: 'Mail is down' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(`Contact message #${id} could not be mailed: SMTP down`));
    logged.mockRestore();
    const admin = await t.signedIn(ADMIN_EMAIL);
    expect((await listMessages(admin, { status: 'OPEN', page: 1 })).messages.map((m) => m.id)).toContain(id);
  });

  it('answers a message once: mails the sender, marks it ANSWERED and audits it', async () => {
    const admin = await t.signedIn(ADMIN_EMAIL);
    const { id } = await sendContactMessage(t.context(), message({ subject: 'Question\nwith a line break' }));
    const answered = await answerMessage(admin, id, 'They are in your browser.');
    expect(answered.mailed).toBe(true);
    expect(answered.message).toMatchObject({ id, status: 'ANSWERED', answer: 'They are in your browser.', answeredBy: { email: ADMIN_EMAIL } });
    const mail = t.mails.at(-1)!;
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Re: Question with a line break' });
    expect(mail.text).toContain('They are in your browser.');

    await expect(answerMessage(admin, id, 'Again')).rejects.toBeInstanceOf(Conflict);
    await expect(answerMessage(admin, 999_999, 'Nobody')).rejects.toBeInstanceOf(NotFound);

    const [entry] = await listAuditLog(admin, 1);
    expect(entry).toMatchObject({ action: 'MESSAGE_ANSWERED', targetType: 'contact_message', targetId: id, actor: { email: ADMIN_EMAIL } });
    const answeredList = await listMessages(admin, { status: 'ANSWERED', page: 1 });
    expect(answeredList.messages[0]).toMatchObject({ id, answeredBy: { email: ADMIN_EMAIL } });
  });

  it('pages the list', async () => {
    const admin = await t.signedIn(ADMIN_EMAIL);
    for (let n = 0; n < 21; n += 1) await sendContactMessage(t.context(), message({ subject: `Bulk ${n}` }));
    const first = await listMessages(admin, { status: 'OPEN', page: 1 });
    const second = await listMessages(admin, { status: 'OPEN', page: 2 });
    expect(first.messages).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect(first.total).toBe(second.total);
    expect(first.messages.length + second.messages.length).toBe(first.total);
  });
});
