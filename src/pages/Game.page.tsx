import { memo, useEffect, useRef, useState, type Ref } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconFlag,
  IconHeart,
  IconHeartFilled,
  IconMoodSad,
  IconPlayerPlay,
  IconPlayerPlayFilled,
  IconShare,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { TRPCClientError } from '@trpc/client';
import { GAME_FRAME_HEIGHT, RELATED_GAMES } from '../../shared/constants';
import type { GameDetail } from '../../shared/schemas';
import { GameCard } from '../components/GameCard/GameCard';
import { GameFrame } from '../components/GameFrame/GameFrame';
import { HydratedApart } from '../components/HydratedApart/HydratedApart';
import { RatingStars } from '../components/RatingStars/RatingStars';
import { Section } from '../components/Section/Section';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { GameFactsCard, HowToPlay, NoTouchNotice } from '../features/game/GameFacts';
import { RateGamePanel } from '../features/game/RateGamePanel';
import { ReviewsList } from '../features/game/ReviewsList';
import { ageRatingLabel, formatCount, formatRating } from '../features/games/format';
import { GameControls } from '../features/sdk/GameControls';
import { TopScores } from '../features/sdk/TopScores';
import type { GameBridge } from '../features/sdk/useGameBridge';
import { useGamePlayer } from '../features/sdk/useGamePlayer';
import { usePageTitle } from '../features/usePageTitle';
import { toast } from '../notify';
import { lazyWhenOpened } from '../components/Deferred/lazyWhenOpened';
import { trpc } from '../trpc';

/** The report form (a dialog with its form code) loads when it is first opened. */
const ReportGameDialog = lazyWhenOpened(async () => (await import('../features/game/ReportGameDialog')).ReportGameDialog);

function GameSkeleton() {
  return (
    <Container size="xl" pt="md" aria-busy="true" data-testid="game-skeleton">
      <Skeleton height={16} width={220} />
      <Grid mt="md" gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={GAME_FRAME_HEIGHT} radius="lg" />
          <Skeleton height={34} width="60%" mt="lg" />
          <Skeleton height={18} width="40%" mt="sm" />
          <Skeleton height={80} mt="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={110} radius="lg" />
          <Skeleton height={220} radius="lg" mt="md" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function GameNotFound() {
  usePageTitle('Game Not Found');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden>
          <IconMoodSad size={40} />
        </ThemeIcon>
        <Title order={1}>Game Not Found</Title>
        <Text c="dimmed">The game you're looking for doesn't exist or has been removed.</Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />}>
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}

const RelatedGames = memo(function RelatedGames({ gameId, category }: { gameId: number; category: string | undefined }) {
  const related = trpc.games.list.useQuery(
    { category, limit: RELATED_GAMES },
    { enabled: Boolean(category) },
  );
  const games = (related.data ?? []).filter((item) => item.id !== gameId).slice(0, RELATED_GAMES);
  if (games.length === 0) return null;
  return (
    <Section id="related" title="More Like This">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing={{ base: 'sm', sm: 'md' }}>
        {games.map((item) => (
          <GameCard key={item.id} game={item} />
        ))}
      </SimpleGrid>
    </Section>
  );
});

function StatRow({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700} ta="right">
        {value}
      </Text>
    </Group>
  );
}

type NewBest = GameBridge['newBest'];

/**
 * The game as the page renders it: without its counts, which every play changes (the visitor's
 * own first, right after the game loads). Read alone by PlayCount, a play renders a few words
 * again instead of the whole page, a long task on a phone in the middle of the game's start.
 */
type ShownGame = Omit<GameDetail, 'metrics'>;

const withoutMetrics = ({ metrics: _metrics, ...game }: GameDetail): ShownGame => game;
const playsOf = (game: GameDetail): number => game.metrics.plays;

function PlayCount({ slug, unit = false }: { slug: string; unit?: boolean }) {
  const plays = trpc.games.bySlug.useQuery({ slug }, { retry: false, select: playsOf }).data ?? 0;
  return unit ? `${formatCount(plays)} ${plays === 1 ? 'play' : 'plays'}` : formatCount(plays);
}

function askToSignIn(): void {
  toast('Sign in required', 'Please sign in to add games to your favorites.', 'info');
}

