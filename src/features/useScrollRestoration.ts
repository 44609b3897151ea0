import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'playfree.scroll-positions';

/** Scroll positions by history entry (location.key); sessionStorage keeps them across a reload. */
let positions: Record<string, number> | undefined;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/**
 * What the browser does for pages of its own, for the app's navigations (in a layout): a new
 * address opens at the top, or at the element its `#hash` names; Back, Forward and a reload return
 * to where that history entry was scrolled to.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownKey = useRef(location.key);

  // Before paint, as the page of the new address first shows: content that arrives later
  // (a page's code, its data) may leave it short of the saved position.
  useLayoutEffect(() => {
    // Still the key the page was opened at: no navigation has happened yet.
    const opened = shownKey.current === location.key;
    shownKey.current = location.key;
    const saved = navigationType === NavigationType.Pop ? savedPositions()[location.key] : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    // The address the page was opened at: the browser has placed it (at the top, at its #hash, or
    // where a reload left it), and scrolling here would only force a layout in the middle of hydration.
    if (opened) return;
    const target = location.hash ? elementOfHash(location.hash) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Saved as the visitor scrolls: by the time a navigation renders, the next page has replaced
    // this one and the window may already have scrolled.
    const save = () => void (savedPositions()[shownKey.current] = window.scrollY);
    const persist = () => {
      save();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or disabled: positions then last as long as the page.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);
}

function elementOfHash(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // Not a decodable id (a stray `%`): no element to scroll to.
    return null;
  }
}
