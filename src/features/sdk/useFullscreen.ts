import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Marks the element that fills the window when the Fullscreen API is missing (iPhone Safari) or refused. */
export const FALLBACK_ATTRIBUTE = 'data-fullscreen';

export interface Fullscreen {
  active: boolean;
  toggle: () => void;
}

function nativeSupported(element: HTMLElement): boolean {
  return document.fullscreenEnabled === true && typeof element.requestFullscreen === 'function';
}

/**
 * Puts an element in fullscreen with the Fullscreen API, or, where the browser has none, makes it
 * cover the window (Escape or the same button leaves). `onEnter` runs once it is shown full size.
 * The element comes as a ref, read when needed: an element kept in state would render the player
 * again, synchronously, in the middle of the page's hydration.
 */
export function useFullscreen(elementRef: RefObject<HTMLElement | null>, onEnter?: () => void): Fullscreen {
  const [native, setNative] = useState(false);
  const [fallback, setFallback] = useState(false);

  useEffect(() => {
    const element = elementRef.current;
    const onChange = () => setNative(elementRef.current !== null && document.fullscreenElement === elementRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      // Leaving the page while in fullscreen must not leave the document in it.
      if (element && document.fullscreenElement === element) void document.exitFullscreen().catch(() => undefined);
    };
  }, [elementRef]);

  useEffect(() => {
    const element = elementRef.current;
    if (!element || !fallback) return undefined;
    element.setAttribute(FALLBACK_ATTRIBUTE, 'fallback');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFallback(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      element.removeAttribute(FALLBACK_ATTRIBUTE);
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [elementRef, fallback]);

  const toggle = useCallback(() => {
    const element = elementRef.current;
    if (!element) return;
    if (document.fullscreenElement === element) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    if (fallback) {
      setFallback(false);
      return;
    }
    if (!nativeSupported(element)) {
      setFallback(true);
      onEnter?.();
      return;
    }
    element.requestFullscreen().then(
      () => onEnter?.(),
      () => {
        setFallback(true);
        onEnter?.();
      },
    );
  }, [elementRef, fallback, onEnter]);

  return { active: native || fallback, toggle };
}
