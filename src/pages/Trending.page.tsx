import { Container } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { PAGE_SIZE } from '../../shared/constants';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { ListingPager } from '../components/ListingPager/ListingPager';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { useListingPage } from '../features/games/useListingPage';
import { trendingCountryName, useVisitorCountry } from '../features/games/visitorCountry';
import { usePageTitle } from '../features/usePageTitle';
import { useIntl } from '../i18n';
import { trpc } from '../trpc';

export function TrendingPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'trending.title', defaultMessage: 'Trending Games' });
  usePageTitle(title);
  const [page, setPage] = useListingPage();
  const country = useVisitorCountry();
  const trending = trpc.games.trending.useQuery({ country: country ?? undefined, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const asked = trendingCountryName(trending.data, intl.locale);
  const description =
    trending.data?.scope === 'country' && asked
      ? intl.formatMessage({ id: 'trending.descriptionPlace', defaultMessage: 'What players in {place} are playing right now.' }, { place: asked })
      : asked
        ? intl.formatMessage(
            { id: 'trending.descriptionFallback', defaultMessage: 'Not enough plays from {place} yet, so this is what everyone is playing right now.' },
            { place: asked },
          )
        : intl.formatMessage({ id: 'trending.description', defaultMessage: 'What everyone is playing right now.' });
  return (
    <Container size="xl">
      <PageHeader
        title={title}
        description={description}
        icon={<IconFlame size={28} />}
        color="orange"
      />
      <GameGrid
        priorityCards={2}
        games={trending.data?.games}
        loading={trending.isPending}
        error={trending.error}
        emptyText={intl.formatMessage({ id: 'trending.empty', defaultMessage: 'No trending games available at the moment. Check back soon!' })}
      />
      <ListingPager page={page} hasNext={(trending.data?.games.length ?? 0) === PAGE_SIZE} onChange={setPage} />
    </Container>
  );
}
