import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram';

describe('RequestHistogram', () => {
  it('counts answers by route pattern, method and status, in cumulative buckets prom-client writes out', async () => {
    const app = Fastify();
    const histogram = new RequestHistogram();
    const registry = new Registry();
    histogram.registerIn(registry);
    histogram.measure(app);
    app.get('/games/:slug', async (request, reply) => ((request.params as { slug: string }).slug === 'gone' ? reply.code(404).send({}) : {}));
    app.post('/games/:slug', async () => ({}));
    await app.ready();
    for (const url of ['/games/a', '/games/b', '/games/gone', '/nowhere']) await app.inject({ method: 'GET', url });
    await app.inject({ method: 'POST', url: '/games/a' });
    await app.inject({ method: 'HEAD', url: '/games/a' });

    const text = await registry.metrics();
    expect(text).toContain('# TYPE playfree_http_request_duration_seconds histogram');
    const line = (name: string, labels: string) => text.split('\n').find((entry) => entry.startsWith(`playfree_http_request_duration_seconds_${name}{${labels}}`));
    expect(line('count', 'route="/games/:slug",method="GET",status="200"')).toMatch(/ 2$/);
    expect(line('count', 'route="/games/:slug",method="GET",status="404"')).toMatch(/ 1$/);
    expect(line('count', 'route="/games/:slug",method="POST",status="200"')).toMatch(/ 1$/);
    expect(line('count', 'route="/games/:slug",method="HEAD",status="200"')).toMatch(/ 1$/);
    expect(line('count', 'route="none",method="GET",status="404"')).toMatch(/ 1$/);
    // Cumulative: never fewer in a larger bucket; the 10 s bucket and +Inf hold both answers.
    const buckets = text.split('\n').filter((entry) => entry.startsWith('playfree_http_request_duration_seconds_bucket{route="/games/:slug",method="GET",status="200"'));
    expect(buckets).toHaveLength(12);
    const counts = buckets.map((entry) => Number(entry.split(' ').pop()));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(buckets.at(-2)).toMatch(/le="10"\} 2$/);
    expect(buckets.at(-1)).toMatch(/le="\+Inf"\} 2$/);
    expect(text).not.toContain('/games/a"');
  });
});
