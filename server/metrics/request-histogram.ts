/**
 * The request histogram (playfree_http_request_duration_seconds), counted with a few additions
 * per answer and written out by prom-client's registry like any of its own metrics.
 *
 * prom-client's Histogram validates and hashes the labels on every observation, a labelled child
 * included; on a hot route (home at thousands of answers a second) that and Fastify's
 * per-access `request.routeOptions` object were some 6 % of the portal's time per request. Here
 * each route gets its own hook with its pattern fixed when the route is added, and a series is
 * looked up by method and status in that route's small map.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Histogram, Registry } from 'prom-client';

/** Seconds: from a cached answer (well under 5 ms) to the request timeout's neighbourhood. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched (a 404, or refused before routing). */
export const NO_ROUTE = 'none';

type Labels = { route: string; method: string; status: number };

/** One series: answers per bucket (each counted once, in the lowest bucket that holds it), their sum and count. */
class Series {
  readonly perBucket = new Float64Array(LATENCY_BUCKETS.length + 1);
  sum = 0;
  count = 0;
  constructor(readonly labels: Labels) {}

  observe(seconds: number): void {
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    this.perBucket[bucket]! += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

type Value = { metricName: string; labels: Record<string, string | number>; value: number };

export class RequestHistogram {
  readonly name = 'playfree_http_request_duration_seconds';
  readonly help = 'Time from receiving a request to sending its answer, by route pattern (never the raw URL), method and status; _count is the number of requests';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: Series[] = [];

  /** Adds this histogram to a registry: it is scraped through its get(), as prom-client's own are. */
  registerIn(registry: Registry): void {
    // The registry reads name, help, type, aggregator and get(); it has no type for a metric of one's own.
    registry.registerMetric(this as unknown as Histogram);
  }

  /** A counter of one route's answers by method and status. */
  private routeCounter(route: string): (request: FastifyRequest, reply: FastifyReply) => void {
    const byMethodAndStatus = new Map<string, Series>();
    return (request, reply) => {
      const key = `${request.method}${reply.statusCode}`;
      let series = byMethodAndStatus.get(key);
      if (!series) {
        series = new Series({ route, method: request.method, status: reply.statusCode });
        byMethodAndStatus.set(key, series);
        this.series.push(series);
      }
      series.observe(reply.elapsedTime / 1000);
    };
  }

  /** Counts every answer of `app` from here on: each route added later by its pattern, the rest as NO_ROUTE. */
  measure(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const count = this.routeCounter(route.url ?? NO_ROUTE);
      const hook: onResponseHookHandler = (request, reply, done) => {
        count(request, reply);
        done();
      };
      route.onResponse = route.onResponse === undefined ? [hook] : [...[route.onResponse].flat(), hook];
    });
    // A request no route matched is answered by the not-found handler, which has no onRoute.
    const unrouted = this.routeCounter(NO_ROUTE);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unrouted(request, reply);
      done();
    });
  }

  /** What prom-client's registry writes: cumulative buckets, then _sum and _count, per series. */
  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: Value[] }> {
    const values: Value[] = [];
    for (const { labels, perBucket, sum, count } of this.series) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, bucket) => {
        cumulative += perBucket[bucket]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
