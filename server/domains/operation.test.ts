import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_EMAIL, openDomainTest, type DomainTest } from '../../tests/support/domain';
import { engineName } from '../../tests/support/engine';
import { shareAnswer } from './games/shared-answer';
import { Forbidden, InvalidOutput, Unauthorized } from './errors';
import { authorize, checkOutput } from './operation';
import { registry } from './registry';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
});
afterAll(() => t.close());

describe(`operations, run without any transport (${engineName})`, () => {
  it('access control: signed out is Unauthorized, a user on an admin operation Forbidden', async () => {
    await expect(authorize(t.context(), 'public')).resolves.toBeDefined();
    await expect(authorize(t.context(), 'user')).rejects.toThrow(new Unauthorized('Sign in required'));
    await expect(authorize(t.context({ token: 'not-a-token' }), 'user')).rejects.toBeInstanceOf(Unauthorized);
    const user = await t.signedIn('someone@example.com');
    await expect(authorize(user, 'admin')).rejects.toThrow(new Forbidden('Admin privileges required'));
    const admin = await t.signedIn(ADMIN_EMAIL);
    expect((await authorize(admin, 'admin')).user).toMatchObject({ email: ADMIN_EMAIL, role: 'ADMIN' });
  });

  it('an operation runs with a plain context and answers what its output schema describes', async () => {
    const operation = registry.games.bySlug;
    const answer = await operation.run({ ctx: t.context(), input: operation.input.parse({ slug: 'star-blaster' }) });
    expect(() => checkOutput(operation, answer)).not.toThrow();
    const me = await registry.auth.me.run({ ctx: await t.signedIn('someone@example.com'), input: undefined });
    expect(me).toEqual({ id: expect.any(Number), name: 'Someone', email: 'someone@example.com', role: 'USER' });
  });

  it('an answer its output schema refuses is an InvalidOutput (a bug), checked once when shared', () => {
    const operation = registry.games.bySlug;
    expect(() => checkOutput(operation, { slug: 1 })).toThrow(InvalidOutput);
    const shared = shareAnswer({ slug: 1 }, Date.now() + 60_000);
    expect(() => checkOutput(operation, shared)).toThrow(InvalidOutput);
  });

  it('a shared list is checked game by game, each game once, and a wrong game in a later list is still refused', async () => {
    const operation = registry.games.list;
    const games = await operation.run({ ctx: t.context(), input: operation.input.parse({}) });
    expect(games.length).toBeGreaterThan(2);
    const first = shareAnswer(games.slice(0, 2), Date.now() + 60_000);
    expect(() => checkOutput(operation, first)).not.toThrow();
    const parse = vi.spyOn(operation.output.element, 'safeParse');
    // Two games already checked, one new: only the new one is parsed.
    expect(() => checkOutput(operation, shareAnswer(games.slice(0, 3), Date.now() + 60_000))).not.toThrow();
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    const wrong = { ...games[0]!, title: 7 };
    expect(() => checkOutput(operation, shareAnswer([games[0], wrong], Date.now() + 60_000))).toThrow(InvalidOutput);
  });
});
