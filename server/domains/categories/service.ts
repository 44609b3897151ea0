import type { Category } from '../../../shared/schemas';
import { Category as CategoryEntity } from '../../../entities';
import type { DomainContext } from '../context';

export function listCategories(ctx: DomainContext): Promise<Category[]> {
  return ctx.services.catalogCache.get('categories', async () => {
    const categories = await ctx.services.orm.em.fork().find(CategoryEntity, {}, { orderBy: { sortOrder: 'asc', id: 'asc' } });
    return categories.map(({ id, slug, name, icon }) => ({ id, slug, name, icon }));
  });
}
