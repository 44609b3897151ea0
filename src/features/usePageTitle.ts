import { createContext, useContext } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { PORTAL_NAME } from '../../shared/constants';
import { useIntl } from '../i18n';

export function pageTitle(title?: string): string {
  return title ? `${title} | ${PORTAL_NAME}` : `${PORTAL_NAME} – Free Online Games`;
}

/**
 * On the server (entry-server.tsx), collects the title the rendered page sets, so the HTML's
 * `<title>` is the page's own before any script runs. A route handle's title wins over the page's,
 * as it does in the browser, where the layout's effect runs after the page's.
 */
export function createTitleCollector() {
  let handleTitle: string | undefined;
  let ownTitle: string | undefined;
  return {
    setHandleTitle: (title: string) => void (handleTitle = title),
    setPageTitle: (title: string) => void (ownTitle = title),
    title: () => handleTitle ?? ownTitle ?? pageTitle(),
  };
}
export const TitleCollectorContext = createContext<ReturnType<typeof createTitleCollector> | null>(null);

/** Sets document.title for the current route: the page's title, or without one the portal's, in the reader's language. */
export function usePageTitle(title?: string): void {
  const intl = useIntl();
  const text = title ? pageTitle(title) : intl.formatMessage({ id: 'pageTitle.portal', defaultMessage: '{portal} – Free Online Games' }, { portal: PORTAL_NAME });
  const collector = useContext(TitleCollectorContext);
  collector?.setPageTitle(text);
  useDocumentTitle(text);
}
