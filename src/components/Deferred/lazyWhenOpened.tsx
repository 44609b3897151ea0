import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog or drawer whose code (and everything it imports) loads only once it is first opened,
 * then stays mounted so it can animate closed and open again at once.
 */
export function lazyWhenOpened<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyWhenOpened(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
