/**
 * `npm run bench`: the hot reads on the built-in catalog (api.bench.ts);
 * `npm run bench -- --scale [--regenerate]`: the portal on a catalog of real size (scale/run.ts).
 */
await import(process.argv.includes('--scale') ? './scale/run' : './api.bench');

export {};
