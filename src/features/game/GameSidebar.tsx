import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFlag, IconPlayerPlayFilled, IconShare } from '@tabler/icons-react';
import { FormattedMessage, useIntl, type IntlShape } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { TopScores } from '../sdk/TopScores';
import { GameMedals } from '../medals/GameMedals';
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
      <Text size="sm" fw={700} ta="end">
        {value}
      </Text>
    </Group>
  );
}

/** The system share sheet where there is one; otherwise the link is copied (or shown, if copying is refused). */
async function shareGame(game: ShownGame, intl: IntlShape): Promise<void> {
  const url = `${window.location.origin}/games/${game.slug}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: game.title, text: intl.formatMessage({ id: 'gameSidebar.shareText', defaultMessage: 'Play {title} for free' }, { title: game.title }), url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(
      intl.formatMessage({ id: 'gameSidebar.linkCopied', defaultMessage: 'Link copied' }),
      intl.formatMessage({ id: 'gameSidebar.linkCopiedText', defaultMessage: 'The game link has been copied to your clipboard.' }),
    );
  } catch {
    toast(intl.formatMessage({ id: 'gameSidebar.shareGame', defaultMessage: 'Share Game' }), url, 'info');
  }
}

/** Beside the game (below it on a phone): Play Now, the stats, what it contains, share and report, the top scores. */
export function GameSidebar({ game, newBest, onPlayNow, onReport }: { game: ShownGame; newBest: NewBest; onPlayNow: () => void; onReport: () => void }) {
  const intl = useIntl();
  const format = useLocaleFormat();
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
          <FormattedMessage id="common.playNow" defaultMessage="Play Now" />
        </Button>
        <Text size="xs" c="dimmed" ta="center" mt="xs">
          <FormattedMessage id="gameSidebar.noDownload" defaultMessage="No download required • Instant play" />
        </Text>
      </Paper>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="stats-heading">
        <Title order={2} size="h4" id="stats-heading" mb="sm">
          <FormattedMessage id="gameSidebar.stats" defaultMessage="Game Stats" />
        </Title>
        <Stack gap="xs">
          <StatRow label={intl.formatMessage({ id: 'gameSidebar.totalPlays', defaultMessage: 'Total Plays' })} value={<PlayCount slug={game.slug} />} />
          <StatRow
            label={intl.formatMessage({ id: 'gameSidebar.averageRating', defaultMessage: 'Average Rating' })}
            value={intl.formatMessage({ id: 'gameSidebar.ratingOutOf5', defaultMessage: '{rating} / 5' }, { rating: format.rating(game.ratingSummary.avg) })}
          />
          <StatRow label={intl.formatMessage({ id: 'gameSidebar.totalReviews', defaultMessage: 'Total Reviews' })} value={format.count(game.ratingSummary.count)} />
          <StatRow label={intl.formatMessage({ id: 'gameSidebar.ageRating', defaultMessage: 'Age Rating' })} value={format.ageRating(game.ageRating)} />
        </Stack>
        {/* A page kept by the service worker before the field existed has no build. */}
        {game.build && <LiveBuildLine build={game.build} />}
      </Paper>
      <GameFactsCard facts={game.contentFacts} distributor={game.distributor} />
      {/* Side by side where both labels fit, one under the other where a language's do not. */}
      <Group gap="sm">
        <Button variant="default" flex="1 1 auto" leftSection={<IconShare size={16} />} onClick={() => void shareGame(game, intl)}>
          <FormattedMessage id="gameSidebar.shareGame" defaultMessage="Share Game" />
        </Button>
        <Button variant="default" color="red" flex="1 1 auto" leftSection={<IconFlag size={16} />} onClick={onReport}>
          <FormattedMessage id="gameSidebar.reportGame" defaultMessage="Report Game" />
        </Button>
      </Group>
      <TopScores gameId={game.id} newBest={newBest} />
      <GameMedals gameId={game.id} />
    </Stack>
  );
}
