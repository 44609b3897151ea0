import { createContext, useContext } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from './i18n';

/** What a route may say about itself (AppLayout reads the title; the server's renderer browserOnly). */
export type RouteHandle = {
  /**
   * The page's document title: a message, in the reader's language (the page's own title message,
   * so the tab and the server-rendered `<title>` say what the page's heading says); a plain string
   * for the pages left in English (developers', admin's).
   */
  title?: MessageDescriptor | string;
  /**
   * Forms and the signed-in user's own pages: nothing on them is the same for everyone, and a
   * form typed into before the app has taken the page over would lose what was typed. The
   * server sends the app shell for them and the browser renders them.
   */
  browserOnly?: boolean;
  /** The page shows something of the visitor's country (trending there): the server renders it per country. */
  byCountry?: boolean;
};

/**
 * The handle of the route shown, provided by AppRoutes (routes.tsx): a context rather than an
 * import of the routes, which import the layouts that read it.
 */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

export function useRouteHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}

/** The shown route's title in the reader's language (the tab's, and a static page's heading), if it has one. */
export function useRouteTitle(): string | undefined {
  const intl = useIntl();
  const title = useRouteHandle()?.title;
  return typeof title === 'object' ? intl.formatMessage(title) : title;
}
