/**
 * /metrics (issue 49, point 9): a fresh app answers it in the Prometheus text format with the
 * series docs/OPERATIONS.md names, requests labelled by route pattern (never the raw URL); it is
 * served only by the metrics server (its own port), which wants METRICS_TOKEN when one is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadEnv } from '../env';
import { call, createTestApp, signIn, visitorCookie, type TestApp } from '../../tests/support/app';
import { engineName } from '../../tests/support/engine';
import { buildMetricsServer } from './server';

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe(`metrics (${engineName})`, () => {
  let t: TestApp;
  let metrics: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    metrics = await buildMetricsServer(t.services.metrics);
  });
  afterAll(async () => {
    await metrics?.close();
    await t?.close();
  });

  const scrape = async () => {
    const response = await metrics.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('names every series the operations guide lists', async () => {
    const text = await scrape();
    for (const series of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'process_resident_memory_bytes',
      'playfree_db_pool_connections_in_use',
      'playfree_db_pool_waiting',
      'playfree_plays_written_total',
      'playfree_plays_queued',
      'playfree_builds_waiting_for_checks',
      'playfree_build_checkers_connected',
      'playfree_search_index_lag_seconds',
      'playfree_http_request_duration_seconds',
      'playfree_ad_impressions_total',
    ]) {
      expect(text, series).toContain(`# TYPE ${series} `);
    }
  });

  it('counts requests by route pattern, method and status, never by the raw URL', async () => {
    await call(t.app, 'GET', '/api/games/a-slug-nobody-has-xyz');
    await call(t.app, 'GET', '/api/games/a-slug-nobody-has-xyz');
    await call(t.app, 'GET', '/api/categories');
    await call(t.app, 'GET', '/no/such/route/at-all-xyz');
    const text = await scrape();
    expect(text).not.toContain('xyz');
    const count = (route: string, status: string) => sample(text, 'playfree_http_request_duration_seconds_count', { route, method: 'GET', status });
    expect(count('/api/games/:slug', '404')).toBe(2);
    expect(count('/api/categories', '200')).toBe(1);
    expect(sample(text, 'playfree_http_request_duration_seconds_bucket', { route: '/api/categories', le: '+Inf' })).toBe(1);
    expect(count('none', '404')).toBeGreaterThanOrEqual(1);
  });

  it('reads plays, builds, checkers and the pool from the services', async () => {
    const token = await signIn(t.app, 'metrics-player@example.com');
    const game = await call<{ id: number }>(t.app, 'GET', '/api/games/star-blaster');
    expect((await call(t.app, 'POST', `/api/games/${game.body.id}/play`, { token })).status).toBe(200);
    // A checker's report with a bad body still shows the checker reached the portal.
    const checkerToken = t.services.checkerTokens.issue();
    expect((await call(t.app, 'POST', '/api/checker/builds/1/checks', { token: checkerToken, body: {} })).status).toBe(400);
    const text = await scrape();
    expect(sample(text, 'playfree_plays_written_total')).toBe(1);
    expect(sample(text, 'playfree_plays_queued')).toBe(0);
    expect(sample(text, 'playfree_build_checkers_connected')).toBe(1);
    expect(sample(text, 'playfree_builds_waiting_for_checks')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'playfree_db_pool_waiting')).toBe(0);
    expect(sample(text, 'playfree_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
  });

  it('gives the search index lag behind a write made elsewhere, and 0 once caught up', async () => {
    const { searchIndex } = t.services.catalogCache;
    await searchIndex.ready(t.db.orm.em.fork());
    expect(sample(await scrape(), 'playfree_search_index_lag_seconds')).toBe(0);
    // Another server's write: this one's index has not looked yet.
    await t.db.orm.em.fork().getConnection().execute(`update games set title = title || ' Again' where slug = 'star-blaster'`);
    await new Promise((wait) => setTimeout(wait, 20));
    expect(sample(await scrape(), 'playfree_search_index_lag_seconds')).toBeGreaterThan(0.01);
    searchIndex.markStale();
    await searchIndex.ready(t.db.orm.em.fork());
    expect(sample(await scrape(), 'playfree_search_index_lag_seconds')).toBe(0);
  });

  it('counts ad impressions counted and refused, by reason', async () => {
    // The process's counter (process-metrics.ts): other files' apps in this process count too.
    const impressions = (text: string, labels: Record<string, string>) => sample(text, 'playfree_ad_impressions_total', { kind: 'slot', ...labels }) ?? 0;
    const before = await scrape();
    const headers = visitorCookie(7);
    const view = await call<{ pageViewId: string }>(t.app, 'POST', '/api/page-views', { headers, body: { path: '/' } });
    await t.db.orm.em.fork().getConnection().execute(`update page_views set created_at = created_at - interval '2 seconds' where id = ?`, [view.body.pageViewId]);
    const impression = (body: Record<string, unknown>) => call<{ counted: boolean }>(t.app, 'POST', '/api/ads/impressions', { headers, body });
    expect((await impression({ pageViewId: view.body.pageViewId, kind: 'slot', place: 'home', gameId: null })).body.counted).toBe(true);
    expect((await impression({ pageViewId: view.body.pageViewId, kind: 'slot', place: 'home', gameId: null })).body.counted).toBe(false);
    expect((await impression({ pageViewId: 'x'.repeat(22), kind: 'slot', place: 'home', gameId: null })).body.counted).toBe(false);
    const text = await scrape();
    const count = (labels: Record<string, string>) => impressions(text, labels) - impressions(before, labels);
    expect(count({ outcome: 'counted' })).toBe(1);
    expect(count({ outcome: 'refused', reason: 'repeat' })).toBe(1);
    expect(count({ outcome: 'refused', reason: 'no_page_view' })).toBe(1);
  });

  it('is not served on the portal itself', async () => {
    const response = await call(t.app, 'GET', '/metrics');
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain('playfree_');
  });

  it('wants the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await buildMetricsServer(t.services.metrics, 'a-metrics-token-of-some-length');
    try {
      const ask = (authorization?: string) => guarded.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect((await ask()).statusCode).toBe(401);
      expect((await ask('Bearer a-metrics-token-of-some-lengtH')).statusCode).toBe(401);
      expect((await ask('a-metrics-token-of-some-length')).statusCode).toBe(401);
      const allowed = await ask('Bearer a-metrics-token-of-some-length');
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('# TYPE playfree_http_request_duration_seconds histogram');
    } finally {
      await guarded.close();
    }
  });

  it('listens on the loopback address, PORT + 2, unless told otherwise', () => {
    expect(loadEnv({ PORT: '3000' })).toMatchObject({ METRICS_PORT: 3002, METRICS_HOST: '127.0.0.1' });
    expect(loadEnv({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
