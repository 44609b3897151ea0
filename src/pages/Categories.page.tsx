import { useEffect, useState } from 'react';
import { Box, Chip, Container, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCategory, IconDeviceGamepad2, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { LIMITS, PAGE_SIZE } from '../../shared/constants';
import { CategoryIcon } from '../components/CategoryIcon/CategoryIcon';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { ListingPager } from '../components/ListingPager/ListingPager';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { AdSlot } from '../features/ads/AdSlot';
import chipClasses from '../features/home/CategoryChips.module.css';
import { DeviceFilter, deviceInput, keepAcrossDeviceChange, useDeviceFilter } from '../features/games/DeviceFilter';
import { SortControl, useSort } from '../features/games/SortControl';
import { useListingPage } from '../features/games/useListingPage';
import { usePageTitle } from '../features/usePageTitle';
import { useCategoryName } from '../features/games/categoryName';
import { FormattedMessage, useIntl } from '../i18n';
import { useUpdateSearchParams } from '../features/useUpdateSearchParams';
import { trpc } from '../trpc';

const ALL = 'all';

export function CategoriesPage() {
  const intl = useIntl();
  const categoryName = useCategoryName();
  const title = intl.formatMessage({ id: 'categories.title', defaultMessage: 'Game Categories' });
  usePageTitle(title);
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const category = params.get('category') ?? ALL;
  const [text, setText] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useListingPage();
  const [device, setDevice] = useDeviceFilter();
  const [sort, setSort] = useSort();
  const categories = trpc.categories.list.useQuery();

  useEffect(() => {
    updateParams(
      (params) => {
        if ((params.get('q') ?? '') !== debounced) params.delete('page');
        if (debounced) params.set('q', debounced);
        else params.delete('q');
      },
      { replace: true },
    );
  }, [debounced, updateParams]);

  const selectCategory = (slug: string) => {
    updateParams((params) => {
      if (slug === ALL) params.delete('category');
      else params.set('category', slug);
      params.delete('page');
    });
  };

  const listInput = {
    category: category === ALL ? undefined : category,
    search: debounced || undefined,
    device: deviceInput(device),
    sort,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  };
  const games = trpc.games.list.useQuery(listInput, { placeholderData: keepAcrossDeviceChange(listInput) });
  const filtered = category !== ALL || Boolean(debounced) || device !== 'all';

  return (
    <Container size="xl">
      <PageHeader
        title={title}
        description={intl.formatMessage({ id: 'categories.description', defaultMessage: 'Find your next favourite game by genre.' })}
        icon={<IconCategory size={28} />}
      />
      <TextInput
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        placeholder={intl.formatMessage({ id: 'categories.searchPlaceholder', defaultMessage: 'Search games in this category...' })}
        aria-label={intl.formatMessage({ id: 'search.label', defaultMessage: 'Search games' })}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={LIMITS.searchMax}
        maw={480}
        radius="xl"
        size="md"
      />
      <Box mt="md">
        <DeviceFilter value={device} onChange={setDevice} />
      </Box>
      <Box mt="md">
        <SortControl value={sort} onChange={setSort} />
      </Box>
      <Box mt="md" mb="lg">
        <div role="radiogroup" aria-label={intl.formatMessage({ id: 'nav.categories', defaultMessage: 'Categories' })} className={chipClasses.scroller} style={{ flexWrap: 'wrap' }}>
          <Chip.Group multiple={false} value={category} onChange={(value) => selectCategory(String(value))}>
            <Chip value={ALL} radius="xl" size="md" variant="filled" classNames={{ iconWrapper: chipClasses.chipIcon }}>
              <span className={chipClasses.chipLabel}>
                <IconDeviceGamepad2 size={14} aria-hidden />
                <FormattedMessage id="categories.allGames" defaultMessage="All Games" />
              </span>
            </Chip>
            {categories.data?.map((item) => (
              <Chip
                key={item.id}
                value={item.slug}
                radius="xl"
                size="md"
                variant="filled"
                classNames={{ iconWrapper: chipClasses.chipIcon }}
              >
                <span className={chipClasses.chipLabel}>
                  <CategoryIcon icon={item.icon} slug={item.slug} size={14} />
                  {categoryName(item)}
                </span>
              </Chip>
            ))}
          </Chip.Group>
        </div>
      </Box>
      <GameGrid
        priorityCards={2}
        games={games.data}
        loading={games.isPending}
        error={games.error}
        emptyText={
          filtered
            ? intl.formatMessage({ id: 'search.noResults', defaultMessage: 'No games found matching your criteria.' })
            : intl.formatMessage({ id: 'categories.empty', defaultMessage: 'No games available at the moment.' })
        }
      />
      <ListingPager page={page} hasNext={(games.data?.length ?? 0) === PAGE_SIZE} onChange={setPage} />
      <Box mt="xl">
        <AdSlot place="category" />
      </Box>
    </Container>
  );
}
