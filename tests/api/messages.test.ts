/**
 * Messages that arrive: POST /api/contact (stored, mailed to SUPPORT_EMAIL), the admin's
 * GET /api/admin/messages and POST /api/admin/messages/{id}/answer, and the newsletter's double
 * opt-in (POST /api/newsletter, /confirm, /unsubscribe) with tokens stored hashed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/domains/auth/tokens';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const SUPPORT_EMAIL = 'support@portal.example.org';
const PUBLIC_URL = 'https://portal.example.org';

let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL, PUBLIC_URL });
  admin = await signIn(t.app, ADMIN_EMAIL);
  user = await signIn(t.app, 'player@example.com');
});
afterAll(() => t.close());

const contact = { name: 'Grace', email: 'Grace@Example.com', subject: 'Lost progress', message: 'My level 3 save is gone.', type: 'technical' };

async function count(table: string): Promise<number> {
  const rows = await t.db.orm.em.getConnection().execute<{ count: number | string }[]>(`select count(*) as count from ${table}`);
  return Number(rows[0]!.count);
}

describe(`POST /api/contact (${engineName})`, () => {
  it('is 400 naming the field for each missing or bad field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...contact, name: '  ' }, 'name'],
      [{ ...contact, email: 'not-an-address' }, 'email'],
      [{ ...contact, subject: undefined }, 'subject'],
      [{ ...contact, message: '' }, 'message'],
      [{ ...contact, type: 'sales' }, 'type'],
      [{ ...contact, message: 'x'.repeat(2001) }, 'message'],
      [{ ...contact, subject: 'a\u0000b' }, 'subject'],
    ];
    for (const [body, field] of cases) {
      const response = await call(t.app, 'POST', '/api/contact', { body });
      expect(response.status, field).toBe(400);
      expect(response.body.message, field).toMatch(new RegExp(`^${field}:`));
    }
    expect(await count('contact_messages')).toBe(0);
    expect(t.mails.filter((mail) => mail.to === SUPPORT_EMAIL)).toEqual([]);
  });

  it('stores the message and mails it to SUPPORT_EMAIL: 201 {id}', async () => {
    const response = await call<{ id: number }>(t.app, 'POST', '/api/contact', { body: contact });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['id']);
    const [stored] = await t.db.orm.em
      .getConnection()
      .execute<Record<string, unknown>[]>('select name, email, type, subject, body, status from contact_messages where id = ?', [response.body.id]);
    expect(stored).toEqual({ name: 'Grace', email: 'grace@example.com', type: 'technical', subject: 'Lost progress', body: 'My level 3 save is gone.', status: 'OPEN' });
    const mail = t.mails.findLast((candidate) => candidate.to === SUPPORT_EMAIL);
    expect(mail).toMatchObject({ replyTo: 'grace@example.com', subject: `[PlayFree contact #${response.body.id}] Lost progress` });
    expect(mail!.text).toContain('My level 3 save is gone.');
    expect(mail!.text).toContain(`${PUBLIC_URL}/admin`);
  });

  it('takes the Help Center form without a type', async () => {
    const { type: _type, ...helpForm } = contact;
    const response = await call<{ id: number }>(t.app, 'POST', '/api/contact', { body: { ...helpForm, subject: 'Help form' } });
    expect(response.status).toBe(201);
    expect(t.mails.at(-1)!.text).toContain('Type: Help Center form');
  });
});

describe(`GET /api/admin/messages and POST /api/admin/messages/{id}/answer (${engineName})`, () => {
  it('are 401 signed out and 403 for a user', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/messages', undefined],
      ['POST', '/api/admin/messages/1/answer', { answer: 'Hi' }],
    ] as const) {
      expect((await call(t.app, method, url, { body })).status, url).toBe(401);
      expect((await call(t.app, method, url, { body, token: user })).status, url).toBe(403);
    }
  });

  it('lists open messages, answers one (mailed to the sender, audited) and lists it as answered', async () => {
    const sent = await call<{ id: number }>(t.app, 'POST', '/api/contact', { body: { ...contact, subject: 'To answer' } });
    const open = await call(t.app, 'GET', '/api/admin/messages?status=OPEN', { token: admin });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ page: 1, hasMore: false });
    const listed = open.body.messages.find((message: { id: number }) => message.id === sent.body.id);
    expect(listed).toMatchObject({ name: 'Grace', email: 'grace@example.com', subject: 'To answer', message: contact.message, status: 'OPEN', type: 'technical' });

    const empty = await call(t.app, 'POST', `/api/admin/messages/${sent.body.id}/answer`, { token: admin, body: { answer: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^answer:/);
    expect((await call(t.app, 'GET', '/api/admin/messages?status=CLOSED', { token: admin })).body.message).toMatch(/^status:/);
    expect((await call(t.app, 'POST', '/api/admin/messages/999999/answer', { token: admin, body: { answer: 'Hi' } })).status).toBe(404);

    const answered = await call(t.app, 'POST', `/api/admin/messages/${sent.body.id}/answer`, { token: admin, body: { answer: 'Restored it for you.' } });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ mailed: true, message: { id: sent.body.id, status: 'ANSWERED', answer: 'Restored it for you.', answeredBy: { email: ADMIN_EMAIL } } });
    expect(t.mails.at(-1)).toMatchObject({ to: 'grace@example.com', subject: 'Re: To answer' });
    expect(t.mails.at(-1)!.text).toContain('Restored it for you.');

    const again = await call(t.app, 'POST', `/api/admin/messages/${sent.body.id}/answer`, { token: admin, body: { answer: 'Twice' } });
    expect(again.status).toBe(409);

    const list = await call(t.app, 'GET', '/api/admin/messages?status=ANSWERED', { token: admin });
    expect(list.body.messages.map((message: { id: number }) => message.id)).toContain(sent.body.id);
    expect((await call(t.app, 'GET', '/api/admin/messages', { token: admin })).body.messages.map((m: { id: number }) => m.id)).not.toContain(sent.body.id);

    const audit = await call(t.app, 'GET', '/api/admin/audit-log?limit=1', { token: admin });
    expect(audit.body[0]).toMatchObject({ action: 'MESSAGE_ANSWERED', targetType: 'contact_message', targetId: sent.body.id });
  });
});

function mailedToken(email: string, link: 'confirm' | 'unsubscribe'): string {
  const mail = t.mails.findLast((candidate) => candidate.to === email);
  const token = mail?.text.match(new RegExp(`${PUBLIC_URL}/newsletter/${link}\\?token=([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${link} link mailed to ${email}`);
  return token;
}

describe(`newsletter double opt-in (${engineName})`, () => {
  it('is 400 naming email for a bad address', async () => {
    for (const body of [{}, { email: '' }, { email: 'nope' }]) {
      const response = await call(t.app, 'POST', '/api/newsletter', { body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^email:/);
    }
  });

  it('answers 202 and the same body for a new, a pending and a confirmed address', async () => {
    const answers = [];
    answers.push(await call(t.app, 'POST', '/api/newsletter', { body: { email: 'fan@example.com' } }));
    answers.push(await call(t.app, 'POST', '/api/newsletter', { body: { email: 'fan@example.com' } }));
    await call(t.app, 'POST', '/api/newsletter/confirm', { body: { token: mailedToken('fan@example.com', 'confirm') } });
    answers.push(await call(t.app, 'POST', '/api/newsletter', { body: { email: 'FAN@example.com' } }));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ status: 'confirmation_sent' });
    }
  });

  it('confirms with the mailed link, unsubscribes with the other; the token is stored only as its SHA-256', async () => {
    await call(t.app, 'POST', '/api/newsletter', { body: { email: 'reader@example.com' } });
    const confirm = mailedToken('reader@example.com', 'confirm');
    const rows = await t.db.orm.em.getConnection().execute<{ status: string; token_hash: string }[]>(
      "select status, token_hash from newsletter_subscriptions where email = 'reader@example.com'",
    );
    expect(rows).toEqual([{ status: 'PENDING', token_hash: hashToken(confirm) }]);
    const everything = JSON.stringify(await t.db.orm.em.getConnection().execute('select * from newsletter_subscriptions'));
    expect(everything).not.toContain(confirm);

    const confirmed = await call(t.app, 'POST', '/api/newsletter/confirm', { body: { token: confirm } });
    expect(confirmed).toMatchObject({ status: 200, body: { email: 'reader@example.com', status: 'CONFIRMED' } });
    const left = await call(t.app, 'POST', '/api/newsletter/unsubscribe', { body: { token: mailedToken('reader@example.com', 'unsubscribe') } });
    expect(left).toMatchObject({ status: 200, body: { email: 'reader@example.com', status: 'UNSUBSCRIBED' } });
    expect((await call(t.app, 'POST', '/api/newsletter/confirm', { body: { token: confirm } })).status).toBe(409);
  });

  it('is 400 for a malformed token and 404 for an unknown one', async () => {
    for (const url of ['/api/newsletter/confirm', '/api/newsletter/unsubscribe']) {
      const malformed = await call(t.app, 'POST', url, { body: { token: 'abc' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^token:/);
      expect((await call(t.app, 'POST', url, { body: { token: 'A'.repeat(43) } })).status).toBe(404);
    }
  });
});

describe(`rate limits of the public writes (${engineName})`, () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(() => limited.close());

  it('answers 429 after 10 contact messages from one IP in an hour', async () => {
    const statuses = [];
    for (let n = 0; n < 11; n += 1) {
      const body = { ...contact, email: `sender${n}@example.com` };
      statuses.push((await call(limited.app, 'POST', '/api/contact', { body })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers 429 after 3 newsletter sign-ups for one address', async () => {
    const statuses = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await call(limited.app, 'POST', '/api/newsletter', { body: { email: 'same@example.com' } })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
