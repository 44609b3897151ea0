import type { AdSettings } from '../../../shared/ads';
import { trpc } from '../../trpc';

/** The operator's ad settings (server/env.ts), rendered into the page's first data; undefined until known. */
export function useAdSettings(): AdSettings | undefined {
  return trpc.ads.settings.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY }).data;
}
