import { Chip } from '@mantine/core';
import type { Category } from '../../../shared/schemas';
import { CategoryIcon } from '../../components/CategoryIcon/CategoryIcon';
import { defineMessages, useIntl } from '../../i18n';
import { useCategoryName } from '../games/categoryName';
import classes from './CategoryChips.module.css';

export const BUILT_IN_CHIPS = [
  { slug: 'popular', name: 'Popular', icon: 'popular' },
  { slug: 'action', name: 'Action', icon: 'action' },
  { slug: 'racing', name: 'Racing', icon: 'racing' },
  { slug: 'puzzle', name: 'Puzzle', icon: 'puzzle' },
  { slug: 'multiplayer', name: 'Multiplayer', icon: 'multiplayer' },
  { slug: 'sports', name: 'Sports', icon: 'sports' },
  { slug: 'kids', name: 'Kids', icon: 'kids' },
] as const;

export interface ChipItem {
  slug: string;
  name: string;
  icon: string;
}

/** Built-in chips first, then the server's categories, de-duplicated by slug and by name. */
export function mergeChips(serverCategories: readonly Category[] | undefined): ChipItem[] {
  const chips: ChipItem[] = [...BUILT_IN_CHIPS];
  const seen = new Set(chips.flatMap((chip) => [chip.slug, chip.name.toLowerCase()]));
  for (const category of serverCategories ?? []) {
    if (seen.has(category.slug) || seen.has(category.name.toLowerCase())) continue;
    seen.add(category.slug);
    seen.add(category.name.toLowerCase());
    chips.push({ slug: category.slug, name: category.name, icon: category.icon });
  }
  return chips;
}

const builtInNames = defineMessages({
  popular: { id: 'chips.popular', defaultMessage: 'Popular' },
  multiplayer: { id: 'gameCard.multiplayer', defaultMessage: 'Multiplayer' },
});

/** A chip's name in the visitor's language: the two lists the home adds, or the category's. */
export function useChipName(): (chip: ChipItem) => string {
  const intl = useIntl();
  const categoryName = useCategoryName();
  return (chip) => (chip.slug === 'popular' || chip.slug === 'multiplayer' ? intl.formatMessage(builtInNames[chip.slug]) : categoryName(chip));
}

interface CategoryChipsProps {
  chips: ChipItem[];
  value: string;
  onChange: (slug: string) => void;
}

export function CategoryChips({ chips, value, onChange }: CategoryChipsProps) {
  const intl = useIntl();
  const chipName = useChipName();
  return (
    <div role="radiogroup" aria-label={intl.formatMessage({ id: 'chips.label', defaultMessage: 'Filter games by category' })} className={classes.scroller}>
      <Chip.Group multiple={false} value={value} onChange={(next) => onChange(String(next))}>
        {chips.map((chip) => (
          <Chip
            key={chip.slug}
            value={chip.slug}
            radius="xl"
            size="md"
            variant="filled"
            classNames={{ iconWrapper: classes.chipIcon }}
          >
            <span className={classes.chipLabel}>
              <CategoryIcon icon={chip.icon} slug={chip.slug} size={14} />
              {chipName(chip)}
            </span>
          </Chip>
        ))}
      </Chip.Group>
    </div>
  );
}
