/**
 * The portal's own metrics for Prometheus (served by metrics/server.ts): its requests by route
 * and status, the database pool, plays, build checks and the search index. Each portal app has
 * its own registry (tests build several in one process); the process-wide series are in
 * process-metrics.ts. Gauges are read when scraped, from what the services already know, so
 * keeping them costs the requests nothing; the request histogram is a few additions per answer.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import type { PoolStats } from '../db/orm';
import type { BuildCheckWorker } from '../domains/builds/check-worker';
import type { CatalogCache } from '../domains/games/cache';
import type { PlayRecorder } from '../domains/games/plays';
import type { MikroORM } from '@mikro-orm/postgresql';
import { processRegistry } from './process-metrics';
import { RequestHistogram } from './request-histogram';

/** What the metrics are read from (the app's services). */
export type MetricSources = {
  orm: MikroORM;
  poolStats(): PoolStats;
  plays: PlayRecorder;
  buildChecks: BuildCheckWorker;
  catalogCache: CatalogCache;
};

export class PortalMetrics {
  readonly registry = new Registry();
  private readonly requests = new RequestHistogram();

  constructor(sources: MetricSources) {
    this.requests.registerIn(this.registry);
    const registers = [this.registry];
    /** A gauge read when scraped. */
    const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    this.registry.registerMetric(
      new Counter({
        name: 'playfree_plays_written_total',
        help: 'Plays committed by this process (group commit, server/domains/games/plays.ts)',
        registers: [],
        collect() {
          this.reset();
          this.inc(sources.plays.written);
        },
      }),
    );
    gauge('playfree_db_pool_connections_in_use', 'Database connections running a query or a transaction for this process', () => sources.poolStats().inUse);
    gauge('playfree_db_pool_waiting', 'Queries waiting for a free database connection', () => sources.poolStats().waiting);
    gauge('playfree_plays_queued', 'Plays received and not yet committed', () => sources.plays.queued);
    gauge(
      'playfree_builds_waiting_for_checks',
      'Builds whose automatic checks have not finished, on every instance (uploads, and built-in games never checked yet)',
      async () => {
        // As claimBuildToCheck picks them.
        const [row] = await sources.orm.em
          .fork()
          .getConnection()
          .execute<{ waiting: number }[]>(`select count(*)::int as waiting from game_builds where status = 'CHECKING' or (status = 'APPROVED' and checks is null)`);
        return row?.waiting ?? 0;
      },
    );
    gauge('playfree_build_checkers_connected', 'Build checkers that reached this process within a check lease', () => sources.buildChecks.checkersConnected());
    gauge(
      'playfree_search_index_lag_seconds',
      'Age of the oldest catalog change the in-memory search index has not taken in (0 when caught up, or while the database answers searches)',
      () => sources.catalogCache.searchIndex.secondsBehind(sources.orm.em.fork()),
    );
  }

  /** Counts every answer of the app by route pattern, method and status (request-histogram.ts). */
  measureRequests(app: FastifyInstance): void {
    this.requests.measure(app);
  }

  /** Everything there is to scrape, in the Prometheus text format. */
  async exposition(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processRegistry().metrics()]);
    return `${process}\n${own}`;
  }

  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
}
