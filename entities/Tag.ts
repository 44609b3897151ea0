import { defineEntity, p } from '@mikro-orm/core';

/** Tags are stored lower-cased so "Retro" and "retro" are one tag. */
export const TagSchema = defineEntity({
  name: 'Tag',
  tableName: 'tags',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(24).unique(),
  },
});

export class Tag extends TagSchema.class {}
TagSchema.setClass(Tag);