/** A favourite call that failed; a session that ended is told by the app as a whole ("Session expired"). */
function onFavoriteFailed(error: unknown): void {
  console.error('Favorite failed', error);
}

/**
 * The game frame with its bar, the SDK bridge and the play count. Its state (the frame element,
 * every message from the game) stays here: the page around it does not render again with it.
 */
function GamePlayer({ game, signedIn, playerRef, onNewBest }: { game: ShownGame; signedIn: boolean; playerRef: Ref<HTMLDivElement>; onNewBest: (best: NewBest) => void }) {
  const utils = trpc.useUtils();
  const tracked = useRef<number | null>(null);
  const { bridge, fullscreen, allowedOrigins, frameRef, wrapRef } = useGamePlayer(game, { saveScores: true });
  useEffect(() => onNewBest(bridge.newBest), [bridge.newBest, onNewBest]);

  const onFrameLoad = () => {
    if (tracked.current === game.id) return;
    tracked.current = game.id;
    // A call, not a mutation hook: the player would render again as the call starts and ends.
    utils.client.games.play.mutate({ id: game.id }).then(
      ({ plays }) => {
        utils.games.bySlug.setData({ slug: game.slug }, (old) => (old ? { ...old, metrics: { ...old.metrics, plays } } : old));
        // A play unlocks rating the game.
        void utils.ratings.mine.invalidate({ id: game.id });
      },
      // Play tracking failure is silent (spec section 8).
      () => undefined,
    );
  };

  return (
    <>
      <Box ref={playerRef} style={{ scrollMarginTop: 80 }}>
        {game.srcUrl ? (
          <GameFrame
            src={game.srcUrl}
            title={game.title}
            allowedOrigins={allowedOrigins}
            onLoad={onFrameLoad}
            frameRef={frameRef}
            wrapRef={wrapRef}
            controls={<GameControls bridge={bridge} fullscreen={fullscreen} />}
          />
        ) : (
          <Paper withBorder radius="lg" h={GAME_FRAME_HEIGHT / 2} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
            <Text c="dimmed" fw={600}>
              Game not available
            </Text>
          </Paper>
        )}
      </Box>
      {bridge.signInHint && !signedIn && (
        <Alert mt="sm" radius="md" color="violet" variant="light" icon={<IconTrophy size={18} />} data-testid="score-sign-in-hint">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {bridge.finalScore === null ? 'Nice round!' : `Nice round — you scored ${formatCount(bridge.finalScore)}!`}
            </Text>
            <SignInButton size="xs" variant="light">
              Sign in to save your score
            </SignInButton>
          </Group>
        </Alert>
      )}
    </>
  );
}

