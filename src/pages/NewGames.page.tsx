import { Container } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { PAGE_SIZE } from '../../shared/constants';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { ListingPager } from '../components/ListingPager/ListingPager';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { useListingPage } from '../features/games/useListingPage';
import { usePageTitle } from '../features/usePageTitle';
import { useIntl } from '../i18n';
import { trpc } from '../trpc';

export function NewGamesPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'footer.newGames', defaultMessage: 'New Games' });
  usePageTitle(title);
  const [page, setPage] = useListingPage();
  const games = trpc.games.list.useQuery({ sort: 'newest', limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  return (
    <Container size="xl">
      <PageHeader
        title={title}
        description={intl.formatMessage({ id: 'newGames.description', defaultMessage: 'The latest releases, fresh from our developers.' })}
        icon={<IconSparkles size={28} />}
        color="pink"
      />
      <GameGrid
        priorityCards={2}
        games={games.data}
        loading={games.isPending}
        error={games.error}
        emptyText={intl.formatMessage({ id: 'newGames.empty', defaultMessage: 'No new games available at the moment. Check back soon!' })}
      />
      <ListingPager page={page} hasNext={(games.data?.length ?? 0) === PAGE_SIZE} onChange={setPage} />
    </Container>
  );
}
