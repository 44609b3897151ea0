import { defineEntity, p } from '@mikro-orm/core';

/** What every entity with its own numeric id shares: the id, and when the row was made. An abstract entity: it has no table. */
export const BaseSchema = defineEntity({
  name: 'BaseEntity',
  abstract: true,
  properties: {
    id: p.integer().primary().autoincrement(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
