/**
 * The one plain shape every feed format becomes (as Singer's taps write one record shape): the
 * importer (importer.ts) reads only this, never a distributor's own fields. Text here is still
 * the feed's, untrusted: the importer reduces it to plain text and caps it.
 */
import type { FeedFormat } from '../../../shared/schemas/feeds';

/** How each format's games are named on the game page ("… via GameDistribution"); json and rss name the feed. */
export const DISTRIBUTOR_NAMES: Record<FeedFormat, string | null> = {
  gamedistribution: 'GameDistribution',
  gamemonetize: 'GameMonetize',
  gamepix: 'GamePix',
  famobi: 'Famobi',
  json: null,
  rss: null,
};

export type FeedItem = {
  /** The distributor's own id; null when the item has none (it is then known by its address). */
  id: string | null;
  title: string | null;
  description: string | null;
  instructions: string | null;
  /** The game's address, shown in the secure frame. */
  url: string | null;
  categories: string[];
  tags: string[];
  thumbnail: string | null;
  /** Who made the game, when the feed says. */
  company: string | null;
  /** Whether it plays on a phone, when the feed says. */
  mobile: boolean | null;
  /** The game's own size in pixels, when the feed says: its frame takes that shape. */
  width: number | null;
  height: number | null;
  /** Width over height when the feed gives only that (Famobi's aspect_ratio). */
  aspectRatio: number | null;
  /** The way a phone is held to play it, when the feed says. */
  orientation: 'landscape' | 'portrait' | null;
};

/** The admin's field mapping for json and rss feeds: which field of an item holds what (dotted paths). */
export type FieldMap = {
  /** Where the list of items is (json: a dotted path; empty or absent: the document is the list). */
  items?: string | undefined;
  id?: string | undefined;
  title: string;
  url: string;
  description?: string | undefined;
  instructions?: string | undefined;
  categories?: string | undefined;
  tags?: string | undefined;
  thumbnail?: string | undefined;
  company?: string | undefined;
  width?: string | undefined;
  height?: string | undefined;
  orientation?: string | undefined;
};

/** The feed is readable but not the shape its format says: the sync changes nothing. */
export class UnknownShape extends Error {}

/** A format's reader: the feed's parsed document in, the items out (at most `limit`). */
export type FeedAdapter = (document: unknown, limit: number, fields: FieldMap | null) => FeedItem[];
