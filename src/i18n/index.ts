/**
 * Languages of the web app (react-intl / FormatJS: ICU messages). The rule for every UI text:
 *
 *  - Write it in the component, in English, with an id: `<FormattedMessage id="header.signIn"
 *    defaultMessage="Sign In" />`, or for a prop or a string `const intl = useIntl();
 *    intl.formatMessage({ id: 'header.searchLabel', defaultMessage: 'Search games' })`, or a list of
 *    them with `defineMessages({ home: { id: 'nav.home', defaultMessage: 'Home' } })` and
 *    `intl.formatMessage(messages.home)`. Ids are `area.what` (area: the component or page), unique,
 *    and the id and defaultMessage are plain string literals (a test reads them from the code).
 *  - Variables, plurals and selects in ICU syntax: `{count, plural, one {{shown} game} other {{shown}
 *    games}}` with `values={{ count, shown: format.count(count) }}` (`useLocaleFormat`), not ICU's
 *    `#`: `#` makes an Intl number formatter, on an English page its first use of the browser's
 *    locale data (tens of milliseconds on a phone while the page is taken over); rich text with tags: `defaultMessage="Read the <link>rules</link>"` and `values={{ link:
 *    (chunks) => <Link to="/rules">{chunks}</Link> }}`. Never glue translated pieces together.
 *  - Dates and numbers through the locale: `<FormattedDate value={date} dateStyle="medium" />`,
 *    `<FormattedNumber value={plays} />` or `intl.formatDate` / `intl.formatNumber` (the browser's
 *    own Intl; no polyfills).
 *  - Not translated: what users wrote (game titles, descriptions, reviews, names) and the portal's
 *    name. Left as it came.
 *  - Each language's messages live in src/i18n/locales/{code}.json (id -> ICU message), except the
 *    developer portal's and the admin dashboard's (ids under `developer.` and `admin.`), which
 *    live in src/i18n/locales/developer/{code}.json and load only where a screen of theirs is
 *    wrapped in `<DeveloperMessages>` (players never download them); `npx vitest run src/i18n`
 *    lists every id of the code missing from either. A missing one shows the English default meanwhile.
 *  - Layout works right to left (Arabic): use logical CSS (`margin-inline-start`,
 *    `padding-inline-end`, `inset-inline-start`, `text-align: start`) and Mantine's `ms`/`me`/`ps`/`pe`
 *    props, not left/right; an arrow that points "forward" flips (`.mirror-in-rtl`, global.css).
 *
 * The locale is the cookie `locale` (the switcher's choice), else Accept-Language, else English
 * (negotiate.ts); the server renders each page in it and inlines its catalog (server/web/pages.ts).
 */
export { defineMessages, FormattedDate, FormattedMessage, FormattedNumber, FormattedRelativeTime, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
export { I18nProvider, useLocale } from './I18nProvider';
export { directionOf, isLocale, LOCALE_NAMES, LOCALES, type Locale } from './locales';
