import { defineEntity, p } from '@mikro-orm/core';

/**
 * A game whose searched text, title, slug, status, categories or controls changed, in the order
 * of the changes, written by triggers on games (migration search_changes): every server's
 * in-memory search index (server/domains/games/search-index.ts) applies the games changed since
 * it last looked. Rows older than a day are deleted.
 */
export const CatalogChangeSchema = defineEntity({
  name: 'CatalogChange',
  tableName: 'catalog_changes',
  properties: {
    seq: p.bigint('number').primary().autoincrement(),
    gameId: p.integer(),
    changedAt: p.datetime().defaultRaw('now()').index('catalog_changes_changed_at_index'),
  },
});

export class CatalogChange extends CatalogChangeSchema.class {}
CatalogChangeSchema.setClass(CatalogChange);
