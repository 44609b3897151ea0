/**
 * The line `npm start` ends its start-up with: where the portal, its games and its metrics are,
 * and, when the build checks cannot run in a browser here, that they are off and why (a newcomer
 * reads this line, not the ones above it).
 */
export type ReadyFacts = {
  publicUrl: string;
  gamesUrl: string;
  /** Where /metrics answers, or null when METRICS_PORT=0. */
  metricsUrl: string | null;
  metricsToken: boolean;
  /** Why the build checks cannot load games in a browser (server/checker/local.ts), or null. */
  checksOff: string | null;
};

export function readyLine({ publicUrl, gamesUrl, metricsUrl, metricsToken, checksOff }: ReadyFacts): string {
  const metrics = metricsUrl ? `metrics at ${metricsUrl}${metricsToken ? ' (with METRICS_TOKEN)' : ''}` : 'metrics off (METRICS_PORT=0)';
  const line = `The portal is ready at ${publicUrl}, games at ${gamesUrl}; ${metrics}`;
  return checksOff ? `${line}. ${checksOff}` : line;
}
