import { defineMessages, useIntl, type IntlShape } from '../../i18n';

/** The portal's own categories (server/db/categories.ts) in the visitor's language; others as named. */
const categoryNames = defineMessages({
  action: { id: 'category.action', defaultMessage: 'Action' },
  racing: { id: 'category.racing', defaultMessage: 'Racing' },
  puzzle: { id: 'category.puzzle', defaultMessage: 'Puzzle' },
  sports: { id: 'category.sports', defaultMessage: 'Sports' },
  kids: { id: 'category.kids', defaultMessage: 'Kids' },
  adventure: { id: 'category.adventure', defaultMessage: 'Adventure' },
  strategy: { id: 'category.strategy', defaultMessage: 'Strategy' },
  arcade: { id: 'category.arcade', defaultMessage: 'Arcade' },
  casual: { id: 'category.casual', defaultMessage: 'Casual' },
});

/** A category `{ slug, name }` named in `intl`'s language. */
export function categoryNameOf(intl: IntlShape, { slug, name }: { slug: string; name: string }): string {
  const message = Object.hasOwn(categoryNames, slug) ? categoryNames[slug as keyof typeof categoryNames] : undefined;
  return message ? intl.formatMessage(message) : name;
}

/** Names a category `{ slug, name }` in the visitor's language. */
export function useCategoryName(): (category: { slug: string; name: string }) => string {
  const intl = useIntl();
  return (category) => categoryNameOf(intl, category);
}
