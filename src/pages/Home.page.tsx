import { useState } from 'react';
import { Alert, Box, Button, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconFlame, IconSearch, IconSparkles, IconUsers, IconX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { HOME_LIST_SIZES, PAGE_SIZE, PORTAL_NAME } from '../../shared/constants';
import type { Game } from '../../shared/schemas';
import { AdSlot } from '../features/ads/AdSlot';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { GameCard, type GameCardVariant } from '../components/GameCard/GameCard';
import { GameCardSkeleton } from '../components/GameCard/GameCardSkeleton';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { Section } from '../components/Section/Section';
import { CategoryChips, mergeChips, useChipName } from '../features/home/CategoryChips';
import { Hero } from '../features/home/Hero';
import { useListingPage } from '../features/games/useListingPage';
import { ListingPager } from '../components/ListingPager/ListingPager';
import { Newsletter } from '../features/home/Newsletter';
import { RecentlyPlayedRow } from '../features/recent/RecentlyPlayedRow';
import { useTouchFirst } from '../features/games/useTouchFirst';
import { useLocaleFormat } from '../features/games/useLocaleFormat';
import { trendingCountryName, useVisitorCountry } from '../features/games/visitorCountry';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

const popularCols = { base: 2, sm: 3, md: 5 };
const trendingCols = { base: 1, sm: 3 };
const newCols = { base: 2, xs: 3, sm: 4, md: 6 };
const multiplayerCols = { base: 1, xs: 2, md: 4 };

interface ListProps {
  games: Game[] | undefined;
  loading: boolean;
  error?: unknown;
  size: number;
  variant: GameCardVariant;
  cols: Record<string, number>;
  ranked?: boolean;
  /** The page's first list: its first row's thumbnails load at once. */
  first?: boolean;
}

/** The first row on a phone: two cards. */
const FIRST_ROW_CARDS = 2;

function HomeList({ games: listed, loading, error, size, variant, cols, ranked, first = false }: ListProps) {
  // A ranked list keeps its order: the numbers are the ranks.
  const touchFirstGames = useTouchFirst(listed);
  const games = ranked ? listed : touchFirstGames;
  const intl = useIntl();
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={intl.formatMessage({ id: 'gameGrid.errorTitle', defaultMessage: 'Could not load games' })}>
        <FormattedMessage id="gameGrid.errorText" defaultMessage="Something went wrong while loading games. Please reload the page." />
      </Alert>
    );
  }
  if (!loading && (!games || games.length === 0)) {
    return (
      <EmptyState>
        <FormattedMessage id="home.emptyList" defaultMessage="No games here yet. Check back soon!" />
      </EmptyState>
    );
  }
  return (
    <SimpleGrid cols={cols} spacing={{ base: 'sm', sm: 'md' }} aria-busy={loading || undefined}>
      {loading
        ? Array.from({ length: size }, (_, index) => <GameCardSkeleton key={index} variant={variant} />)
        : games!
            .slice(0, size)
            .map((game, index) => (
              <GameCard
                key={game.id}
                game={game}
                variant={variant}
                rank={ranked ? index + 1 : undefined}
                priority={first && index < FIRST_ROW_CARDS}
              />
            ))}
    </SimpleGrid>
  );
}

function SearchResults({ search }: { search: string }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const [page, setPage] = useListingPage();
  const results = trpc.games.list.useQuery({ search, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  return (
    <>
      <Box mt="xl">
        <Text c="dimmed" size="sm" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          <IconSearch size={14} aria-hidden style={{ verticalAlign: -2, marginInlineEnd: 6 }} />
          <FormattedMessage id="search.results" defaultMessage="Search results" />
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }} mt={4} style={{ wordBreak: 'break-word' }}>
          <FormattedMessage id="search.resultsFor" defaultMessage="Results for “{search}”" values={{ search }} />
        </Title>
        {results.data && page === 0 && results.data.length < PAGE_SIZE && (
          <Text c="dimmed" mt={4}>
            <FormattedMessage
              id="search.found"
              defaultMessage="{count, plural, one {{shown} game found} other {{shown} games found}}"
              values={{ count: results.data.length, shown: format.count(results.data.length) }}
            />
          </Text>
        )}
        <Button component={Link} to="/" variant="subtle" leftSection={<IconX size={14} />} mt="xs" px={0}>
          <FormattedMessage id="search.clear" defaultMessage="Clear search" />
        </Button>
      </Box>
      <Box mt="md">
        <GameGrid
          games={results.data}
          loading={results.isPending}
          error={results.error}
          emptyText={intl.formatMessage({ id: 'search.noResults', defaultMessage: 'No games found matching your criteria.' })}
        />
        <ListingPager page={page} hasNext={(results.data?.length ?? 0) === PAGE_SIZE} onChange={setPage} />
      </Box>
    </>
  );
}

function FilteredGames({ slug, name }: { slug: string; name: string }) {
  const intl = useIntl();
  const isMultiplayer = slug === 'multiplayer';
  const home = trpc.home.get.useQuery(undefined, { enabled: isMultiplayer });
  const list = trpc.games.list.useQuery({ category: slug, limit: PAGE_SIZE }, { enabled: !isMultiplayer });
  const query = isMultiplayer ? home : list;
  const games = isMultiplayer ? home.data?.multiplayer : list.data;
  return (
    <Section id="games" title={intl.formatMessage({ id: 'home.categoryGames', defaultMessage: '{category} Games' }, { category: name })} icon={<IconBolt size={22} color="var(--mantine-color-violet-5)" />}>
      <GameGrid
        games={games}
        loading={query.isPending}
        error={query.error}
        cols={popularCols}
        skeletons={HOME_LIST_SIZES.popular}
        emptyText={intl.formatMessage({ id: 'search.noResults', defaultMessage: 'No games found matching your criteria.' })}
      />
    </Section>
  );
}

