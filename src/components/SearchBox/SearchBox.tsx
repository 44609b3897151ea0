import { Suspense, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';
import type { SearchSuggestion } from '../../../shared/search-schemas';
import { useIntl } from '../../i18n';
import classes from './SearchBox.module.css';
import { optionalPart } from '../Deferred/optionalPart';

// The suggestions' code is fetched when the box is first focused, never for the first paint.
const loadSuggestions = () => import('./SearchSuggestions');
const SearchSuggestions = optionalPart(async () => (await loadSuggestions()).SearchSuggestions);

interface SearchBoxProps {
  id: string;
  onSubmitted?: () => void;
}

/** Where a suggestion leads: a game's page, a category's list, or a search for a tag. */
function addressOf(suggestion: SearchSuggestion): string {
  if (suggestion.kind === 'game') return `/games/${suggestion.slug}`;
  if (suggestion.kind === 'category') return `/categories?category=${encodeURIComponent(suggestion.slug)}`;
  return `/?search=${encodeURIComponent(suggestion.slug)}`;
}

/** The id of the highlighted option, as SearchSuggestions names it. */
function optionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

function SearchForm({ id, initial, onSubmitted }: SearchBoxProps & { initial: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  const [suggestionsWanted, setSuggestionsWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [highlighted, setHighlighted] = useState(-1);
  const listId = `${id}-suggestions`;
  const expanded = open && suggestions.length > 0 && value.trim() !== '';
  const active = expanded && highlighted < suggestions.length ? highlighted : -1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return;
    setOpen(false);
    navigate(`/?search=${encodeURIComponent(text)}`);
    onSubmitted?.();
  };

  const choose = (suggestion: SearchSuggestion) => {
    setOpen(false);
    // A phone's keyboard closes: the visitor is taken to a page, not back to typing.
    input.current?.blur();
    navigate(addressOf(suggestion));
    onSubmitted?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0 && value.trim() !== '') {
      event.preventDefault();
      setOpen(true);
      const from = expanded ? active : -1;
      setHighlighted(event.key === 'ArrowDown' ? (from + 1) % count : from <= 0 ? count - 1 : from - 1);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list; with it closed, Escape clears the field as a search field does.
      event.preventDefault();
      setOpen(false);
      setHighlighted(-1);
    }
  };

  return (
    <form role="search" onSubmit={submit} className={classes.form}>
      <TextInput
        ref={input}
        id={id}
        type="search"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setSuggestionsWanted(true);
          setOpen(true);
          setHighlighted(-1);
        }}
        onFocus={() => {
          setSuggestionsWanted(true);
          setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
          setHighlighted(-1);
        }}
        onKeyDown={onKeyDown}
        placeholder={intl.formatMessage({ id: 'search.placeholder', defaultMessage: 'Search games...' })}
        aria-label={intl.formatMessage({ id: 'search.label', defaultMessage: 'Search games' })}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={active >= 0 ? optionId(listId, active) : undefined}
        autoComplete="off"
        maxLength={LIMITS.searchMax}
        leftSection={<IconSearch size={16} aria-hidden />}
        radius="xl"
      />
      {suggestionsWanted && (
        <Suspense fallback={null}>
          <SearchSuggestions
            text={value}
            listId={listId}
            open={expanded}
            active={active}
            optionId={optionId}
            onSuggestions={setSuggestions}
            onChoose={choose}
          />
        </Suspense>
      )}
    </form>
  );
}

/**
 * Submitting navigates to /?search=<encoded>, only when the trimmed text is non-empty (spec section 5).
 * As text is typed, suggestions (games, categories, tags) are listed under the box: the arrow keys
 * highlight one and Enter opens it; Escape closes the list.
 */
export function SearchBox(props: SearchBoxProps) {
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  // Keyed by the URL's query so the field follows back/forward navigation.
  return <SearchForm key={current} initial={current} {...props} />;
}
