import { Button, Card, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconRotateClockwise } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { FormattedMessage, FormattedRelativeTime } from '../../i18n';
import type { RecentGame } from './useRecentlyPlayed';

/** The largest unit that fits, for "2 hours ago". */
function relative(iso: string): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return { value: seconds, unit: 'second' };
  if (abs < 3600) return { value: Math.round(seconds / 60), unit: 'minute' };
  if (abs < 86_400) return { value: Math.round(seconds / 3600), unit: 'hour' };
  return { value: Math.round(seconds / 86_400), unit: 'day' };
}

/**
 * A game of Recently played: when it was last played, and Continue when the account holds its
 * cloud save (the game loads it as it starts), else Play again.
 */
export function RecentGameCard({ game, priority = false }: { game: RecentGame; priority?: boolean }) {
  const when = relative(game.lastPlayedAt);
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="recent-game">
      <Card.Section>
        <Link to={`/games/${game.slug}`} aria-hidden tabIndex={-1}>
          <GameThumb title={game.title} src={game.thumbUrl} priority={priority} />
        </Link>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text fw={700} lineClamp={1} title={game.title}>
          {game.title}
        </Text>
        <Text size="xs" c="dimmed" suppressHydrationWarning>
          <FormattedMessage
            id="recent.lastPlayed"
            defaultMessage="Played {when}"
            values={{ when: <FormattedRelativeTime value={when.value} unit={when.unit} numeric="auto" /> }}
          />
        </Text>
        {game.savedAt ? (
          <Button component={Link} to={`/games/${game.slug}`} size="xs" radius="xl" leftSection={<IconPlayerPlayFilled size={14} aria-hidden />}>
            <FormattedMessage id="recent.continue" defaultMessage="Continue" />
          </Button>
        ) : (
          <Button component={Link} to={`/games/${game.slug}`} size="xs" radius="xl" variant="light" leftSection={<IconRotateClockwise size={14} aria-hidden />}>
            <FormattedMessage id="recent.playAgain" defaultMessage="Play again" />
          </Button>
        )}
      </Stack>
    </Card>
  );
}
