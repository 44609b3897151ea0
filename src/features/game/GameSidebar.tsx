import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFlag, IconPlayerPlayFilled, IconShare } from '@tabler/icons-react';
import { ageRatingLabel, formatCount, formatRating } from '../games/format';
import { TopScores } from '../sdk/TopScores';
import { toast } from '../../notify';
import { GameFactsCard, LiveBuildLine } from './GameFacts';
import type { NewBest } from './GamePlayer';
import { PlayCount, type ShownGame } from './shownGame';

function StatRow({ label, value }: { label: string; value: ReactNode }) {
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

/** The system share sheet where there is one; otherwise the link is copied (or shown, if copying is refused). */
async function shareGame(game: ShownGame): Promise<void> {
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
}

/** Beside the game (below it on a phone): Play Now, the stats, what it contains, share and report, the top scores. */
export function GameSidebar({ game, newBest, onPlayNow, onReport }: { game: ShownGame; newBest: NewBest; onPlayNow: () => void; onReport: () => void }) {
  return (
    <Stack gap="md" pos={{ md: 'sticky' }} top={80} className="laid-out-when-near">
      <Paper withBorder radius="lg" p="lg">
        <Button
          fullWidth
          size="lg"
          variant="gradient"
          gradient={{ from: 'violet', to: 'pink', deg: 135 }}
          leftSection={<IconPlayerPlayFilled size={18} />}
          onClick={onPlayNow}
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
        {/* A page kept by the service worker before the field existed has no build. */}
        {game.build && <LiveBuildLine build={game.build} />}
      </Paper>
      <GameFactsCard facts={game.contentFacts} />
      <Group grow>
        <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => void shareGame(game)}>
          Share Game
        </Button>
        <Button variant="default" color="red" leftSection={<IconFlag size={16} />} onClick={onReport}>
          Report Game
        </Button>
      </Group>
      <TopScores gameId={game.id} newBest={newBest} />
    </Stack>
  );
}
