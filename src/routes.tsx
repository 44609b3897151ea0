import { isValidElement, lazy, useEffect, useMemo, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from './components/AppLayout/AppLayout';
import { KidsLayout } from './components/KidsLayout/KidsLayout';
import { PageViewTracker } from './features/analytics/PageViewTracker';
import { releaseEarlyInput } from './early-input';
import { pageModules } from './page-modules';
import { RouteErrorBoundary } from './components/RouteError/RouteErrorBoundary';
import { defineMessages } from './i18n';
import { splitLocalePath } from './i18n/addresses';
import { RouteHandleContext, type RouteHandle } from './route-handle';
import { whenIdle } from './when-idle';

const loaders: (() => Promise<unknown>)[] = [];
/** Each page component made by `page()`: its source file and how to load it. */
const pages = new Map<unknown, { source: string; load: () => Promise<ComponentType> }>();

/**
 * Code-split a named page export (one chunk per route: the whole app is one 943 kB chunk otherwise).
 * `warm` pages (the header's destinations and the game page) are fetched ahead (preloadRoutesAfterFirstInteraction).
 * Once its chunk has loaded the page renders at once, without suspending: a server-rendered page
 * whose chunk was loaded first (preloadMatchedPages) hydrates in one go, so an early tap is not lost.
 */
function page(path: string, name: string, warm = false) {
  const loadModule = pageModules[path];
  if (!loadModule) throw new Error(`No page module ${path}`);
  if (warm) loaders.push(loadModule);
  let loaded: ComponentType | undefined;
  const load = async () => {
    const component = (await loadModule())[name];
    if (!component) throw new Error(`${path} exports no ${name}`);
    return (loaded = component);
  };
  const Lazy = lazy(async () => ({ default: await load() }));
  function Page() {
    // Runs once this page is live: hydrated (React hydrates the page's Suspense boundary after the
    // layout around it) or rendered. A tap held from before then (public/boot.js) is replayed now.
    useEffect(releaseEarlyInput, []);
    const Loaded = loaded ?? Lazy;
    return <Loaded />;
  }
  pages.set(Page, { source: `src/${path.slice(2)}`, load });
  return Page;
}

/** The source file of a page component made by `page()` (`src/pages/Home.page.tsx`), for the server to link its styles. */
export function pageSource(component: unknown): string | undefined {
  return pages.get(component)?.source;
}

/** Loads the chunks of the pages at `pathname` (before a server-rendered page is hydrated). */
export async function preloadMatchedPages(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, splitLocalePath(pathname).path) ?? [];
  await Promise.all(matches.map(({ route }) => (isValidElement(route.element) ? pages.get(route.element.type)?.load() : undefined)));
}

/**
 * Fetches the likeliest next pages' chunks so those navigations skip the spinner, but only once the
 * visitor has interacted with the page and only on a fast connection that is not saving data: on a
 * phone on 3G, chunks fetched on speculation would compete with the page being opened.
 */
export function preloadRoutesAfterFirstInteraction(): void {
  const start = () => {
    for (const type of interactions) window.removeEventListener(type, start, true);
    if (!onFastConnection()) return;
    whenIdle(loadAllPages, 5_000);
  };
  for (const type of interactions) window.addEventListener(type, start, { capture: true, passive: true });
}

const interactions = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

type NetworkInformation = { effectiveType?: string; saveData?: boolean };

function onFastConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  // Browsers without the Network Information API (Safari, Firefox) are given the benefit of the doubt.
  if (!connection) return true;
  return !connection.saveData && (connection.effectiveType === undefined || connection.effectiveType === '4g');
}

function loadAllPages(): void {
  for (const load of loaders) void load().catch(() => undefined);
}

const HomePage = page('./pages/Home.page.tsx', 'HomePage', true);
const GamePage = page('./pages/Game.page.tsx', 'GamePage', true);
const CategoriesPage = page('./pages/Categories.page.tsx', 'CategoriesPage', true);
const NewGamesPage = page('./pages/NewGames.page.tsx', 'NewGamesPage', true);
const TrendingPage = page('./pages/Trending.page.tsx', 'TrendingPage', true);
const TagPage = page('./pages/Tag.page.tsx', 'TagPage');
const KidsPage = page('./pages/Kids.page.tsx', 'KidsPage', true);
const KidsPlayPage = page('./pages/KidsPlay.page.tsx', 'KidsPlayPage');
const KidsLockedPage = page('./pages/KidsLocked.page.tsx', 'KidsLockedPage');
const FamilyPage = page('./pages/Family.page.tsx', 'FamilyPage');
const ReportPage = page('./pages/Report.page.tsx', 'ReportPage');
const SubmitPage = page('./pages/Submit.page.tsx', 'SubmitPage');
const DeveloperPage = page('./pages/Developer.page.tsx', 'DeveloperPage');
const FavoritesPage = page('./pages/Favorites.page.tsx', 'FavoritesPage');
const RecentlyPlayedPage = page('./pages/RecentlyPlayed.page.tsx', 'RecentlyPlayedPage');
const CollectionsPage = page('./pages/Collections.page.tsx', 'CollectionsPage');
const CollectionPage = page('./pages/Collection.page.tsx', 'CollectionPage');
const AccountPage = page('./pages/Account.page.tsx', 'AccountPage');
const AdminLoginPage = page('./pages/AdminLogin.page.tsx', 'AdminLoginPage');
const AdminPage = page('./pages/Admin.page.tsx', 'AdminPage');
const SignInLinkPage = page('./pages/SignInLink.page.tsx', 'SignInLinkPage');
const NewsletterConfirmPage = page('./pages/Newsletter.page.tsx', 'NewsletterConfirmPage');
const NewsletterUnsubscribePage = page('./pages/Newsletter.page.tsx', 'NewsletterUnsubscribePage');
const HelpPage = page('./pages/static/HelpPage.page.tsx', 'HelpPage');
const ContactPage = page('./pages/static/ContactPage.page.tsx', 'ContactPage');
const PrivacyPage = page('./pages/static/PrivacyPage.page.tsx', 'PrivacyPage');
const TermsPage = page('./pages/static/TermsPage.page.tsx', 'TermsPage');
const KidsSafetyPage = page('./pages/static/KidsSafetyPage.page.tsx', 'KidsSafetyPage');
const RevenuePage = page('./pages/static/RevenuePage.page.tsx', 'RevenuePage');
const ApiDocsPage = page('./pages/static/ApiDocsPage.page.tsx', 'ApiDocsPage');
const GuidelinesPage = page('./pages/static/GuidelinesPage.page.tsx', 'GuidelinesPage');
const NotFoundPage = page('./pages/static/NotFoundPage.page.tsx', 'NotFoundPage');

