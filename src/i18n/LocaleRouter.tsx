import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { basenameOf } from './addresses';
import { useLocale } from './I18nProvider';

/**
 * The browser's router under the page's language prefix (`/fr`): every page, link and navigation
 * of the app keeps its English path and stays in the language. A switch of language makes a new
 * router on the new prefix (I18nProvider has already moved the address there).
 */
export function LocaleRouter({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <BrowserRouter key={locale} basename={basenameOf(locale)}>
      {children}
    </BrowserRouter>
  );
}
