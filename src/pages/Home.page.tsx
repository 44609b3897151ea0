import { useState } from 'react';
import { Alert, Box, Button, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconFlame, IconSearch, IconSparkles, IconUsers, IconX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { HOME_LIST_SIZES, PAGE_SIZE, PORTAL_NAME } from '../../shared/constants';
import type { Game } from '../../shared/schemas';
import { AdBanner } from '../components/AdBanner/AdBanner';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { GameCard, type GameCardVariant } from '../components/GameCard/GameCard';
import { GameCardSkeleton } from '../components/GameCard/GameCardSkeleton';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { Section } from '../components/Section/Section';
import { CategoryChips, mergeChips } from '../features/home/CategoryChips';
import { Hero } from '../features/home/Hero';
import { useListingPage } from '../features/games/useListingPage';
import { ListingPager } from '../components/ListingPager/ListingPager';
import { Newsletter } from '../features/home/Newsletter';
import { RecentlyPlayedRow } from '../features/recent/RecentlyPlayedRow';
import { useTouchFirst } from '../features/games/useTouchFirst';
import { useVisitorCountry } from '../features/games/visitorCountry';
import { countryName } from '../../shared/countries';
import { usePageTitle } from '../features/usePageTitle';
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
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Could not load games">
        Something went wrong while loading games. Please reload the page.
      </Alert>
    );
  }
  if (!loading && (!games || games.length === 0)) {
    return <EmptyState>No games here yet. Check back soon!</EmptyState>;
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
  const [page, setPage] = useListingPage();
  const results = trpc.games.list.useQuery({ search, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  return (
    <>
      <Box mt="xl">
        <Text c="dimmed" size="sm" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          <IconSearch size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 6 }} />
          Search results
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }} mt={4} style={{ wordBreak: 'break-word' }}>
          Results for “{search}”
        </Title>
        {results.data && page === 0 && results.data.length < PAGE_SIZE && (
          <Text c="dimmed" mt={4}>
            {results.data.length === 1 ? '1 game found' : `${results.data.length} games found`}
          </Text>
        )}
        <Button component={Link} to="/" variant="subtle" leftSection={<IconX size={14} />} mt="xs" px={0}>
          Clear search
        </Button>
      </Box>
      <Box mt="md">
        <GameGrid
          games={results.data}
          loading={results.isPending}
          error={results.error}
          emptyText="No games found matching your criteria."
        />
        <ListingPager page={page} hasNext={(results.data?.length ?? 0) === PAGE_SIZE} onChange={setPage} />
      </Box>
    </>
  );
}

function FilteredGames({ slug, name }: { slug: string; name: string }) {
  const isMultiplayer = slug === 'multiplayer';
  const home = trpc.home.get.useQuery(undefined, { enabled: isMultiplayer });
  const list = trpc.games.list.useQuery({ category: slug, limit: PAGE_SIZE }, { enabled: !isMultiplayer });
  const query = isMultiplayer ? home : list;
  const games = isMultiplayer ? home.data?.multiplayer : list.data;
  return (
    <Section id="games" title={`${name} Games`} icon={<IconBolt size={22} color="var(--mantine-color-violet-5)" />}>
      <GameGrid
        games={games}
        loading={query.isPending}
        error={query.error}
        cols={popularCols}
        skeletons={HOME_LIST_SIZES.popular}
        emptyText="No games found matching your criteria."
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
  usePageTitle(search ? `Search: ${search}` : undefined);
  const [chip, setChip] = useState('popular');
  const home = trpc.home.get.useQuery();
  const country = useVisitorCountry();
  const trending = trpc.games.trending.useQuery({ country: country ?? undefined, limit: HOME_LIST_SIZES.trending });
  // Named after the country only when its own plays rank the list; else it says it is worldwide.
  const trendingPlace = trending.data?.scope === 'country' && trending.data.country ? countryName(trending.data.country) : null;
  const categories = trpc.categories.list.useQuery();
  const chips = mergeChips(categories.data);
  const selected = chips.find((item) => item.slug === chip) ?? chips[0]!;

  return (
    <Container size="xl" pt="md">
      <AdBanner />
      {search ? (
        <SearchResults search={search} />
      ) : (
        <>
          <Title order={1} className="visually-hidden">
            {PORTAL_NAME}: free online games
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
              title="Popular Now"
              subtitle="The games everyone is playing"
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
            <FilteredGames key={selected.slug} slug={selected.slug} name={selected.name} />
          )}

          <Section
            id="trending"
            title={trendingPlace ? `Trending in ${trendingPlace}` : 'Trending Worldwide'}
            subtitle={
              trending.data?.scope === 'world' && trending.data.country
                ? `Not enough plays from ${countryName(trending.data.country)} yet: climbing the charts worldwide this week`
                : 'Climbing the charts this week'
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
            title="New This Week"
            subtitle="Fresh releases, just landed"
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
            title="Best Multiplayer"
            subtitle="Team up or go head to head"
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
