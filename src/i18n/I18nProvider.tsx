import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DirectionProvider, useDirection } from '@mantine/core';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { localizedPath, splitLocalePath } from './addresses';
import { loadMessages, type Messages } from './catalogs';
import { rememberSupportedLocales } from './locale-support';
import { DEFAULT_LOCALE, directionOf, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from './locales';

type LocaleContextValue = {
  locale: Locale;
  /** Loads the locale's catalog, remembers the choice (cookie) and shows the page in it, at its address in that language. */
  switchLocale: (locale: Locale) => Promise<void>;
};

rememberSupportedLocales();

const LocaleContext = createContext<LocaleContextValue>({ locale: DEFAULT_LOCALE, switchLocale: async () => {} });

/** The visitor's language and the way to change it (the language switcher). */
export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/**
 * Missing translations are found by the catalogs test (src/i18n/catalogs.test.ts) and show the
 * English default meanwhile; anything else (a malformed message, a bad argument) is a bug to see.
 */
export const reportError: IntlConfig['onError'] = (error) => {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
};

/**
 * The language around the app: react-intl's provider with the locale's catalog (already loaded:
 * the server inlines it in the page, main.tsx loads it before the first render) and Mantine's
 * text direction, kept in step with `<html lang dir>`.
 */
export function I18nProvider({ locale: initialLocale, messages: initialMessages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const [{ locale, messages }, setCurrent] = useState({ locale: initialLocale, messages: initialMessages });
  const switchLocale = useCallback(async (next: Locale) => {
    const nextMessages = await loadMessages(next);
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
    // The same page at the new language's address (LocaleRouter then routes under its prefix).
    const { path } = splitLocalePath(location.pathname);
    history.replaceState(history.state, '', localizedPath(next, path + location.search) + location.hash);
    setCurrent({ locale: next, messages: nextMessages });
  }, []);
  const context = useMemo(() => ({ locale, switchLocale }), [locale, switchLocale]);

  return (
    <LocaleContext.Provider value={context}>
      <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages} onError={reportError}>
        <DirectionProvider initialDirection={directionOf(locale)} detectDirection={false}>
          <DocumentLanguage locale={locale} />
          {children}
        </DirectionProvider>
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

/** `<html lang dir>` after a switch (the server and public/boot.js set them before the first paint). */
function DocumentLanguage({ locale }: { locale: Locale }) {
  const { setDirection } = useDirection();
  useEffect(() => {
    document.documentElement.lang = locale;
    setDirection(directionOf(locale));
  }, [locale, setDirection]);
  return null;
}
