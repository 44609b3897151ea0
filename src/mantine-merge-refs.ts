import type { Ref, RefCallback } from 'react';
import { useMergedRef } from '@mantine/hooks';

/**
 * The `useMergeRefs` Mantine's ScrollArea takes from @floating-ui/react (vite.config.ts,
 * scrollAreaWithoutFloatingUi), done by Mantine's own `useMergedRef`: the same merged callback ref
 * (cleanups returned by React 19 refs included). Imported from floating-ui, it made every page
 * with a scroll area or a modal download the whole positioning library (14 KB) that only popovers,
 * menus and tooltips use.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> {
  return useMergedRef(...refs);
}