/** Old addresses and where they moved (the server answers them with a redirect too). */
export const redirects: Record<string, string> = {
  '/developer-portal': '/developer',
  '/game-guidelines': '/guidelines',
};

/** The titles of the pages' tabs: each page's own title message (same id and text). */
const titles = defineMessages({
  help: { id: 'help.title', defaultMessage: 'Help Center' },
  contact: { id: 'contact.title', defaultMessage: 'Contact Us' },
  privacy: { id: 'privacy.title', defaultMessage: 'Privacy Policy' },
  terms: { id: 'terms.title', defaultMessage: 'Terms of Service' },
  kidsSafety: { id: 'kidsSafety.title', defaultMessage: 'Kids Safety' },
  family: { id: 'family.title', defaultMessage: 'Kids Zone for parents' },
  newsletterConfirm: { id: 'newsletterPage.confirmTitle', defaultMessage: 'Confirm Newsletter' },
  unsubscribe: { id: 'newsletterPage.unsubscribe', defaultMessage: 'Unsubscribe' },
  notFound: { id: 'notFound.pageTitle', defaultMessage: 'Page Not Found' },
  guidelines: { id: 'guidelines.title', defaultMessage: 'Game Guidelines' },
});

const browserOnly: RouteHandle = { browserOnly: true };
/** Pages showing the visitor's country's trending games, rendered per country. */
const byCountry: RouteHandle = { byCountry: true };

/**
 * Every route of the web app: the browser's router (main.tsx) and the server's renderer
 * (entry-server.tsx) share them. A page that throws shows RouteError in place of its layout.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { path: '/', element: <HomePage />, handle: byCountry },
      { path: '/games/:slug', element: <GamePage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/new', element: <NewGamesPage /> },
      { path: '/trending', element: <TrendingPage />, handle: byCountry },
      { path: '/tags/:tag', element: <TagPage /> },
      { path: '/help', element: <HelpPage />, handle: { title: titles.help } },
      { path: '/contact', element: <ContactPage />, handle: { title: titles.contact, browserOnly: true } },
      { path: '/report', element: <ReportPage />, handle: browserOnly },
      { path: '/privacy', element: <PrivacyPage />, handle: { title: titles.privacy } },
      { path: '/terms', element: <TermsPage />, handle: { title: titles.terms } },
      { path: '/kids-safety', element: <KidsSafetyPage />, handle: { title: titles.kidsSafety } },
      { path: '/submit', element: <SubmitPage />, handle: browserOnly },
      { path: '/developer', element: <DeveloperPage />, handle: browserOnly },
      { path: '/favorites', element: <FavoritesPage />, handle: browserOnly },
      { path: '/recent', element: <RecentlyPlayedPage />, handle: browserOnly },
      { path: '/collections', element: <CollectionsPage />, handle: browserOnly },
      { path: '/collections/:id', element: <CollectionPage />, handle: browserOnly },
      { path: '/account', element: <AccountPage />, handle: browserOnly },
      { path: '/family', element: <FamilyPage />, handle: { title: titles.family, browserOnly: true } },
      { path: '/revenue', element: <RevenuePage />, handle: { title: 'Revenue Sharing' } },
      { path: '/api-docs', element: <ApiDocsPage />, handle: { title: 'API Documentation' } },
      { path: '/guidelines', element: <GuidelinesPage />, handle: { title: titles.guidelines } },
      { path: '/admin-login', element: <AdminLoginPage />, handle: browserOnly },
      { path: '/admin', element: <AdminPage />, handle: browserOnly },
      { path: '/signin', element: <SignInLinkPage />, handle: browserOnly },
      { path: '/newsletter/confirm', element: <NewsletterConfirmPage />, handle: { title: titles.newsletterConfirm, browserOnly: true } },
      { path: '/newsletter/unsubscribe', element: <NewsletterUnsubscribePage />, handle: { title: titles.unsubscribe, browserOnly: true } },
      ...Object.entries(redirects).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
      { path: '*', element: <NotFoundPage />, handle: { title: titles.notFound } },
    ],
  },
  {
    element: (
      <RouteErrorBoundary>
        <KidsLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { path: '/kids', element: <KidsPage /> },
      { path: '/kids/play/:slug', element: <KidsPlayPage /> },
      { path: '/kids/locked', element: <KidsLockedPage /> },
    ],
  },
];

/** The route at the current address, inside the browser's or the server's router, with its handle for the layouts. */
export function AppRoutes() {
  const location = useLocation();
  const handle = useMemo(() => matchRoutes(routes, location)?.at(-1)?.route.handle as RouteHandle | undefined, [location]);
  const element = useRoutes(routes, location);
  return (
    <RouteHandleContext.Provider value={handle}>
      <PageViewTracker />
      {element}
    </RouteHandleContext.Provider>
  );
}
