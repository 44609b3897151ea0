import { Box, Container } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { PAGE_SIZE } from '../../shared/constants';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { ListingPager } from '../components/ListingPager/ListingPager';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SortControl, useSort } from '../features/games/SortControl';
import { useListingPage } from '../features/games/useListingPage';
import { usePageTitle } from '../features/usePageTitle';
import { useIntl } from '../i18n';
import { trpc } from '../trpc';

/** The games carrying one tag (a tag on a game page links here). */
export function TagPage() {
  const tag = (useParams().tag ?? '').toLowerCase();
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'tag.pageTitle', defaultMessage: '#{tag} Games' }, { tag }));
  const [page, setPage] = useListingPage();
  const [sort, setSort] = useSort();
  const games = trpc.games.list.useQuery({ tag, sort, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  return (
    <Container size="xl">
      <PageHeader title={`#${tag}`} description={intl.formatMessage({ id: 'tag.description', defaultMessage: 'Games tagged #{tag}.' }, { tag })} icon={<IconHash size={28} />} />
      <Box mb="lg">
        <SortControl value={sort} onChange={setSort} />
      </Box>
      <GameGrid
        priorityCards={2}
        games={games.data}
        loading={games.isPending}
        error={games.error}
        emptyText={intl.formatMessage({ id: 'search.noResults', defaultMessage: 'No games found matching your criteria.' })}
      />
      <ListingPager page={page} hasNext={(games.data?.length ?? 0) === PAGE_SIZE} onChange={setPage} />
    </Container>
  );
}
