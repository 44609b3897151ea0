import { defineEntity, p } from '@mikro-orm/core';

export const CategorySchema = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: p.integer().primary(),
    slug: p.string().length(60).unique(),
    name: p.string().length(60),
    icon: p.string().length(16),
    sortOrder: p.integer().default(0),
  },
});

export class Category extends CategorySchema.class {}
CategorySchema.setClass(Category);
