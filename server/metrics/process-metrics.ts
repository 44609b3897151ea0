/**
 * What the whole Node process reports, whichever portal app it runs (tests build several):
 * prom-client's default collectors (CPU, resident memory, heap by space, GC pauses, event-loop
 * delay, open handles), under their usual names, so the stock Node.js dashboards read them; and
 * the counters domain code bumps where it decides something (ad impressions counted or refused).
 */
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

let registry: Registry | undefined;

/** The process's registry, its default collectors started on first use. */
export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
    registry.registerMetric(adImpressions);
  }
  return registry;
}

const adImpressions = new Counter({
  name: 'playfree_ad_impressions_total',
  help: 'Ad impressions reported by browsers: counted, or refused with the reason',
  labelNames: ['kind', 'outcome', 'reason'] as const,
  registers: [],
});

/**
 * Notes an impression of a slot or a break as counted, or as refused for `refusal`: the ads
 * service's closed AdRefusal set (bounded label values), taken as text so this module needs no
 * import of the domain that calls it.
 */
export function countImpression(kind: 'slot' | 'break', refusal?: string): void {
  adImpressions.inc(refusal ? { kind, outcome: 'refused', reason: refusal } : { kind, outcome: 'counted' });
}