function GameDetailView({ game }: { game: ShownGame }) {
  usePageTitle(game.title);
  const { user, loading: sessionLoading } = useAuth();
  const utils = trpc.useUtils();
  const [reportOpened, reportDialog] = useDisclosure(false);
  const playerRef = useRef<HTMLDivElement>(null);
  const [newBest, setNewBest] = useState<NewBest>(null);

  const onFavoriteDone = async (isFavorited: boolean) => {
    // A refetch of the game still on its way (the signed-in view asked for after the page arrived)
    // may carry the state from before this change: cancel it, then show the change.
    await utils.games.bySlug.cancel({ slug: game.slug });
    utils.games.bySlug.setData({ slug: game.slug }, (old) => (old ? { ...old, isFavorited } : old));
    void utils.favorites.list.invalidate();
    toast(
      isFavorited ? 'Added to favorites' : 'Removed from favorites',
      isFavorited ? 'Game added to your favorites!' : 'Game removed from your favorites.',
    );
  };
  const addFavorite = trpc.favorites.add.useMutation({ onSuccess: (data) => onFavoriteDone(data.isFavorited), onError: onFavoriteFailed });
  const removeFavorite = trpc.favorites.remove.useMutation({ onSuccess: (data) => onFavoriteDone(data.isFavorited), onError: onFavoriteFailed });

  const toggleFavorite = () => {
    // While a stored session is still being checked (right after the page arrives) the call goes
    // out with it: the server knows, and a 401 signs the page out with "Session expired".
    if (!user && !sessionLoading) {
      askToSignIn();
      return;
    }
    if (game.isFavorited) removeFavorite.mutate({ id: game.id });
    else addFavorite.mutate({ id: game.id });
  };

  const share = async () => {
    const url = `${window.location.origin}/games/${game.slug}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: game.title, text: `Play ${game.title} for free`, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast('Link copied', 'The game link has been copied to your clipboard.');
    } catch {
      toast('Share Game', url, 'info');
    }
  };

  const playNow = () => {
    playerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    playerRef.current?.querySelector('iframe')?.focus();
  };

  const studio = game.developerProfile?.studio || 'Independent Developer';
  const favoriteBusy = addFavorite.isPending || removeFavorite.isPending;

  return (
    <Container size="xl" pt="md">
      <Box component="nav" aria-label="Breadcrumb" mb="md">
      <Breadcrumbs separator="/" style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/" size="sm">
          Home
        </Anchor>
        <Anchor component={Link} to="/categories" size="sm">
          Games
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

          <Stack gap="sm" mt="lg">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Box style={{ minWidth: 0, flex: '1 1 300px' }}>
                <Title order={1} fz={{ base: 26, sm: 34 }} style={{ wordBreak: 'break-word' }}>
                  {game.title}
                </Title>
                <Text c="dimmed" size="sm" mt={2}>
                  by <Text span fw={600} c="var(--mantine-color-text)">{studio}</Text>
                </Text>
              </Box>
              <Button
                variant={game.isFavorited ? 'filled' : 'default'}
                color={game.isFavorited ? 'pink' : undefined}
                leftSection={game.isFavorited ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
                onClick={toggleFavorite}
                loading={favoriteBusy}
                aria-pressed={game.isFavorited}
              >
                {game.isFavorited ? 'Favorited' : 'Favorite'}
              </Button>
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
                  {category.name}
                </Badge>
              ))}
              {game.tags.map((tag) => (
                <Badge key={tag.id} variant="outline" color="gray">
                  #{tag.name}
                </Badge>
              ))}
              {game.multiplayer && (
                <Badge color="teal" leftSection={<IconUsers size={12} />}>
                  Multiplayer
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
              {user && <RateGamePanel gameId={game.id} slug={game.slug} />}
              <ReviewsList gameId={game.id} />
            </Stack>
          </HydratedApart>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <HydratedApart>
            <Stack gap="md" pos={{ md: 'sticky' }} top={80} className="laid-out-when-near">
              <Paper withBorder radius="lg" p="lg">
                <Button
                  fullWidth
                  size="lg"
                  variant="gradient"
                  gradient={{ from: 'violet', to: 'pink', deg: 135 }}
                  leftSection={<IconPlayerPlayFilled size={18} />}
                  onClick={playNow}
                  disabled={!game.srcUrl}
                >
                  Play Now
                </Button>
                <Text size="xs" c="dimmed" ta="center" mt="xs">
                  No download required • Instant play
                </Text>
              </Paper>
              <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="stats-heading">
                <Title order={2} size="h4" id="stats-heading" mb="sm">
                  Game Stats
                </Title>
                <Stack gap="xs">
                  <StatRow label="Total Plays" value={<PlayCount slug={game.slug} />} />
                  <StatRow label="Average Rating" value={`${formatRating(game.ratingSummary.avg)} / 5`} />
                  <StatRow label="Total Reviews" value={formatCount(game.ratingSummary.count)} />
                  <StatRow label="Age Rating" value={ageRatingLabel(game.ageRating)} />
                </Stack>
              </Paper>
              <GameFactsCard facts={game.contentFacts} />
              <Group grow>
                <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => void share()}>
                  Share Game
                </Button>
                <Button variant="default" color="red" leftSection={<IconFlag size={16} />} onClick={reportDialog.open}>
                  Report Game
                </Button>
              </Group>
              <TopScores gameId={game.id} newBest={newBest} />
            </Stack>
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
  const game = trpc.games.bySlug.useQuery({ slug }, { retry: false, select: withoutMetrics });
  if (game.isPending) return <GameSkeleton />;
  const code = game.error instanceof TRPCClientError ? game.error.data?.code : undefined;
  const gone = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  // A refresh that failed (offline, say) keeps the game on screen; only a game that is gone leaves.
  if (game.error && (gone || !game.data)) {
    if (!gone) console.error('Game failed to load', game.error);
    return <GameNotFound />;
  }
  return <GameDetailView key={game.data.id} game={game.data} />;
}
