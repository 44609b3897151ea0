import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * tsx's loader, for a child process that runs one of the portal's TypeScript files (the build
 * checker, a check's worker, the thumbnail process) as the portal itself runs: named here rather
 * than taken from process.execArgv, which has no loader under Vitest.
 */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
