/**
 * The four distributors' public JSON feeds, each as its documentation describes it, read into
 * FeedItem. A document that is not the format's shape (another distributor's feed, an error page
 * in JSON) is UnknownShape, so a sync never takes it for an empty catalog and unpublishes all.
 */
import { UnknownShape, type FeedAdapter, type FeedItem } from '../formats';
import { firstText, flag, integer, isRecord, list, orientation, ratio, text } from './values';

/** The items of a document that must be a list (or hold one under `key`) of objects with at least one of `marks`. */
function itemsOf(document: unknown, key: string | null, marks: readonly string[], what: string): Record<string, unknown>[] {
  const items = key === null ? document : isRecord(document) ? document[key] : undefined;
  if (!Array.isArray(items)) throw new UnknownShape(`not ${what}: expected ${key === null ? 'a JSON list of games' : `{ "${key}": [ … ] }`}`);
  const sample = items.slice(0, 20);
  if (sample.length > 0 && !sample.some((item) => isRecord(item) && marks.some((mark) => mark in item))) {
    throw new UnknownShape(`not ${what}: its items have none of ${marks.join(', ')}`);
  }
  return items.map((item) => (isRecord(item) ? item : {}));
}

const gameDistribution: FeedAdapter = (document, limit) =>
  itemsOf(document, null, ['Md5', 'Title', 'Url'], 'a GameDistribution feed')
    .slice(0, limit)
    .map(
      (item): FeedItem => ({
        id: text(item.Md5),
        title: text(item.Title),
        description: text(item.Description),
        instructions: text(item.Instructions),
        url: text(item.Url),
        categories: list(item.Category),
        tags: list(item.Tag),
        thumbnail: firstText(item.Asset),
        company: text(item.Company),
        mobile: flag(item.Mobile),
        width: integer(item.Width),
        height: integer(item.Height),
        aspectRatio: null,
        orientation: null,
      }),
    );

const gameMonetize: FeedAdapter = (document, limit) =>
  itemsOf(document, null, ['id', 'title', 'url'], 'a GameMonetize feed')
    .slice(0, limit)
    .map(
      (item): FeedItem => ({
        id: text(item.id),
        title: text(item.title),
        description: text(item.description),
        instructions: text(item.instructions),
        url: text(item.url),
        categories: list(item.category),
        tags: list(item.tags),
        thumbnail: text(item.thumb),
        company: null,
        mobile: null,
        width: integer(item.width),
        height: integer(item.height),
        aspectRatio: null,
        orientation: null,
      }),
    );

const gamePix: FeedAdapter = (document, limit) =>
  itemsOf(document, 'items', ['id', 'namespace', 'title'], 'a GamePix feed')
    .slice(0, limit)
    .map(
      (item): FeedItem => ({
        id: text(item.id) ?? text(item.namespace),
        title: text(item.title),
        description: text(item.description),
        instructions: null,
        url: text(item.url),
        categories: list(item.category),
        tags: [],
        // The banner is landscape, as the cards are; the square image otherwise.
        thumbnail: text(item.banner_image) ?? text(item.image),
        company: null,
        mobile: null,
        width: integer(item.width),
        height: integer(item.height),
        aspectRatio: null,
        orientation: orientation(item.orientation),
      }),
    );

const famobi: FeedAdapter = (document, limit) =>
  itemsOf(document, 'games', ['package_id', 'name', 'link'], 'a Famobi feed')
    .slice(0, limit)
    .map(
      (item): FeedItem => ({
        id: text(item.package_id),
        title: text(item.name),
        description: text(item.description),
        instructions: null,
        url: text(item.link),
        categories: list(item.categories),
        tags: [],
        thumbnail: text(item.thumb),
        company: null,
        mobile: null,
        width: null,
        height: null,
        aspectRatio: ratio(item.aspect_ratio),
        orientation: orientation(item.orientation),
      }),
    );

export const distributorAdapters = { gamedistribution: gameDistribution, gamemonetize: gameMonetize, gamepix: gamePix, famobi };
