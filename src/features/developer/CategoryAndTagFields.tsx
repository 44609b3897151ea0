import { MultiSelect, SimpleGrid, TagsInput, type MultiSelectProps, type TagsInputProps } from '@mantine/core';
import { LIMITS } from '../../../shared/constants';
import { trpc } from '../../trpc';

/** Where a game is filed, as the submission form and the pending-game editor both ask it: the portal's categories and its known tags. */
export function CategoryAndTagFields({ categories, tags }: { categories: Partial<MultiSelectProps>; tags: Partial<TagsInputProps> }) {
  const categoryList = trpc.categories.list.useQuery();
  const knownTags = trpc.developer.tags.useQuery();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiSelect
        label="Categories"
        description={`Where players will find it (up to ${LIMITS.categoriesMax}).`}
        placeholder="Choose categories"
        data={(categoryList.data ?? []).map((category) => ({ value: category.slug, label: category.name }))}
        maxValues={LIMITS.categoriesMax}
        searchable
        {...categories}
      />
      <TagsInput
        label="Tags"
        description={`Pick or type up to ${LIMITS.tagsMax}; Enter or comma adds one.`}
        placeholder="e.g. retro"
        data={(knownTags.data ?? []).map((tag) => tag.name)}
        maxTags={LIMITS.tagsMax}
        maxLength={LIMITS.tagMax}
        splitChars={[',']}
        clearable
        {...tags}
      />
    </SimpleGrid>
  );
}
