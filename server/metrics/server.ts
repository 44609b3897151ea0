/**
 * GET /metrics on its own port (METRICS_HOST:METRICS_PORT, loopback by default): the Prometheus
 * convention (node_exporter, Immich, Grafana's own), which keeps the figures off the public
 * portal whatever its proxy forwards. With METRICS_TOKEN it also wants that bearer token, for a
 * metrics address other machines reach.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PortalMetrics } from './portal-metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

export async function buildMetricsServer(metrics: PortalMetrics, token?: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    // Compared as digests, in constant time: the answer's timing tells nothing of the token.
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'authorization: the metrics token is needed (Authorization: Bearer <METRICS_TOKEN>)' });
    }
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(await metrics.exposition());
  });
  app.setNotFoundHandler((_request, reply) => void reply.code(404).send({ message: 'Only /metrics is served here' }));
  await app.ready();
  return app;
}
