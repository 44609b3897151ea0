/**
 * Why a sync failed (feeds.last_error) and why it refused an item (the report's refusals) are
 * stored in English, as the fetcher and the adapters write them; the admin reads them in their own
 * language: each is found back as the message it was written from (server/i18n/feed-messages.ts).
 */
import type { Locale } from '../../../src/i18n/locales';
import { FEED_MESSAGES } from '../../i18n/feed-messages';
import { storedEnglish } from '../../i18n/stored-english';

/** The message a stored problem or refusal was written from, with its arguments; null for one no message fits. */
export const storedFeedText = storedEnglish(Object.keys(FEED_MESSAGES) as (keyof typeof FEED_MESSAGES)[]);

/** A stored problem or refusal in the reader's language; as stored when no message fits it. */
export function feedTextIn(stored: string, locale: Locale): string {
  return locale === 'en' ? stored : (storedFeedText(stored)?.in(locale) ?? stored);
}
