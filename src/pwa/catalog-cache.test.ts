import { describe, expect, it } from 'vitest';
import { assembleOffline, callKey, parseTrpcGet } from './catalog-cache';

const origin = 'http://localhost:3300';

function url(path: string, input?: unknown): URL {
  const query = input === undefined ? '' : `&input=${encodeURIComponent(JSON.stringify(input))}`;
  return new URL(`${origin}/trpc/${path}?batch=1${query}`);
}

describe('parseTrpcGet', () => {
  it('gives each call of a batch the key of a lone call, whatever the batch', () => {
    const alone = parseTrpcGet(url('games.bySlug', { 0: { slug: 'balloon-party' } }))!;
    const batched = parseTrpcGet(url('auth.me,games.bySlug', { 1: { slug: 'balloon-party' } }))!;
    expect(batched.calls.map((call) => call.path)).toEqual(['auth.me', 'games.bySlug']);
    expect(batched.calls[1]!.key).toBe(alone.calls[0]!.key);
    expect(batched.calls[0]!.key).toBe(`${origin}/trpc/auth.me`);
    expect(alone.calls[0]!.key).toBe(callKey(origin, 'games.bySlug', { slug: 'balloon-party' }));
  });

  it('reads unbatched calls and refuses malformed URLs', () => {
    const single = parseTrpcGet(new URL(`${origin}/trpc/home.get`))!;
    expect(single).toEqual({ batch: false, calls: [{ path: 'home.get', key: `${origin}/trpc/home.get` }] });
    expect(parseTrpcGet(new URL(`${origin}/trpc/a,b`))).toBeNull();
    expect(parseTrpcGet(new URL(`${origin}/trpc/home.get?batch=1&input=%7Bnot-json`))).toBeNull();
    expect(parseTrpcGet(new URL(`${origin}/api/games`))).toBeNull();
  });
});

describe('assembleOffline', () => {
  const request = parseTrpcGet(url('auth.me,home.get,categories.list'))!;
  const home = { result: { data: { popular: [] } } };
  const categories = { result: { data: [] } };

  it('rebuilds a batch from stored calls; the session check answers with an offline error', () => {
    const answer = assembleOffline(request, [undefined, home, categories])!;
    expect(answer.status).toBe(207);
    const [me, ...rest] = answer.body as { error?: { data: { offline: boolean } } }[];
    expect(me!.error!.data.offline).toBe(true);
    expect(rest).toEqual([home, categories]);
  });

  it('gives up when any of the page data is missing, so the page can say it is offline', () => {
    expect(assembleOffline(request, [undefined, home, undefined])).toBeNull();
    expect(assembleOffline(parseTrpcGet(url('auth.me'))!, [undefined])).toBeNull();
  });

  it('answers a lone stored call as tRPC would', () => {
    const lone = parseTrpcGet(new URL(`${origin}/trpc/home.get`))!;
    expect(assembleOffline(lone, [home])).toEqual({ status: 200, body: home });
  });
});
