import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor } from '@mantine/core';
import { PORTAL_NAME } from '../../../../shared/constants';

// `[words](address)`: the one markup a document's text may hold.
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/**
 * A document's line of text: `{portal}` becomes the portal's name and `[words](address)` a link,
 * underlined so it stands out from the words around it by more than its colour (WCAG 1.4.1).
 * Addresses on the portal navigate inside the app.
 */
export function DocumentText({ text }: { text: string }) {
  const withName = text.replaceAll('{portal}', PORTAL_NAME);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of withName.matchAll(LINK)) {
    parts.push(withName.slice(last, match.index));
    const [, words, href] = match as unknown as [string, string, string];
    parts.push(
      href.startsWith('/') ? (
        <Anchor key={match.index} component={Link} to={href} underline="always">
          {words}
        </Anchor>
      ) : (
        <Anchor key={match.index} href={href} underline="always">
          {words}
        </Anchor>
      ),
    );
    last = match.index + match[0].length;
  }
  parts.push(withName.slice(last));
  return <Fragment>{parts}</Fragment>;
}