function scrollToGames() {
  const target = document.getElementById('games');
  target?.scrollIntoView({ block: 'start' });
  target?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true });
}

export function HomePage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const intl = useIntl();
  const chipName = useChipName();
  usePageTitle(search ? intl.formatMessage({ id: 'search.pageTitle', defaultMessage: 'Search: {search}' }, { search }) : undefined);
  const [chip, setChip] = useState('popular');
  const home = trpc.home.get.useQuery();
  const country = useVisitorCountry();
  const trending = trpc.games.trending.useQuery({ country: country ?? undefined, limit: HOME_LIST_SIZES.trending });
  // Named after the country only when its own plays rank the list; else it says it is worldwide.
  const askedPlace = trendingCountryName(trending.data, intl.locale);
  const trendingPlace = trending.data?.scope === 'country' ? askedPlace : null;
  const categories = trpc.categories.list.useQuery();
  const chips = mergeChips(categories.data);
  const selected = chips.find((item) => item.slug === chip) ?? chips[0]!;

  return (
    <Container size="xl" pt="md">
      <AdSlot place="home" />
      {search ? (
        <SearchResults search={search} />
      ) : (
        <>
          <Title order={1} className="visually-hidden">
            <FormattedMessage id="home.heading" defaultMessage="{portal}: free online games" values={{ portal: PORTAL_NAME }} />
          </Title>
          <Box mt="md">
            <Hero
              onPlayNow={scrollToGames}
              trendingPlace={trendingPlace}
              art={[home.data?.popular, trending.data?.games, home.data?.multiplayer].map((list) =>
                (list ?? []).slice(0, 3).map((game) => game.thumbUrl),
              )}
            />
          </Box>
          <RecentlyPlayedRow />
          <Box mt="lg">
            <CategoryChips chips={chips} value={chip} onChange={setChip} />
          </Box>

          {chip === 'popular' ? (
            <Section
              id="games"
              title={intl.formatMessage({ id: 'home.popular', defaultMessage: 'Popular Now' })}
              subtitle={intl.formatMessage({ id: 'home.popularSubtitle', defaultMessage: 'The games everyone is playing' })}
              viewAll="/categories"
              icon={<IconBolt size={22} color="var(--mantine-color-violet-5)" />}
            >
              <HomeList
                games={home.data?.popular}
                loading={home.isPending}
                error={home.error}
                size={HOME_LIST_SIZES.popular}
                variant="default"
                cols={popularCols}
                first
              />
            </Section>
          ) : (
            <FilteredGames key={selected.slug} slug={selected.slug} name={chipName(selected)} />
          )}

          <Section
            id="trending"
            title={
              trendingPlace
                ? intl.formatMessage({ id: 'trending.inPlace', defaultMessage: 'Trending in {place}' }, { place: trendingPlace })
                : intl.formatMessage({ id: 'trending.worldwide', defaultMessage: 'Trending Worldwide' })
            }
            subtitle={
              trending.data?.scope === 'world' && askedPlace
                ? intl.formatMessage(
                    { id: 'trending.notEnoughPlays', defaultMessage: 'Not enough plays from {place} yet: climbing the charts worldwide this week' },
                    { place: askedPlace },
                  )
                : intl.formatMessage({ id: 'home.trendingSubtitle', defaultMessage: 'Climbing the charts this week' })
            }
            viewAll="/trending"
            icon={<IconFlame size={22} color="var(--mantine-color-orange-6)" />}
          >
            <HomeList
              games={trending.data?.games}
              loading={trending.isPending}
              error={trending.error}
              size={HOME_LIST_SIZES.trending}
              variant="large"
              cols={trendingCols}
              ranked
            />
          </Section>

          <Section
            id="new"
            title={intl.formatMessage({ id: 'home.newThisWeek', defaultMessage: 'New This Week' })}
            subtitle={intl.formatMessage({ id: 'home.newSubtitle', defaultMessage: 'Fresh releases, just landed' })}
            viewAll="/new"
            icon={<IconSparkles size={22} color="var(--mantine-color-pink-6)" />}
          >
            <HomeList
              games={home.data?.new}
              loading={home.isPending}
              error={home.error}
              size={HOME_LIST_SIZES.new}
              variant="small"
              cols={newCols}
            />
          </Section>

          <Section
            id="multiplayer"
            title={intl.formatMessage({ id: 'home.bestMultiplayer', defaultMessage: 'Best Multiplayer' })}
            subtitle={intl.formatMessage({ id: 'home.multiplayerSubtitle', defaultMessage: 'Team up or go head to head' })}
            icon={<IconUsers size={22} color="var(--mantine-color-teal-6)" />}
          >
            <HomeList
              games={home.data?.multiplayer}
              loading={home.isPending}
              error={home.error}
              size={HOME_LIST_SIZES.multiplayer}
              variant="multiplayer"
              cols={multiplayerCols}
            />
          </Section>

          <Newsletter />
        </>
      )}
    </Container>
  );
}
