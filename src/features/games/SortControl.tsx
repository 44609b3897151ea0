import { SegmentedControl } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { GAME_SORTS, type GameSort } from '../../../shared/constants';
import { useUpdateSearchParams } from '../useUpdateSearchParams';

const SORT_LABELS: Record<GameSort, string> = { popular: 'Popular', newest: 'Newest', trending: 'Trending', top_rated: 'Top Rated' };

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
  return (
    <SegmentedControl
      aria-label="Sort games"
      radius="xl"
      value={value}
      onChange={(next) => onChange(next as GameSort)}
      data={GAME_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
      data-testid="sort-control"
    />
  );
}
