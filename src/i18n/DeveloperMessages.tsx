import { use, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Messages } from './catalogs';
import { reportError } from './I18nProvider';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

/**
 * The developer portal's and the admin dashboard's messages (ids under `developer.` and `admin.`)
 * live in catalogs of their own (src/i18n/locales/developer/{code}.json), one chunk per language,
 * imported from this module only: a player's page never downloads them, and each developer or
 * admin screen loads its language's on opening.
 */
const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  es: () => import('./locales/developer/es.json'),
  hi: () => import('./locales/developer/hi.json'),
  ar: () => import('./locales/developer/ar.json'),
  'pt-BR': () => import('./locales/developer/pt-BR.json'),
  fr: () => import('./locales/developer/fr.json'),
  de: () => import('./locales/developer/de.json'),
  it: () => import('./locales/developer/it.json'),
  nl: () => import('./locales/developer/nl.json'),
  pl: () => import('./locales/developer/pl.json'),
  ru: () => import('./locales/developer/ru.json'),
  tr: () => import('./locales/developer/tr.json'),
  id: () => import('./locales/developer/id.json'),
  vi: () => import('./locales/developer/vi.json'),
  ja: () => import('./locales/developer/ja.json'),
  ko: () => import('./locales/developer/ko.json'),
};

/** One load per language and visit; English is the code's defaults and loads nothing. */
const loading = new Map<Locale, Promise<Messages>>();
const NONE: Messages = {};

function developerMessages(locale: Locale): Promise<Messages> {
  let messages = loading.get(locale);
  if (!messages) {
    // A catalog that cannot load (offline, not cached) leaves these screens in English, not blank.
    messages = locale === 'en' ? Promise.resolve(NONE) : catalogs[locale]().then((module) => module.default, () => NONE);
    loading.set(locale, messages);
  }
  return messages;
}

/**
 * Around a developer or admin screen: the page's messages plus the developer catalog of its
 * language. The first render of a language suspends (the route's Suspense shows its fallback)
 * until the catalog has come; a language switch does so again without losing the screen's state.
 */
export function DeveloperMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const locale: Locale = isLocale(intl.locale) ? intl.locale : DEFAULT_LOCALE;
  const own = use(developerMessages(locale));
  const messages = useMemo(() => (own === NONE ? intl.messages : ({ ...intl.messages, ...own } as typeof intl.messages)), [intl.messages, own]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages} onError={reportError}>
      {children}
    </IntlProvider>
  );
}
