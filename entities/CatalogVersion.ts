import { defineEntity, p } from '@mikro-orm/core';

/**
 * One row: a counter bumped by a trigger on games whenever what searches find changes
 * (server/domains/games/search-index.ts watches it to rebuild its in-memory index).
 */
export const CatalogVersionSchema = defineEntity({
  name: 'CatalogVersion',
  tableName: 'catalog_version',
  properties: {
    id: p.smallint().primary(),
    version: p.bigint('string'),
  },
});

export class CatalogVersion extends CatalogVersionSchema.class {}
CatalogVersionSchema.setClass(CatalogVersion);
