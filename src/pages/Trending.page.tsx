import { Container } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { PAGE_SIZE } from '../../shared/constants';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { ListingPager } from '../components/ListingPager/ListingPager';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { useListingPage } from '../features/games/useListingPage';
import { usePageTitle } from '../features/usePageTitle';
import { trpc } from '../trpc';

export function TrendingPage() {
  usePageTitle('Trending Games');
  const [page, setPage] = useListingPage();
  const games = trpc.games.list.useQuery({ sort: 'trending', limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  return (
    <Container size="xl">
      <PageHeader
        title="Trending Games"
        description="What everyone is playing right now."
        icon={<IconFlame size={28} />}
        color="orange"
      />
      <GameGrid
        priorityCards={2}
        games={games.data}
        loading={games.isPending}
        error={games.error}
        emptyText="No trending games available at the moment. Check back soon!"
      />
      <ListingPager page={page} hasNext={(games.data?.length ?? 0) === PAGE_SIZE} onChange={setPage} />
    </Container>
  );
}
