import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` for this app (vite.config.ts, mantineIdsFromReact): the id React gives, as
 * Mantine's own starts with, kept. Mantine then swaps it for a random one in a layout effect,
 * a leftover from React versions without `useId`; after hydration that swap re-renders every
 * input, rating, radio and segmented control synchronously, one long task on a phone, and changes
 * ids the server rendered. React's ids already match between the server and the browser.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
