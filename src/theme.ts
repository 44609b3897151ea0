import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS, TOOLTIP_DELAY_MS } from '../shared/constants';

export const theme = createTheme({
  primaryColor: 'violet',
  // Shade 7 keeps white text on filled violet at WCAG AA contrast (4.5:1; shade 6 is 4.26:1), and
  // autoContrast gives light filled colours (teal, yellow…) dark text instead of unreadable white.
  primaryShade: { light: 7, dark: 7 },
  autoContrast: true,
  // Where white and black text reach the same contrast: lighter backgrounds get black text.
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '800',
  },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Tooltip: { defaultProps: { openDelay: TOOLTIP_DELAY_MS, withArrow: true } },
    Card: { defaultProps: { withBorder: true } },
    // A link inside a sentence must stand out by more than its colour (WCAG 1.4.1, axe's
    // link-in-text-block): Mantine underlines only on hover.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

function readScheme(): 'light' | 'dark' | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.theme);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the colour scheme under the spec's `theme` key (light | dark), which public/boot.js reads before first paint. */
export function themeColorSchemeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue: MantineColorScheme) => readScheme() ?? defaultValue,
    set: (value: MantineColorScheme) => {
      if (value !== 'light' && value !== 'dark') return;
      try {
        window.localStorage.setItem(STORAGE_KEYS.theme, value);
      } catch {
        // Storage may be full or blocked: the choice then lasts for this page only.
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea === window.localStorage && event.key === STORAGE_KEYS.theme) {
          onUpdate(event.newValue === 'light' ? 'light' : 'dark');
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
      listener = null;
    },
    clear: () => {
      try {
        window.localStorage.removeItem(STORAGE_KEYS.theme);
      } catch {
        // ignore
      }
    },
  };
}
