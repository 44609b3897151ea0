import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { holdQueryUpdates, releaseQueryUpdatesWhenIdle } from './query-updates-after-hydration';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  notifyManager.setScheduler((notify) => setTimeout(notify, 0));
  vi.unstubAllGlobals();
});

describe('query results while a server-rendered page is taken over', () => {
  it('wait until the page is live and the browser idle, then arrive; later ones flow at once', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => idle.push(run) });
    const client = new QueryClient();
    const seen: unknown[] = [];
    const observer = new QueryObserver<number>(client, { queryKey: ['plays'], enabled: false });
    // As react-query's hooks subscribe their components.
    const unsubscribe = observer.subscribe(notifyManager.batchCalls((result) => seen.push(result.data)));

    holdQueryUpdates();
    client.setQueryData(['plays'], 1);
    client.setQueryData(['plays'], 2);
    await settle();
    expect(seen).toEqual([]);

    // The page says it is live: still held until the browser is idle.
    releaseQueryUpdatesWhenIdle();
    await settle();
    expect(seen).toEqual([]);

    for (const run of idle) run();
    await settle();
    expect(seen.at(-1)).toBe(2);

    client.setQueryData(['plays'], 3);
    await settle();
    expect(seen.at(-1)).toBe(3);
    unsubscribe();
  });
});
