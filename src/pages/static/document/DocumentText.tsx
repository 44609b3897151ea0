import { Fragment, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor } from '@mantine/core';
import { DEFAULT_AGE_RATING, PORTAL_NAME } from '../../../../shared/constants';
import { RATING_LABELS } from './ratings';
import { scrollToSection } from './scrollToSection';

// `[words](address)`: the one markup a document's text may hold.
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** What a document's `{name}`s stand for (src/content/documents.ts). */
const PLACEHOLDERS: Record<string, string> = { portal: PORTAL_NAME, defaultRating: RATING_LABELS[DEFAULT_AGE_RATING] };

/** A document's text with its `{portal}` and `{defaultRating}` filled in, and any `values` of a live part (`{term}`). */
export function fillIn(text: string, values: Record<string, string> = {}): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (placeholder, name: string) => values[name] ?? PLACEHOLDERS[name] ?? placeholder);
}

/** An `<a>` to `href` that goes through the router for an address on the portal; Mantine's Anchor and Button render as it (`component={HrefLink}`). */
export function HrefLink({ href, ...props }: ComponentProps<'a'> & { href: string }) {
  return href.startsWith('/') ? <Link to={href} {...props} /> : <a href={href} {...props} />;
}

/** A link in a document: on the portal it navigates inside the app, `#id` scrolls to a section of the page. */
export function DocumentAnchor({ href, children, ...props }: { href: string; children: ReactNode; underline?: 'always'; inherit?: boolean; fz?: string; fw?: number }) {
  const toSection = href.startsWith('#')
    ? (event: MouseEvent) => {
        event.preventDefault();
        scrollToSection(href.slice(1));
      }
    : undefined;
  return (
    <Anchor component={HrefLink} href={href} onClick={toSection} {...props}>
      {children}
    </Anchor>
  );
}

/**
 * A document's line of text: placeholders filled in and `[words](address)` a link in the size of the
 * words around it, underlined so it stands out from them by more than its colour (WCAG 1.4.1).
 */
export function DocumentText({ text }: { text: string }) {
  const filled = fillIn(text);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of filled.matchAll(LINK)) {
    parts.push(filled.slice(last, match.index));
    const [, words, href] = match as unknown as [string, string, string];
    parts.push(
      <DocumentAnchor key={match.index} href={href} underline="always" inherit>
        {words}
      </DocumentAnchor>,
    );
    last = match.index + match[0].length;
  }
  parts.push(filled.slice(last));
  return <Fragment>{parts}</Fragment>;
}
