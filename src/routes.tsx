import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AppLayout } from './components/AppLayout/AppLayout';
import { KidsLayout } from './components/KidsLayout/KidsLayout';
import { RouteError } from './components/RouteError/RouteError';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * Code-split a named page export (one chunk per route: the whole app is one 943 kB chunk otherwise).
 * `warm` pages (the header's destinations and the game page) are fetched once the browser is idle.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, warm = false) {
  if (warm) loaders.push(load);
  return lazy(async () => ({ default: (await load())[name] }));
}

/** Fetches the likeliest next pages' chunks once the browser is idle, so those navigations skip the spinner. */
export function preloadRoutes(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(loadAllPages, { timeout: 5_000 });
  else setTimeout(loadAllPages, 2_000);
}

function loadAllPages(): void {
  for (const load of loaders) void load().catch(() => undefined);
}

const HomePage = page(() => import('./pages/Home.page'), 'HomePage', true);
const GamePage = page(() => import('./pages/Game.page'), 'GamePage', true);
const CategoriesPage = page(() => import('./pages/Categories.page'), 'CategoriesPage', true);
const NewGamesPage = page(() => import('./pages/NewGames.page'), 'NewGamesPage', true);
const TrendingPage = page(() => import('./pages/Trending.page'), 'TrendingPage', true);
const KidsPage = page(() => import('./pages/Kids.page'), 'KidsPage', true);
const KidsPlayPage = page(() => import('./pages/KidsPlay.page'), 'KidsPlayPage');
const ReportPage = page(() => import('./pages/Report.page'), 'ReportPage');
const SubmitPage = page(() => import('./pages/Submit.page'), 'SubmitPage');
const DeveloperPage = page(() => import('./pages/Developer.page'), 'DeveloperPage');
const AdminLoginPage = page(() => import('./pages/AdminLogin.page'), 'AdminLoginPage');
const AdminPage = page(() => import('./pages/Admin.page'), 'AdminPage');
const SignInLinkPage = page(() => import('./pages/SignInLink.page'), 'SignInLinkPage');
const HelpPage = page(() => import('./pages/static/HelpPage.page'), 'HelpPage');
const ContactPage = page(() => import('./pages/static/ContactPage.page'), 'ContactPage');
const PrivacyPage = page(() => import('./pages/static/PrivacyPage.page'), 'PrivacyPage');
const TermsPage = page(() => import('./pages/static/TermsPage.page'), 'TermsPage');
const KidsSafetyPage = page(() => import('./pages/static/KidsSafetyPage.page'), 'KidsSafetyPage');
const RevenuePage = page(() => import('./pages/static/RevenuePage.page'), 'RevenuePage');
const ApiDocsPage = page(() => import('./pages/static/ApiDocsPage.page'), 'ApiDocsPage');
const GuidelinesPage = page(() => import('./pages/static/GuidelinesPage.page'), 'GuidelinesPage');
const NotFoundPage = page(() => import('./pages/static/NotFoundPage.page'), 'NotFoundPage');

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/games/:slug', element: <GamePage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/new', element: <NewGamesPage /> },
      { path: '/trending', element: <TrendingPage /> },
      { path: '/kids', element: <KidsPage /> },
      { path: '/help', element: <HelpPage />, handle: { title: 'Help Center' } },
      { path: '/contact', element: <ContactPage />, handle: { title: 'Contact Us' } },
      { path: '/report', element: <ReportPage /> },
      { path: '/privacy', element: <PrivacyPage />, handle: { title: 'Privacy Policy' } },
      { path: '/terms', element: <TermsPage />, handle: { title: 'Terms of Service' } },
      { path: '/kids-safety', element: <KidsSafetyPage />, handle: { title: 'Kids Safety' } },
      { path: '/submit', element: <SubmitPage /> },
      { path: '/developer', element: <DeveloperPage /> },
      { path: '/revenue', element: <RevenuePage />, handle: { title: 'Revenue Sharing' } },
      { path: '/api-docs', element: <ApiDocsPage />, handle: { title: 'API Documentation' } },
      { path: '/guidelines', element: <GuidelinesPage />, handle: { title: 'Game Guidelines' } },
      { path: '/admin-login', element: <AdminLoginPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/signin', element: <SignInLinkPage /> },
      { path: '/developer-portal', element: <Navigate to="/developer" replace /> },
      { path: '/game-guidelines', element: <Navigate to="/guidelines" replace /> },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } },
    ],
  },
  {
    element: <KidsLayout />,
    errorElement: <RouteError />,
    children: [{ path: '/kids/play/:slug', element: <KidsPlayPage /> }],
  },
]);
