import { useEffect } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCategory, IconDeviceGamepad2, IconTag } from '@tabler/icons-react';
import type { SearchSuggestion, SuggestionKind } from '../../../shared/search-schemas';
import { useCategoryName } from '../../features/games/categoryName';
import { defineMessages, useIntl } from '../../i18n';
import { trpc } from '../../trpc';
import classes from './SearchBox.module.css';

/** How long typing must pause before suggestions are asked for. */
const TYPING_PAUSE_MS = 120;

const NONE: SearchSuggestion[] = [];

const KIND_ICONS: Record<SuggestionKind, typeof IconTag> = { game: IconDeviceGamepad2, category: IconCategory, tag: IconTag };
/** Said after a category's or a tag's name; a game is its title alone. */
const KIND_NAMES = defineMessages({
  category: { id: 'search.suggestion.category', defaultMessage: 'Category' },
  tag: { id: 'search.suggestion.tag', defaultMessage: 'Tag' },
});

interface SearchSuggestionsProps {
  text: string;
  listId: string;
  /** Whether the list is shown (the box has focus, text and suggestions, and was not closed with Escape). */
  open: boolean;
  /** The highlighted option, -1 for none. */
  active: number;
  /** Each option's id, which the box names as its active descendant. */
  optionId: (listId: string, index: number) => string;
  onSuggestions: (suggestions: SearchSuggestion[]) => void;
  onChoose: (suggestion: SearchSuggestion) => void;
}

/**
 * The search box's suggestions for what is typed (loaded once the box is first focused): asked
 * for once typing pauses, the last ones kept on screen until the next arrive, announced by count
 * to screen readers. The box (SearchBox) owns the highlight and the keys.
 */
export function SearchSuggestions({ text, listId, open, active, optionId, onSuggestions, onChoose }: SearchSuggestionsProps) {
  const intl = useIntl();
  const categoryName = useCategoryName();
  const typed = text.trim();
  const [debounced] = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const query = trpc.search.suggest.useQuery({ q: debounced }, { enabled: debounced !== '', placeholderData: (previous) => previous });
  const suggestions = (typed !== '' && query.data?.suggestions) || NONE;
  useEffect(() => onSuggestions(suggestions), [suggestions, onSuggestions]);

  const settled = typed !== '' && typed === debounced && query.data !== undefined && !query.isPlaceholderData;
  const count = suggestions.length;
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>
        {settled
          ? intl.formatMessage(
              {
                id: 'search.suggestion.status',
                defaultMessage: '{count, plural, =0 {No suggestions} one {# suggestion, use the up and down arrow keys to choose} other {# suggestions, use the up and down arrow keys to choose}}',
              },
              { count },
            )
          : ''}
      </VisuallyHidden>
      {open && count > 0 && (
        // Pressing an option must not take focus from the box: the list would close before the tap lands.
        <ul id={listId} role="listbox" aria-label={intl.formatMessage({ id: 'search.suggestion.listLabel', defaultMessage: 'Search suggestions' })} className={classes.list} onMouseDown={(event) => event.preventDefault()}>
          {suggestions.map((suggestion, index) => {
            const KindIcon = KIND_ICONS[suggestion.kind];
            const kindName = suggestion.kind === 'game' ? null : intl.formatMessage(KIND_NAMES[suggestion.kind]);
            return (
              <li
                key={`${suggestion.kind}:${suggestion.slug}`}
                id={optionId(listId, index)}
                role="option"
                aria-selected={index === active}
                className={classes.option}
                onClick={() => onChoose(suggestion)}
              >
                <KindIcon size={18} aria-hidden className={classes.optionIcon} />
                <span className={classes.optionLabel}>{suggestion.kind === 'category' ? categoryName({ slug: suggestion.slug, name: suggestion.label }) : suggestion.label}</span>
                {kindName && (
                  <>
                    {' '}
                    <Text span size="xs" c="dimmed">
                      {kindName}
                    </Text>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
