import { useCallback, useRef, useState } from 'react';
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
  Kbd,
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
import type { Game } from '../../shared/schemas';
import { GameCard } from '../components/GameCard/GameCard';
import { GameFrame } from '../components/GameFrame/GameFrame';
import { RatingStars } from '../components/RatingStars/RatingStars';
import { Section } from '../components/Section/Section';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { RateGamePanel } from '../features/game/RateGamePanel';
import { ReviewsList } from '../features/game/ReviewsList';
import { ReportGameDialog } from '../features/game/ReportGameDialog';
import { ageRatingLabel, formatRating } from '../features/games/format';
import { GameControls } from '../features/sdk/GameControls';
import { TopScores } from '../features/sdk/TopScores';
import { useFullscreen } from '../features/sdk/useFullscreen';
import { useGameBridge } from '../features/sdk/useGameBridge';
import { usePageTitle } from '../features/usePageTitle';
import { toast } from '../notify';
import { trpc } from '../trpc';

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

function ControlsPanel() {
  const rows = [
    { keys: ['W', 'A', 'S', 'D'], label: 'Move' },
    { keys: ['↑', '←', '↓', '→'], label: 'Move (arrow keys)' },
    { keys: ['Space'], label: 'Jump / action' },
    { keys: ['Esc'], label: 'Pause' },
  ];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="controls-heading">
      <Title order={2} size="h4" id="controls-heading" mb="sm">
        Controls
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {rows.map((row) => (
          <Group key={row.label} gap={6} wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              {row.keys.map((key) => (
                <Kbd key={key}>{key}</Kbd>
              ))}
            </Group>
            <Text size="sm" c="dimmed">
              {row.label}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function RelatedGames({ game }: { game: Game }) {
  const category = game.categories[0]?.slug;
  const related = trpc.games.list.useQuery(
    { category, limit: RELATED_GAMES },
    { enabled: Boolean(category) },
  );
  const games = (related.data ?? []).filter((item) => item.id !== game.id).slice(0, RELATED_GAMES);
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
}

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

function GameDetail({ game }: { game: Game }) {
  usePageTitle(game.title);
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const [reportOpened, reportDialog] = useDisclosure(false);
  const playerRef = useRef<HTMLDivElement>(null);
  const tracked = useRef<number | null>(null);
  const [iframe, setIframe] = useState<HTMLIFrameElement | null>(null);
  const [frameWrap, setFrameWrap] = useState<HTMLDivElement | null>(null);
  const allowedOrigins = game.originAllowlists.map((entry) => entry.allowedOrigin);
  const bridge = useGameBridge({ iframe, src: game.srcUrl ?? '', allowedOrigins, gameId: game.id, title: game.title, saveScores: true });
  const fullscreen = useFullscreen(frameWrap, useCallback(() => iframe?.focus(), [iframe]));

  const play = trpc.games.play.useMutation({
    onSuccess: ({ plays }) => {
      utils.games.bySlug.setData({ slug: game.slug }, (old) => (old ? { ...old, metrics: { ...old.metrics, plays } } : old));
      // A play unlocks rating the game.
      void utils.ratings.mine.invalidate({ id: game.id });
    },
    // Play tracking failure is silent (spec section 8).
    onError: () => undefined,
  });

  const onFavoriteDone = (isFavorited: boolean) => {
    utils.games.bySlug.setData({ slug: game.slug }, (old) => (old ? { ...old, isFavorited } : old));
    toast(
      isFavorited ? 'Added to favorites' : 'Removed from favorites',
      isFavorited ? 'Game added to your favorites!' : 'Game removed from your favorites.',
    );
  };
  const addFavorite = trpc.favorites.add.useMutation({
    onSuccess: (data) => onFavoriteDone(data.isFavorited),
    onError: (error) => console.error('Favorite failed', error),
  });
  const removeFavorite = trpc.favorites.remove.useMutation({
    onSuccess: (data) => onFavoriteDone(data.isFavorited),
    onError: (error) => console.error('Unfavorite failed', error),
  });

  const toggleFavorite = () => {
    if (!user) {
      toast('Sign in required', 'Please sign in to add games to your favorites.', 'info');
      return;
    }
    if (game.isFavorited) removeFavorite.mutate({ id: game.id });
    else addFavorite.mutate({ id: game.id });
  };

  const onFrameLoad = () => {
    if (tracked.current === game.id) return;
    tracked.current = game.id;
    play.mutate({ id: game.id });
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
          <Box ref={playerRef} style={{ scrollMarginTop: 80 }}>
            {game.srcUrl ? (
              <GameFrame
                src={game.srcUrl}
                title={game.title}
                allowedOrigins={allowedOrigins}
                onLoad={onFrameLoad}
                frameRef={setIframe}
                wrapRef={setFrameWrap}
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
          {bridge.signInHint && !user && (
            <Alert
              mt="sm"
              radius="md"
              color="violet"
              variant="light"
              icon={<IconTrophy size={18} />}
              data-testid="score-sign-in-hint"
            >
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  {bridge.finalScore === null ? 'Nice round!' : `Nice round — you scored ${bridge.finalScore.toLocaleString('en-US')}!`}
                </Text>
                <SignInButton size="xs" variant="light">
                  Sign in to save your score
                </SignInButton>
              </Group>
            </Alert>
          )}

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
                  {game.metrics.plays.toLocaleString('en-US')} {game.metrics.plays === 1 ? 'play' : 'plays'}
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

          <Stack gap="md" mt="lg">
            <ControlsPanel />
            {user && <RateGamePanel gameId={game.id} slug={game.slug} />}
            <ReviewsList gameId={game.id} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" pos={{ md: "sticky" }} top={80}>
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
                <StatRow label="Total Plays" value={game.metrics.plays.toLocaleString('en-US')} />
                <StatRow label="Average Rating" value={`${formatRating(game.ratingSummary.avg)} / 5`} />
                <StatRow label="Total Reviews" value={game.ratingSummary.count.toLocaleString('en-US')} />
                <StatRow label="Age Rating" value={ageRatingLabel(game.ageRating)} />
              </Stack>
            </Paper>
            <Group grow>
              <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => void share()}>
                Share Game
              </Button>
              <Button variant="default" color="red" leftSection={<IconFlag size={16} />} onClick={reportDialog.open}>
                Report Game
              </Button>
            </Group>
            <TopScores gameId={game.id} newBest={bridge.newBest} />
          </Stack>
        </Grid.Col>
      </Grid>

      <RelatedGames game={game} />
      <ReportGameDialog gameId={game.id} opened={reportOpened} onClose={reportDialog.close} />
    </Container>
  );
}

export function GamePage() {
  const { slug = '' } = useParams();
  const game = trpc.games.bySlug.useQuery({ slug }, { retry: false });
  if (game.isPending) return <GameSkeleton />;
  if (game.error) {
    const code = game.error instanceof TRPCClientError ? game.error.data?.code : undefined;
    if (code !== 'NOT_FOUND' && code !== 'BAD_REQUEST') console.error('Game failed to load', game.error);
    return <GameNotFound />;
  }
  return <GameDetail key={game.data.id} game={game.data} />;
}
