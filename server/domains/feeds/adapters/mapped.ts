/**
 * A generic JSON feed, read with the admin's field mapping, and RSS 2.0 or Atom, read with the
 * standard elements unless the admin maps others. Parsed XML keeps attributes under `@_`, so a
 * mapping may name `enclosure.@_url`.
 */
import { XMLParser } from 'fast-xml-parser';
import { UnknownShape, type FeedAdapter, type FeedItem, type FieldMap } from '../formats';
import { at, firstText, integer, isRecord, list, orientation, text } from './values';

/** What an RSS item or Atom entry holds where, when the admin maps nothing. */
const RSS_FIELDS: FieldMap = {
  id: 'guid',
  title: 'title',
  url: 'link',
  description: 'description',
  categories: 'category',
  thumbnail: 'enclosure.@_url',
  company: 'author',
};

function mapped(item: unknown, fields: FieldMap): FeedItem {
  const field = (path: string | undefined) => (path ? at(item, path) : undefined);
  return {
    id: textOf(field(fields.id)),
    title: textOf(field(fields.title)),
    description: textOf(field(fields.description)),
    instructions: textOf(field(fields.instructions)),
    url: linkOf(field(fields.url)),
    categories: list(listOf(field(fields.categories))),
    tags: list(listOf(field(fields.tags))),
    thumbnail: linkOf(field(fields.thumbnail)),
    company: textOf(field(fields.company)),
    mobile: null,
    width: integer(textOf(field(fields.width))),
    height: integer(textOf(field(fields.height))),
    aspectRatio: null,
    orientation: orientation(textOf(field(fields.orientation))),
  };
}

/** XML text nodes with attributes arrive as `{ '#text': …, '@_x': … }`. */
function textOf(value: unknown): string | null {
  return isRecord(value) ? text(value['#text']) : text(value);
}

/** Atom's `<link href>` (or a list of them: the alternate one first), RSS's `<link>text</link>`, or a JSON value. */
function linkOf(value: unknown): string | null {
  const links = Array.isArray(value) ? value : [value];
  const alternate = links.find((link) => isRecord(link) && (link['@_rel'] === undefined || link['@_rel'] === 'alternate')) ?? links[0];
  if (isRecord(alternate)) return text(alternate['@_href']) ?? text(alternate['@_url']) ?? text(alternate['#text']);
  return firstText(alternate);
}

function listOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((entry) => (isRecord(entry) ? (entry['@_term'] ?? entry['#text'] ?? entry.name) : entry));
  if (isRecord(value)) return [value['@_term'] ?? value['#text'] ?? value.name];
  return value;
}

export const jsonAdapter: FeedAdapter = (document, limit, fields) => {
  if (!fields) throw new UnknownShape('not mapped: a JSON feed needs a field mapping');
  const items = fields.items ? at(document, fields.items) : document;
  if (!Array.isArray(items)) throw new UnknownShape(`not the JSON feed mapped: no list of items at "${fields.items || '(the document)'}"`);
  const sample = items.slice(0, 20);
  if (sample.length > 0 && !sample.some((item) => at(item, fields.title) !== undefined || at(item, fields.url) !== undefined)) {
    throw new UnknownShape(`not the JSON feed mapped: its items have neither "${fields.title}" nor "${fields.url}"`);
  }
  return items.slice(0, limit).map((item) => mapped(item, fields));
};

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Entities stay as written: a feed's text is data, and expanding them is how XML bombs work.
  processEntities: false,
  isArray: (name) => name === 'item' || name === 'entry',
});

/** Parses an RSS or Atom document; anything else is UnknownShape. */
export function parseXmlFeed(body: string): unknown {
  let document: unknown;
  try {
    document = xml.parse(body, true);
  } catch (error) {
    throw new UnknownShape(`not XML: ${(error as Error).message.split('\n')[0]}`);
  }
  return document;
}

export const rssAdapter: FeedAdapter = (document, limit, fields) => {
  const items = at(document, 'rss.channel.item') ?? at(document, 'feed.entry') ?? at(document, 'rdf:RDF.item');
  if (!Array.isArray(items)) throw new UnknownShape('not an RSS or Atom feed: no <rss><channel><item> nor <feed><entry>');
  const atom = at(document, 'feed.entry') !== undefined;
  const standard: FieldMap = atom ? { ...RSS_FIELDS, id: 'id', description: 'summary', company: 'author.name' } : RSS_FIELDS;
  const map = { ...standard, ...definedOnly(fields) };
  return items.slice(0, limit).map((item) => mapped(item, map));
};

function definedOnly(fields: FieldMap | null): Partial<FieldMap> {
  return Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => typeof value === 'string' && value.length > 0));
}
