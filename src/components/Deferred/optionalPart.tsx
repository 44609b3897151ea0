import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A lazily loaded part of a page that the page can do without: the account menu, the rating panel,
 * the search suggestions. When its code cannot be fetched (the device went offline before it came,
 * or a deploy replaced the file) the part is left out. A plain `lazy` would throw to the route's
 * error boundary instead and replace the whole page, ending the game being played on a game page.
 * The code is asked for again when the device comes back online.
 *
 * `load` holds the `import()` alone: the build wraps it in its style-sheet preloader, so a style
 * sheet that failed to load rejects it too. `Missing` is rendered in the part's place meanwhile
 * (nothing by default).
 */
export function optionalPart<P extends object>(load: () => Promise<ComponentType<P>>, Missing: ComponentType<P> = () => null): ComponentType<P> {
  const listeners = new Set<() => void>();
  let current = attempt();

  function attempt(): LazyExoticComponent<ComponentType<P>> {
    return lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          console.warn('A part of the page was left out: its code could not be loaded', error);
          if (typeof window !== 'undefined') window.addEventListener('online', retry, { once: true });
          return { default: Missing };
        },
      ),
    );
  }

  function retry(): void {
    current = attempt();
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return function OptionalPart(props: P) {
    const Part = useSyncExternalStore(
      subscribe,
      () => current,
      () => current,
    );
    return <Part {...props} />;
  };
}
