/**
 * Issue #59: the server speaks the caller's language. A refusal's `{ message }` and a mail are in
 * the request's language (the web app's X-Locale header, else the locale cookie, else
 * Accept-Language, else English); a REST client that sends none of them reads English as before;
 * a mail sent later, with no request, goes in the language the account last signed in from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDecisionMail } from '../../server/domains/builds/decision-mail';
import { storedLocale } from '../../server/i18n/locale';
import { GAMES_LIST_MAX_LIMIT } from '../../shared/constants';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_EMAIL_VERIFICATION: 'on' });
});
afterAll(() => t.close());

const mailed = () => new Promise((resolve) => setImmediate(resolve));
const lastMailTo = (email: string) => t.mails.findLast((mail) => mail.to === email)!;
const codeOf = (subject: string) => subject.match(/(\d{4}) (\d{4})/)!.slice(1, 3).join('');

describe(`the server's messages in the caller's language (${engineName})`, () => {
  it('a French page gets a French validation error and a French sign-in code error; a client that says nothing gets English', async () => {
    const invalid = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'not-an-address' }, headers: { 'x-locale': 'fr' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'email: Adresse e-mail non valide' });
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'not-an-address' } })).body).toEqual({ message: 'email: Invalid email address' });

    const email = 'francoise@example.com';
    await call(t.app, 'POST', '/api/auth/login', { body: { email }, headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' } });
    await mailed();
    const wrong = String((Number(codeOf(lastMailTo(email).subject)) + 1) % 10 ** 8).padStart(8, '0');
    const refused = await call(t.app, 'POST', '/api/auth/verify', { body: { email, code: wrong }, headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Code incorrect ou expiré. Demandes-en un nouveau.' });
    const english = await call(t.app, 'POST', '/api/auth/verify', { body: { email, code: wrong } });
    expect(english.body).toEqual({ message: 'Invalid or expired code. Request a new one.' });
  });

  it('the page language the web app sends wins over the cookie and the browser; tRPC answers in it too', async () => {
    const headers = { 'x-locale': 'de', cookie: 'locale=fr', 'accept-language': 'es', 'content-type': 'application/json' };
    const response = await t.app.inject({ method: 'POST', url: '/trpc/auth.verify', headers, payload: { email: 'otto@example.com', code: '12345678' } });
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body).error.message).toBe('Der Code ist falsch oder abgelaufen. Fordere einen neuen an.');
    // Without the header, the switcher's cookie; an unknown header value is no choice.
    const cookie = await t.app.inject({ method: 'POST', url: '/trpc/auth.verify', headers: { ...headers, 'x-locale': 'xx' }, payload: { email: 'otto@example.com', code: 'abc' } });
    expect(JSON.parse(cookie.body).error.message).toBe('code: Saisis le code à 8 chiffres');
  });

  it('the access rules, the schemas’ words with their numbers and zod’s own words are translated too', async () => {
    const signedOut = await call(t.app, 'PUT', '/api/me', { body: { name: 'Haru' }, headers: { 'x-locale': 'ja' } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ message: 'ログインが必要です' });
    const tooMany = await call(t.app, 'GET', `/api/games?limit=${GAMES_LIST_MAX_LIMIT + 1}`, { headers: { 'x-locale': 'ko' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: `limit: ${GAMES_LIST_MAX_LIMIT} 이하로 입력해 주세요` });
    const negative = await call(t.app, 'GET', '/api/games?offset=-1', { headers: { 'x-locale': 'fr' } });
    expect(negative.status).toBe(400);
    expect(negative.body).toEqual({ message: 'offset: Trop petit : nombre doit être >=0' });
    expect((await call(t.app, 'GET', '/api/games?offset=-1')).body).toEqual({ message: 'offset: Too small: expected number to be >=0' });
  });

  it('an administrator’s refusals are in their page’s language too', async () => {
    const token = await signIn(t.app, ADMIN_EMAIL);
    const me = await call<{ id: number }>(t.app, 'GET', '/api/auth/me', { token });
    const self = await call(t.app, 'POST', `/api/admin/users/${me.body.id}/block`, { token, headers: { 'x-locale': 'pl' } });
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ message: 'Nie możesz zablokować własnego konta' });
  });

  it('a Japanese page’s sign-in mail is in Japanese, its link opens the Japanese sign-in page, and the account remembers the language', async () => {
    const email = 'haruko@example.com';
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email }, headers: { 'x-locale': 'ja' } })).status).toBe(202);
    await mailed();
    const mail = lastMailTo(email);
    const code = codeOf(mail.subject);
    expect(mail.subject).toBe(`PlayFreeのログインコード: ${code.slice(0, 4)} ${code.slice(4)}`);
    expect(mail.text).toContain(`ログインコードは ${code.slice(0, 4)} ${code.slice(4)} です。1回だけ、10分間使えます。`);
    expect(mail.text).toContain(`${t.env.PUBLIC_URL}/ja/signin?email=haruko%40example.com&code=${code}`);

    expect((await call(t.app, 'POST', '/api/auth/verify', { body: { email, code }, headers: { 'x-locale': 'ja' } })).status).toBe(200);
    const [row] = await t.db.orm.em.getConnection().execute<{ locale: string | null }[]>('select locale from users where email = ?', [email]);
    expect(row!.locale).toBe('ja');
    // A later sign-in that names no language keeps the one known.
    await call(t.app, 'POST', '/api/auth/login', { body: { email } });
    await mailed();
    await call(t.app, 'POST', '/api/auth/verify', { body: { email, code: codeOf(lastMailTo(email).subject) } });
    const [again] = await t.db.orm.em.getConnection().execute<{ locale: string | null }[]>('select locale from users where email = ?', [email]);
    expect(again!.locale).toBe('ja');
  });

  it('English mails keep the texts they always had', async () => {
    const email = 'ada@example.com';
    await call(t.app, 'POST', '/api/auth/login', { body: { email } });
    await mailed();
    const mail = lastMailTo(email);
    const code = codeOf(mail.subject);
    const shown = `${code.slice(0, 4)} ${code.slice(4)}`;
    expect(mail.subject).toBe(`Your PlayFree sign-in code: ${shown}`);
    expect(mail.text).toBe(
      `Your sign-in code is ${shown}. It works once, for 10 minutes.\n\n` +
        `Or sign in with this link:\n${t.env.PUBLIC_URL}/signin?email=ada%40example.com&code=${code}\n\n` +
        `If you did not ask to sign in, ignore this mail: nobody can sign in without the code.`,
    );
  });

  it('a decision mailed later goes in the owner’s stored language, English when none is known', () => {
    const game = { id: 7, title: 'Space  Rocks', slug: 'space-rocks', status: 'APPROVED' as const };
    const rejected = { version: 3, approved: false as const, reason: 'It crashes at start' };
    const german = buildDecisionMail(t.env, game, rejected, 'dev@example.com', storedLocale('de'));
    expect(german.subject).toBe('Version 3 von „Space Rocks“ wurde nicht freigegeben');
    expect(german.text).toContain('die bisherige Live-Version bleibt live.');
    expect(german.text).toContain(`Warum: It crashes at start`);
    expect(german.text).toContain(`${t.env.PUBLIC_URL}/de/developer?builds=7`);
    const english = buildDecisionMail(t.env, game, rejected, 'dev@example.com', storedLocale(null));
    expect(english.text).toBe(
      'Version 3 of "Space Rocks" was reviewed and not approved; the version live before stays live.\n\n' +
        'Why: It crashes at start\n\n' +
        `Upload a build that fixes this and submit it again: ${t.env.PUBLIC_URL}/developer?builds=7\n\n— The PlayFree team`,
    );
  });
});
