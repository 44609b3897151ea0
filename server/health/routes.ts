/**
 * GET /api/health: the process is alive and serving (for a supervisor's liveness check).
 * GET /api/ready: the database answers and every migration is applied, and Redis answers when
 * REDIS_URL is set (for a load balancer: send traffic here or not). Neither is rate limited, so a
 * balancer polling every second never
 * gets a 429; both answer within READY_TIMEOUT_MS even when the database hangs.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { pendingMigrationCount, pingDatabase } from '../db/readiness';

const READY_TIMEOUT_MS = 2_000;

type ReadyProblem = { ready: false; reason: string };

async function checkReady(orm: MikroORM, redis: Redis | undefined): Promise<{ ready: true } | ReadyProblem> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ReadyProblem>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `The database${redis ? ' or Redis' : ''} did not answer within ${READY_TIMEOUT_MS / 1000} s` }), READY_TIMEOUT_MS);
  });
  const check = (async (): Promise<{ ready: true } | ReadyProblem> => {
    try {
      await pingDatabase(orm);
    } catch {
      return { ready: false, reason: 'The database is unavailable' };
    }
    const pending = await pendingMigrationCount(orm);
    if (pending > 0) return { ready: false, reason: `${pending} database migration(s) not applied yet` };
    // Rate limits and rooms live there (rooms already open go on without it; new ones cannot open).
    const redisDown: ReadyProblem = { ready: false, reason: 'Redis (REDIS_URL) is unavailable' };
    if (redis && (redis.status !== 'ready' || !(await redis.ping().then(() => true, () => false)))) return redisDown;
    return { ready: true };
  })().catch((): ReadyProblem => ({ ready: false, reason: 'The database is unavailable' }));
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, orm: MikroORM, redis?: Redis): void {
  app.get('/api/health', (_request, reply) => {
    void reply.header('Cache-Control', 'no-store').send({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
  app.get('/api/ready', async (_request, reply) => {
    const result = await checkReady(orm, redis);
    void reply.header('Cache-Control', 'no-store');
    if (result.ready) return reply.send({ status: 'ready' });
    return reply.code(503).header('Retry-After', '5').send({ message: result.reason });
  });
}

const healthResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] } } },
});
const unavailable = {
  description: 'Not ready: the database (or Redis, with REDIS_URL) is unavailable or migrations are pending (with Retry-After)',
  content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } },
};

/** Adds the two probes to the generated OpenAPI document (they are plain routes, not procedures). */
export function withHealthPaths<T>(document: T): T {
  const paths = ((document as { paths?: Record<string, unknown> }).paths ??= {});
  paths['/health'] = {
    get: { operationId: 'health', summary: 'Liveness: the process is up', tags: ['operations'], security: [], responses: { 200: healthResponse('Alive') } },
  };
  paths['/ready'] = {
    get: {
      operationId: 'ready',
      summary: 'Readiness: the database answers and every migration is applied',
      tags: ['operations'],
      security: [],
      responses: { 200: healthResponse('Ready for traffic'), 503: unavailable },
    },
  };
  return document;
}
