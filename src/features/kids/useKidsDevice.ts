import { trpc } from '../../trpc';

/**
 * This device as the server knows it: paired with a parent's account (its profile's limits apply,
 * the server counts its play and holds it in the zone) or not (the device-only lock in this
 * browser's storage). Asked in the browser only: the device cookie is httpOnly, and pages are
 * rendered on the server for everyone alike.
 */
export function useKidsDevice() {
  const device = trpc.family.device.useQuery(undefined, { staleTime: 30_000, refetchInterval: 60_000 });
  return { device: device.data, paired: device.data?.paired === true, pending: device.isPending };
}
