import { MultiSelect, SimpleGrid, TagsInput, type MultiSelectProps, type TagsInputProps } from '@mantine/core';
import { LIMITS } from '../../../shared/constants';
import { useIntl } from '../../i18n';
import { trpc } from '../../trpc';

/** Where a game is filed, as the submission form and the pending-game editor both ask it: the portal's categories and its known tags. */
export function CategoryAndTagFields({ categories, tags }: { categories: Partial<MultiSelectProps>; tags: Partial<TagsInputProps> }) {
  const intl = useIntl();
  const categoryList = trpc.categories.list.useQuery();
  const knownTags = trpc.developer.tags.useQuery();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiSelect
        label={intl.formatMessage({ id: 'developer.fields.categories', defaultMessage: 'Categories' })}
        description={intl.formatMessage({ id: 'developer.fields.categoriesText', defaultMessage: 'Where players will find it (up to {max}).' }, { max: LIMITS.categoriesMax })}
        placeholder={intl.formatMessage({ id: 'developer.fields.chooseCategories', defaultMessage: 'Choose categories' })}
        data={(categoryList.data ?? []).map((category) => ({ value: category.slug, label: category.name }))}
        maxValues={LIMITS.categoriesMax}
        searchable
        {...categories}
      />
      <TagsInput
        label={intl.formatMessage({ id: 'developer.fields.tags', defaultMessage: 'Tags' })}
        description={intl.formatMessage({ id: 'developer.fields.tagsText', defaultMessage: 'Pick or type up to {max}; Enter or comma adds one.' }, { max: LIMITS.tagsMax })}
        placeholder={intl.formatMessage({ id: 'developer.fields.tagsExample', defaultMessage: 'e.g. retro' })}
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
