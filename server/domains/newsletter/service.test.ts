import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { hashToken } from '../auth/tokens';
import { Conflict, NotFound } from '../errors';
import { confirmSubscription, subscribe, unsubscribe } from './service';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest({ PUBLIC_URL: 'https://portal.example.org' });
});
afterAll(() => t.close());

/** The token of the newest confirm (or unsubscribe) link mailed to `email`. */
function mailedToken(email: string, link: 'confirm' | 'unsubscribe' = 'confirm'): string {
  const mail = t.mails.findLast((candidate) => candidate.to === email);
  const token = mail?.text.match(new RegExp(`/newsletter/${link}\\?token=([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${link} link mailed to ${email}`);
  return token;
}

async function row(email: string) {
  const rows = await t.db.orm.em.getConnection().execute<{ status: string; token_hash: string; confirmed: boolean }[]>(
    'select status, token_hash, confirmed_at is not null as confirmed from newsletter_subscriptions where email = ?',
    [email],
  );
  return rows[0];
}

describe(`newsletter service, called without any transport (${engineName})`, () => {
  it('signs up PENDING, stores only the hash of the mailed token, and confirms with the link', async () => {
    expect(await subscribe(t.context(), 'reader@example.com')).toEqual({ status: 'confirmation_sent' });
    const mail = t.mails.at(-1)!;
    expect(mail).toMatchObject({ to: 'reader@example.com', subject: 'Confirm your PlayFree newsletter sign-up', secret: true });
    expect(mail.text).toContain('https://portal.example.org/newsletter/confirm?token=');
    expect(mail.text).toContain('https://portal.example.org/newsletter/unsubscribe?token=');
    const token = mailedToken('reader@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await row('reader@example.com');
    expect(stored).toMatchObject({ status: 'PENDING', token_hash: hashToken(token), confirmed: false });
    expect(stored!.token_hash).not.toContain(token);

    expect(await confirmSubscription(t.context(), token)).toEqual({ email: 'reader@example.com', status: 'CONFIRMED' });
    expect(await confirmSubscription(t.context(), token)).toEqual({ email: 'reader@example.com', status: 'CONFIRMED' });
    expect((await row('reader@example.com'))!.confirmed).toBe(true);
  });

  it('answers the same for a confirmed address, and a new sign-up replaces the old link', async () => {
    await subscribe(t.context(), 'again@example.com');
    const first = mailedToken('again@example.com');
    await confirmSubscription(t.context(), first);
    expect(await subscribe(t.context(), 'again@example.com')).toEqual({ status: 'confirmation_sent' });
    expect(t.mails.at(-1)).toMatchObject({ to: 'again@example.com', subject: 'You already get the PlayFree newsletter' });
    expect((await row('again@example.com'))!.status).toBe('CONFIRMED');
    await expect(confirmSubscription(t.context(), first)).rejects.toBeInstanceOf(NotFound);
    expect(await unsubscribe(t.context(), mailedToken('again@example.com', 'unsubscribe'))).toEqual({ email: 'again@example.com', status: 'UNSUBSCRIBED' });
  });

  it('unsubscribes (twice is fine); confirming then is a Conflict until a new sign-up', async () => {
    await subscribe(t.context(), 'leaver@example.com');
    const token = mailedToken('leaver@example.com', 'unsubscribe');
    expect(await unsubscribe(t.context(), token)).toEqual({ email: 'leaver@example.com', status: 'UNSUBSCRIBED' });
    expect(await unsubscribe(t.context(), token)).toEqual({ email: 'leaver@example.com', status: 'UNSUBSCRIBED' });
    await expect(confirmSubscription(t.context(), token)).rejects.toBeInstanceOf(Conflict);

    await subscribe(t.context(), 'leaver@example.com');
    expect((await row('leaver@example.com'))!.status).toBe('PENDING');
    expect(await confirmSubscription(t.context(), mailedToken('leaver@example.com'))).toMatchObject({ status: 'CONFIRMED' });
  });

  it('refuses an unknown token', async () => {
    await expect(confirmSubscription(t.context(), 'x'.repeat(43))).rejects.toBeInstanceOf(NotFound);
    await expect(unsubscribe(t.context(), 'x'.repeat(43))).rejects.toBeInstanceOf(NotFound);
  });
});
