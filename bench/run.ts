/**
 * `npm run bench`: a first visit's download (weight.bench.ts), the hot reads on the built-in catalog (api.bench.ts), then uploads and checks of builds (builds.bench.ts);
 * then an engine's 30 MB brotli export served (engine-serving.bench.ts; alone with `--engine-serving`);
 * then the real-time rooms under bots (rooms.bench.ts; alone with `--rooms`);
 * `npm run bench -- --scale [--regenerate]`: the portal on a catalog of real size (scale/run.ts).
 * `--quick` (either mode): one short round each, and in scale mode a catalog a tenth the size,
 * to try the bench out; `--help` prints this.
 */
if (process.argv.includes('--help')) {
  console.info(`npm run bench [-- options]
  (none)        what a phone downloads first: the first-load JavaScript of / (gzipped, goal
                170 KB) and the service worker's precache (brotli, goal 400 KB), from a build
                in a temporary folder; then the hot /api and /trpc reads on the built-in catalog of a
                portal started as npm start serves it, against a bare Fastify route in a process of its own; 5 rounds of 5 s each (BENCH_ROUNDS, BENCH_DURATION); then
                uploaded builds: the 16 built-in games uploaded through /api/v1 (MB/s) and their
                automatic checks in headless Chromium (seconds each), and 3 uploads of a 100 MB
                build (BENCH_LARGE_BUILD_MB); then a Unity-style 30 MB brotli build: page opened to its
                first frame, bytes sent against bytes stored, memory while 50 clients download it;
                then the real-time rooms (below)
  --hot-reads   only the hot /api and /trpc reads on the built-in catalog (bench/api.bench.ts)
  --engine-serving  only the Unity-style build part (bench/engine-serving.bench.ts)
  --feeds      only the feeds import (bench/feeds.bench.ts): a 10,000-item feed with thumbnails from a
                local feed server; BENCH_DATABASE_URL to import into that PostgreSQL's catalog
  --rooms       only the real-time rooms (bench/rooms.bench.ts): bots in processes of their own,
                rooms of 4 players each sending 20 messages/s, stepped up (50, 100, 150, 200, 250,
                300, 400, …) until the one-way latency's p99 passes 50 ms, on a portal as npm start
                runs it and on a bare ws relay (the added latency), with messages/s per core and memory
                per room; 60 s of in-order delivery; then two portal instances sharing Redis
                (BENCH_ROOMS_REDIS_URL, default redis://127.0.0.1:6379/12, flushed): 100 invite-only
                rooms opened through one and joined through the other, and the same load;
                writes the rooms entry of bench/results.json (BENCH_ROOMS_STEPS, BENCH_ROOMS_SECONDS,
                BENCH_ROOMS_ORDER_SECONDS, BENCH_ROOMS_BOT_PROCESSES change the scale)
  --scale       the portal on PostgreSQL with 100,000 generated games (BENCH_DATABASE_URL, default
                postgres://postgres@127.0.0.1:5432/playfree_bench; reused once generated): uncached
                lists, searches (a varied mix at 32 connections and one at a time), suggestions,
                game pages, and home and the web app's /trpc home while 100 plays/s arrive (sent from a process of their own), against
                the bare route (3 rounds of 10 s; each ratio against the bare route measured alone,
                the goals' figure, and measured under the same plays), then npm run
                db:rebuild-stats on the live database while plays arrive;
                writes bench/results.json
  --regenerate  (with --scale) build the catalog again
  --freshness-only  (with --scale) only how soon search sees a catalog change (bench/scale/freshness.ts),
                its figures in the temporary folder, not bench/results.json
  --no-freshness  (with --scale) everything but that part
  --quick       one round of 2-3 s each (rooms: 10, 25 and 50 rooms, 5 s each, 20 s in order,
                figures in the temporary folder); with --scale, a catalog of 10,000 games in its own
                database (<name>_quick) and results in the temporary folder, not bench/results.json
Both print a table of figures with a pass or fail per goal and exit 1 when a goal is missed.`);
} else {
  if (process.argv.includes('--scale')) await import('./scale/run');
  else if (process.argv.includes('--engine-serving')) await import('./engine-serving.bench');
  else if (process.argv.includes('--feeds')) await import('./feeds.bench');
  else if (process.argv.includes('--rooms')) await import('./rooms.bench');
  else if (process.argv.includes('--hot-reads')) await import('./api.bench');
  else {
    await import('./weight.bench');
    const weight = process.exitCode;
    await import('./api.bench');
    const hotReads = process.exitCode;
    await import('./builds.bench');
    const builds = process.exitCode;
    await import('./engine-serving.bench');
    const engineServing = process.exitCode;
    await import('./rooms.bench');
    process.exitCode = weight || hotReads || builds || engineServing || process.exitCode;
  }
}

export {};
