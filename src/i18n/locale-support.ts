import { LOCALES } from './locales';

type LocalesArgument = string | readonly string[];
type Service = { supportedLocalesOf(locales: LocalesArgument, options?: { localeMatcher?: 'lookup' | 'best fit' }): string[] };

const ownLocales = new Set<string>(LOCALES);

/**
 * FormatJS asks `Intl.NumberFormat.supportedLocalesOf` (and DateTimeFormat's) when it sets up the
 * app's formatter and again for every message it formats, only to warn when the browser lacks a
 * language's data. On a phone the first call takes tens of milliseconds (the engine lists every
 * locale it has) and each later one about half a millisecond, hundreds of times while a page is
 * taken over. The answer for a list of locales never changes, so it is remembered; for the app's
 * own languages, whose data every browser ships, it is the list itself, without asking.
 */
function remembered(service: Service): void {
  const ask = service.supportedLocalesOf.bind(service);
  const answers = new Map<string, string[]>();
  service.supportedLocalesOf = (locales, options) => {
    if (options !== undefined) return ask(locales, options);
    const requested = typeof locales === 'string' ? [locales] : [...locales];
    const key = requested.join(',');
    let answer = answers.get(key);
    if (!answer) {
      answer = requested.every((locale) => ownLocales.has(locale)) ? [...new Set(requested)] : ask(locales);
      answers.set(key, answer);
    }
    return [...answer];
  };
}

let installed = false;

/** Installed once, before react-intl's provider first runs (I18nProvider.tsx). */
export function rememberSupportedLocales(): void {
  if (installed || typeof Intl === 'undefined') return;
  installed = true;
  remembered(Intl.NumberFormat);
  remembered(Intl.DateTimeFormat);
}
