/**
 * What each feed item would become on the portal, or why it is refused: the rules every format
 * shares (a title, an address the secure frame shows, plain text, categories mapped onto the
 * portal's own, unknown ones kept as tags), with no database in sight.
 */
import { createHash } from 'node:crypto';
import { LIMITS, type GameControl } from '../../../shared/constants';
import { isSecureGameUrl } from '../../../shared/urls';
import { slugify } from '../../../shared/text';
import type { FeedItem } from './formats';
import { plainLine, plainText } from './plain-text';
import { translate } from '../../i18n/translate';

export type Candidate = {
  /** How the feed knows the item: its id, or its address when it has none. */
  key: string;
  title: string;
  description: string;
  instructions: string | null;
  url: string;
  origin: string;
  categories: string[];
  tags: string[];
  thumbnail: string | null;
  company: string | null;
  controls: GameControl[];
  /** Width over height of the game's frame, when the feed says (its size, or its ratio). */
  frameAspect: number | null;
  /** How a phone is held to play it, when the feed says (or its shape shows). */
  orientation: 'landscape' | 'portrait' | null;
  /** Of everything above: an unchanged item has the same one, and the sync writes nothing for it. */
  hash: string;
};

/** The frame's shape from an item's size, else its ratio; its orientation as the feed says, else as the shape shows. */
export function frameShapeOf(item: Pick<FeedItem, 'width' | 'height' | 'aspectRatio' | 'orientation'>): { frameAspect: number | null; orientation: 'landscape' | 'portrait' | null } {
  const aspect = item.width !== null && item.height !== null ? item.width / item.height : item.aspectRatio;
  const frameAspect = aspect !== null && aspect >= 0.2 && aspect <= 5 ? Math.round(aspect * 1000) / 1000 : null;
  return { frameAspect, orientation: item.orientation ?? (frameAspect === null ? null : frameAspect >= 1 ? 'landscape' : 'portrait') };
}

export type Refusal = { item: string; reason: string };

/** Why an item is refused, stored in English (the admin reads it in their language: feeds/service.ts). */
export const REFUSALS = {
  noTitle: translate('en', 'feeds.refusal.noTitle'),
  unsafeUrl: translate('en', 'feeds.refusal.unsafeUrl'),
  noUrl: translate('en', 'feeds.refusal.noUrl'),
  duplicate: translate('en', 'feeds.refusal.duplicate'),
};

/** The names a portal category is known by in feeds, besides its own slug (lower-cased). */
const CATEGORY_SYNONYMS: Record<string, string> = {
  shooter: 'action', shooting: 'action', fighting: 'action', 'io': 'action',
  car: 'racing', cars: 'racing', driving: 'racing', 'racing & driving': 'racing',
  puzzles: 'puzzle', match3: 'puzzle', 'match-3': 'puzzle', 'match 3': 'puzzle', logic: 'puzzle', brain: 'puzzle',
  sport: 'sports', soccer: 'sports', football: 'sports', basketball: 'sports',
  children: 'kids', girls: 'casual', hypercasual: 'casual', 'hyper-casual': 'casual', clicker: 'casual', idle: 'casual',
  'adventure & rpg': 'adventure', rpg: 'adventure', platformer: 'adventure', platform: 'adventure',
  'tower defense': 'strategy', board: 'strategy', cards: 'strategy', card: 'strategy',
  classics: 'arcade', classic: 'arcade', skill: 'arcade',
};

/**
 * The portal categories of an item's categories: the admin's mapping first, then a portal
 * category of the same name, then the usual synonyms; "kids" never comes from a feed (imported
 * games are not for the Kids Zone unless an admin says so). What maps to nothing becomes a tag.
 */
export function mapCategories(names: readonly string[], portalSlugs: ReadonlySet<string>, adminMap: Readonly<Record<string, string>>): { categories: string[]; tags: string[] } {
  const categories = new Set<string>();
  const tags: string[] = [];
  for (const raw of names) {
    const name = plainLine(raw, 60).toLowerCase();
    if (!name) continue;
    const slug = adminMap[name] ?? (portalSlugs.has(slugify(name)) ? slugify(name) : CATEGORY_SYNONYMS[name]);
    if (slug && slug !== 'kids' && portalSlugs.has(slug)) categories.add(slug);
    else tags.push(name);
  }
  return { categories: [...categories], tags };
}

function tagsOf(names: readonly string[]): string[] {
  const tags = new Set<string>();
  for (const name of names) {
    const tag = plainLine(name, LIMITS.tagMax).toLowerCase();
    if (tag && tags.size < LIMITS.tagsMax) tags.add(tag);
  }
  return [...tags];
}

/** Each item as a candidate or a refusal, in feed order; `item` in a refusal is the distributor's id, or the 1-based position. */
export function candidatesOf(
  items: readonly FeedItem[],
  portalSlugs: ReadonlySet<string>,
  adminMap: Readonly<Record<string, string>>,
): { candidates: Candidate[]; refused: Refusal[] } {
  const candidates: Candidate[] = [];
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const name = item.id ? plainLine(item.id, 200) : String(index + 1);
    const title = plainLine(item.title, LIMITS.titleMax);
    const url = item.url?.trim() ?? '';
    if (!title) return refused.push({ item: name, reason: REFUSALS.noTitle });
    if (!url) return refused.push({ item: name, reason: REFUSALS.noUrl });
    if (!isSecureGameUrl(url)) return refused.push({ item: name, reason: REFUSALS.unsafeUrl });
    const key = item.id ? plainLine(item.id, 200) : url;
    if (seen.has(key)) return refused.push({ item: name, reason: REFUSALS.duplicate });
    seen.add(key);
    const mapped = mapCategories(item.categories, portalSlugs, adminMap);
    const fields = {
      key,
      title,
      description: plainText(item.description, LIMITS.descriptionMax),
      instructions: plainText(item.instructions, LIMITS.instructionsMax) || null,
      url,
      origin: new URL(url).origin.toLowerCase(),
      categories: mapped.categories,
      tags: tagsOf([...mapped.tags, ...item.tags]),
      thumbnail: item.thumbnail?.trim() || null,
      company: plainLine(item.company, 80) || null,
      controls: (item.mobile === false ? ['keyboard', 'mouse'] : item.mobile === true ? ['touch', 'mouse'] : []) as GameControl[],
    };
    const shape = frameShapeOf(item);
    // The shape joins the hash only when known, so items of feeds that give none keep the hash they had before shapes were read.
    const hashed = shape.frameAspect === null && shape.orientation === null ? fields : { ...fields, ...shape };
    candidates.push({ ...fields, ...shape, hash: createHash('sha256').update(JSON.stringify(hashed)).digest('hex') });
    return undefined;
  });
  return { candidates, refused };
}
