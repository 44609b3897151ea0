import { useSearchParams } from 'react-router-dom';
import { GAME_SORTS, type GameSort } from '../../../shared/constants';
import { useUpdateSearchParams } from '../useUpdateSearchParams';
import { defineMessages, useIntl } from '../../i18n';
import { SegmentedChoice } from '../../components/SegmentedChoice/SegmentedChoice';

const SORT_LABELS = defineMessages({
  popular: { id: 'chips.popular', defaultMessage: 'Popular' },
  newest: { id: 'sort.newest', defaultMessage: 'Newest' },
  trending: { id: 'nav.trending', defaultMessage: 'Trending' },
  top_rated: { id: 'sort.topRated', defaultMessage: 'Top Rated' },
});

/** The listing's order, kept in the URL (?sort=top_rated); popular by default. */
export function useSort(): [GameSort, (sort: GameSort) => void] {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const raw = params.get('sort');
  const sort = GAME_SORTS.find((candidate) => candidate === raw) ?? 'popular';
  const setSort = (next: GameSort) =>
    updateParams((params) => {
      if (next === 'popular') params.delete('sort');
      else params.set('sort', next);
      params.delete('page');
    });
  return [sort, setSort];
}

/** Popular, newest, trending or top rated: one choice, a radio group to assistive technology. */
export function SortControl({ value, onChange }: { value: GameSort; onChange: (sort: GameSort) => void }) {
  const intl = useIntl();
  return (
    <SegmentedChoice
      aria-label={intl.formatMessage({ id: 'sort.label', defaultMessage: 'Sort games' })}
      radius="xl"
      value={value}
      onChange={onChange}
      data={GAME_SORTS.map((sort) => ({ value: sort, label: intl.formatMessage(SORT_LABELS[sort]) }))}
      data-testid="sort-control"
    />
  );
}
