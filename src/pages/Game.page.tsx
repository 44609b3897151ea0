import { Suspense, useRef, useState } from 'react';
import { Anchor, Badge, Box, Breadcrumbs, Button, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHeart, IconHeartFilled, IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { HydratedApart } from '../components/HydratedApart/HydratedApart';
import { RatingStars } from '../components/RatingStars/RatingStars';
import { AdSlot } from '../features/ads/AdSlot';
import { useAuth } from '../features/auth/AuthProvider';
import { HowToPlay, NoTouchNotice } from '../features/game/GameFacts';
import { GameNotFound, GameSkeleton } from '../features/game/GamePageStates';
import { GamePlayer, type NewBest } from '../features/game/GamePlayer';
import { GameSidebar } from '../features/game/GameSidebar';
import { RelatedGames } from '../features/game/RelatedGames';
import { ReviewsList } from '../features/game/ReviewsList';
import { PlayCount, withoutMetrics, type ShownGame } from '../features/game/shownGame';
import { useFavoriteToggle } from '../features/game/useFavoriteToggle';
import { usePageTitle } from '../features/usePageTitle';
import { useCategoryName } from '../features/games/categoryName';
import { FormattedMessage, useIntl } from '../i18n';
import { lazyWhenOpened } from '../components/Deferred/lazyWhenOpened';
import { optionalPart } from '../components/Deferred/optionalPart';
import { trpc, trpcErrorCode } from '../trpc';
import { useListing } from '../features/games/useListing';

/** The report form (a dialog with its form code) loads when it is first opened. */
const ReportGameDialog = lazyWhenOpened(async () => (await import('../features/game/ReportGameDialog')).ReportGameDialog);
/** What only a signed-in player sees (the Save menu, rating the game) loads for them alone (issue 57). */
const SaveToCollection = optionalPart(async () => (await import('../features/collections/SaveToCollection')).SaveToCollection);
const RateGamePanel = optionalPart(async () => (await import('../features/game/RateGamePanel')).RateGamePanel);

/**
 * One game's page. The player, the reviews, the sidebar and the related games are each taken over
 * apart (HydratedApart): a phone answers taps between them instead of in one long task.
 */
function GameDetailView({ game: original }: { game: ShownGame }) {
  // In the page's language when its developer translated it.
  const game = useListing(original);
  usePageTitle(game.title);
  const intl = useIntl();
  const categoryName = useCategoryName();
  const { user } = useAuth();
  const favorite = useFavoriteToggle(game);
  const [reportOpened, reportDialog] = useDisclosure(false);
  const playerRef = useRef<HTMLDivElement>(null);
  const [newBest, setNewBest] = useState<NewBest>(null);

  const playNow = () => {
    playerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    playerRef.current?.querySelector('iframe')?.focus();
  };

  const studio = game.developerProfile?.studio || intl.formatMessage({ id: 'game.independentDeveloper', defaultMessage: 'Independent Developer' });

  return (
    <Container size="xl" pt="md">
      <Box component="nav" aria-label={intl.formatMessage({ id: 'game.breadcrumb', defaultMessage: 'Breadcrumb' })} mb="md">
      <Breadcrumbs separator="/" style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/" size="sm">
          <FormattedMessage id="nav.home" defaultMessage="Home" />
        </Anchor>
        <Anchor component={Link} to="/categories" size="sm">
          <FormattedMessage id="footer.games" defaultMessage="Games" />
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page" lineClamp={1}>
          {game.title}
        </Text>
      </Breadcrumbs>
      </Box>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <HydratedApart>
            <GamePlayer game={game} signedIn={Boolean(user)} playerRef={playerRef} onNewBest={setNewBest} />
          </HydratedApart>
          <NoTouchNotice controls={game.controls} />
          {/* An imported game carries its distributor's ads inside: the portal adds none of its own around it. */}
          {!game.distributor && (
            <Box mt="md">
              <AdSlot place="game" gameId={game.id} audience={game.ageRating} />
            </Box>
          )}

          <Stack gap="sm" mt="lg">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Box style={{ minWidth: 0, flex: '1 1 300px' }}>
                <Title order={1} fz={{ base: 26, sm: 34 }} style={{ wordBreak: 'break-word' }}>
                  {game.title}
                </Title>
                <Text c="dimmed" size="sm" mt={2} data-testid="game-byline">
                  {game.distributor ? (
                    <FormattedMessage
                      id="game.publishedVia"
                      defaultMessage="Published by {studio} via {distributor}"
                      values={{
                        studio: <Text span fw={600} c="var(--mantine-color-text)">{studio}</Text>,
                        distributor: <Text span fw={600} c="var(--mantine-color-text)">{game.distributor}</Text>,
                      }}
                    />
                  ) : (
                    <FormattedMessage
                      id="game.by"
                      defaultMessage="by {studio}"
                      values={{ studio: <Text span fw={600} c="var(--mantine-color-text)">{studio}</Text> }}
                    />
                  )}
                </Text>
              </Box>
              <Group gap="xs">
                {user && (
                  <Suspense fallback={null}>
                    <SaveToCollection game={game} />
                  </Suspense>
                )}
                <Button
                  variant={game.isFavorited ? 'filled' : 'default'}
                  color={game.isFavorited ? 'pink' : undefined}
                  leftSection={game.isFavorited ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
                  onClick={favorite.toggle}
                  loading={favorite.busy}
                  aria-pressed={game.isFavorited}
                >
                  {game.isFavorited ? (
                    <FormattedMessage id="game.favorited" defaultMessage="Favorited" />
                  ) : (
                    <FormattedMessage id="game.favorite" defaultMessage="Favorite" />
                  )}
                </Button>
              </Group>
            </Group>
            <Group gap="lg">
              <RatingStars avg={game.ratingSummary.avg} count={game.ratingSummary.count} />
              <Group gap={4} c="dimmed">
                <IconPlayerPlay size={16} aria-hidden />
                <Text size="sm">
                  <PlayCount slug={game.slug} unit />
                </Text>
              </Group>
            </Group>
            <Group gap={6}>
              {game.categories.map((category) => (
                <Badge key={category.id} variant="light">
                  {categoryName(category)}
                </Badge>
              ))}
              {game.tags.map((tag) => (
                <Badge key={tag.id} component={Link} to={`/tags/${encodeURIComponent(tag.name)}`} variant="outline" color="gray" style={{ cursor: 'pointer' }}>
                  #{tag.name}
                </Badge>
              ))}
              {game.multiplayer && (
                <Badge color="teal" leftSection={<IconUsers size={12} />}>
                  <FormattedMessage id="gameCard.multiplayer" defaultMessage="Multiplayer" />
                </Badge>
              )}
            </Group>
            <Text style={{ whiteSpace: 'pre-line' }} mt="xs">
              {game.description}
            </Text>
          </Stack>

          <HydratedApart>
            <Stack gap="md" mt="lg" className="laid-out-when-near">
              <HowToPlay controls={game.controls} instructions={game.instructions} />
              {user && (
                <Suspense fallback={null}>
                  <RateGamePanel gameId={game.id} slug={game.slug} />
                </Suspense>
              )}
              <ReviewsList gameId={game.id} />
            </Stack>
          </HydratedApart>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <HydratedApart>
            <GameSidebar game={game} newBest={newBest} onPlayNow={playNow} onReport={reportDialog.open} />
          </HydratedApart>
        </Grid.Col>
      </Grid>

      <HydratedApart>
        <RelatedGames gameId={game.id} category={game.categories[0]?.slug} />
      </HydratedApart>
      <ReportGameDialog gameId={game.id} opened={reportOpened} onClose={reportDialog.close} />
    </Container>
  );
}

export function GamePage() {
  const { slug = '' } = useParams();
  const queryClient = useQueryClient();
  // A game the server said does not exist (the page it rendered, a 404) is not asked for again on
  // mount: the page taken over keeps showing that, not a skeleton. Any other failure (offline, say)
  // is asked again, as every query is.
  const toldNotFound = trpcErrorCode(queryClient.getQueryState(getQueryKey(trpc.games.bySlug, { slug }, 'query'))?.error) === 'NOT_FOUND';
  const game = trpc.games.bySlug.useQuery({ slug }, { retry: false, retryOnMount: !toldNotFound, select: withoutMetrics });
  if (game.isPending) return <GameSkeleton />;
  const code = trpcErrorCode(game.error);
  const gone = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  // A refresh that failed (offline, say) keeps the game on screen; only a game that is gone leaves.
  if (game.error && (gone || !game.data)) {
    if (!gone) console.error('Game failed to load', game.error);
    return <GameNotFound />;
  }
  return <GameDetailView key={game.data.id} game={game.data} />;
}
