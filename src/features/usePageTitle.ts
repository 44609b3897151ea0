import { useDocumentTitle } from '@mantine/hooks';
import { PORTAL_NAME } from '../../shared/constants';

export function pageTitle(title?: string): string {
  return title ? `${title} | ${PORTAL_NAME}` : `${PORTAL_NAME} – Free Online Games`;
}

/** Sets document.title for the current route. */
export function usePageTitle(title?: string): void {
  useDocumentTitle(pageTitle(title));
}
