/**
 * The benches' load generator, in a process of its own for each load (started by
 * `loadFromOwnProcess`, bench/support.ts), as an outside measure runs autocannon: it never
 * shares an event loop with the bench, the portal, the yardstick or the background plays, and
 * each load starts from a fresh process, as the autocannon command does. Told the load by IPC, it
 * answers its figures and exits.
 */
import autocannon from 'autocannon';
import type { LoadFigures, LoadRequest } from './support';

process.once('message', (load: LoadRequest) => {
  let next = 0;
  const paths = load.paths;
  const instance = autocannon(
    {
      url: load.url,
      connections: load.connections,
      duration: load.durationS,
      headers: load.headers,
      // The next request takes the next path, whichever connection sends it.
      requests: paths ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }] : undefined,
    },
    (error, result) => {
      if (error) throw error;
      const figures: LoadFigures = {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        sent: paths ? next : result.requests.sent,
      };
      process.send!(figures, () => process.exit(0));
    },
  );
  process.once('SIGTERM', () => instance.stop());
});
process.send!('ready');
