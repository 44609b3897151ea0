/**
 * The web app's way to the shared zod schemas (forms): zod's CSP-safe mode is set first
 * (zod-config.ts), and only the pages with a form load zod at all.
 */
import './zod-config';

export * from '../shared/schemas';
