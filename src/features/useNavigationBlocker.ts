import { useContext, useEffect, useRef, useState } from 'react';
import { parsePath, UNSAFE_NavigationContext, type Navigator, type Path, type To } from 'react-router-dom';
import { setPopStateGuard } from './popstate-guard';

export type NavigationBlocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  /** `proceed` lets the held navigation happen; `reset` drops it. */
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: NavigationBlocker = { state: 'unblocked' };

/**
 * Holds the app's navigations for which `shouldBlock` says yes, until the visitor answers: those
 * of links and `navigate()`, and the browser's Back and Forward buttons. (react-router's own
 * useBlocker needs its data router, which doubles the router's share of the first page load.)
 */
export function useNavigationBlocker(shouldBlock: (next: Path) => boolean): NavigationBlocker {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [blocker, setBlocker] = useState(UNBLOCKED);
  const latestShouldBlock = useRef(shouldBlock);
  useEffect(() => {
    latestShouldBlock.current = shouldBlock;
  }, [shouldBlock]);

  useEffect(
    () =>
      holdNavigations(
        navigator,
        (next) => latestShouldBlock.current(next),
        (proceed) =>
          setBlocker({
            state: 'blocked',
            proceed: () => {
              setBlocker(UNBLOCKED);
              proceed();
            },
            reset: () => setBlocker(UNBLOCKED),
          }),
      ),
    [navigator],
  );

  return blocker;
}

/**
 * Makes BrowserRouter's navigator and the browser's Back and Forward ask `shouldBlock` first; a
 * navigation it blocks is handed to `onBlocked` to let it go on later. Returns the undoing function.
 */
function holdNavigations(navigator: Navigator, shouldBlock: (next: Path) => boolean, onBlocked: (proceed: () => void) => void): () => void {
  const { push, replace } = navigator;
  /** The position of the entry shown, to know how far a Back or Forward goes. */
  let index = historyIndex();
  /** The popstate of going back to the entry a blocked Back or Forward left: nothing happened for the app. */
  let reverting = false;
  let afterRevert: (() => void) | undefined;
  /** The popstate of a blocked Back or Forward let go on: the app goes there. */
  let proceeding = false;

  // Links and navigate() call the navigator's push and replace.
  const guard =
    (navigate: Navigator['push']): Navigator['push'] =>
    (to, state, options) => {
      const go = () => {
        navigate(to, state, options);
        index = historyIndex();
      };
      if (shouldBlock(pathOf(to))) onBlocked(go);
      else go();
    };
  navigator.push = guard(push);
  navigator.replace = guard(replace);

  // Back and Forward have already moved the browser when popstate fires: a blocked one is kept
  // from the router and the browser goes back to the entry the visitor was on, as react-router's
  // data router does.
  const onPopState = (event: PopStateEvent) => {
    const next = historyIndex();
    if (reverting) {
      event.stopImmediatePropagation();
      reverting = false;
      afterRevert?.();
      afterRevert = undefined;
      return;
    }
    // An entry BrowserRouter did not make (an in-page #link) has no index: let it through, as the data router did.
    const delta = next !== null && index !== null ? next - index : 0;
    if (proceeding || !delta || !shouldBlock(pathOf(window.location))) {
      proceeding = false;
      index = next;
      return;
    }
    event.stopImmediatePropagation();
    reverting = true;
    window.history.go(-delta);
    const replay = () => {
      proceeding = true;
      window.history.go(delta);
    };
    onBlocked(() => {
      if (reverting) afterRevert = replay;
      else replay();
    });
  };
  setPopStateGuard(onPopState);

  return () => {
    navigator.push = push;
    navigator.replace = replace;
    setPopStateGuard(undefined);
  };
}

/** The position of the current history entry, which BrowserRouter keeps in history.state. */
function historyIndex(): number | null {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

function pathOf(to: To | Location): Path {
  const { pathname = '/', search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  return { pathname, search, hash };
}
