import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, List, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconEdit, IconExternalLink, IconLanguage, IconPackage, IconPlayerPlay, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { DevGame } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { trpc } from '../../trpc';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { ThumbnailShapeNote } from './ThumbnailShape';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { FormattedMessage, useIntl } from '../../i18n';
import { EditGameDialog } from './EditGameDialog';
import { TranslationsDialog } from './TranslationsDialog';
import { StatusBadge } from './StatusBadge';

interface MyGamesProps {
  games: DevGame[] | undefined;
  loading: boolean;
  onSubmitNew: () => void;
  /** Opens the builds of a game whose files are uploaded here (issue #24). */
  onOpenBuilds: (game: DevGame) => void;
}

/** A game waiting for review with its files uploaded is reviewed with its submitted build: says when it has none yet. */
function BuildHint({ game, onOpen }: { game: DevGame; onOpen: () => void }) {
  const intl = useIntl();
  const builds = trpc.builds.list.useQuery({ id: game.id });
  if (!builds.data) return null;
  const list = builds.data.builds;
  if (list.some((build) => build.status === 'SUBMITTED' || build.status === 'APPROVED')) return null;
  const checking = list.some((build) => build.status === 'CHECKING');
  const ready = list.some((build) => build.status === 'READY');
  const text = checking
    ? intl.formatMessage({ id: 'developer.myGames.buildChecking', defaultMessage: 'Your build is being checked. Submit it once the checks are done: the game is reviewed with it.' })
    : ready
      ? intl.formatMessage({ id: 'developer.myGames.buildReady', defaultMessage: 'Your build passed its checks but is not submitted yet: the game is reviewed with it.' })
      : intl.formatMessage({ id: 'developer.myGames.noBuild', defaultMessage: 'No build submitted yet: upload the game’s files, then submit the build. The game is reviewed with it.' });
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" c="orange" data-testid="build-hint">
      <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">
        {text}{' '}
        <Anchor component="button" type="button" size="sm" onClick={onOpen} fw={600}>
          <FormattedMessage id="developer.myGames.openBuilds" defaultMessage="Open Builds" />
        </Anchor>
      </Text>
    </Group>
  );
}

export function MyGames({ games, loading, onSubmitNew, onOpenBuilds }: MyGamesProps) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const [editing, setEditing] = useState<DevGame | null>(null);
  const [translating, setTranslating] = useState<DevGame | null>(null);
  if (loading) {
    return (
      <Stack aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={104} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (!games || games.length === 0) {
    return (
      <EmptyState
        action={
          <Button onClick={onSubmitNew}>
            <FormattedMessage id="developer.myGames.submitFirst" defaultMessage="Submit your first game" />
          </Button>
        }
      >
        <FormattedMessage id="developer.myGames.empty" defaultMessage="You haven't submitted any games yet." />
      </EmptyState>
    );
  }
  return (
    <Stack>
      <EditGameDialog game={editing} onClose={() => setEditing(null)} />
      <TranslationsDialog game={translating} onClose={() => setTranslating(null)} />
      {games.map((game) => (
        <Paper key={game.id} withBorder radius="lg" p="sm" data-testid="my-game">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <Box w={{ base: 96, sm: 128 }} style={{ flexShrink: 0, borderRadius: 8, overflow: 'hidden' }}>
              <GameThumb title={game.title} src={game.thumbUrl} />
            </Box>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700} lineClamp={1}>
                  {game.title}
                </Text>
                <Box style={{ flexShrink: 0 }}>
                  <StatusBadge status={game.status} />
                </Box>
              </Group>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {game.description}
              </Text>
              <ThumbnailShapeNote src={game.thumbUrl} />
              <Group gap="md" c="dimmed">
                <Group gap={4}>
                  <IconPlayerPlay size={14} aria-hidden />
                  <Text size="xs">{game.metrics.plays
                      ? intl.formatMessage({ id: 'developer.myGames.plays', defaultMessage: '{count, plural, one {{plays} play} other {{plays} plays}}' }, { count: game.metrics.plays, plays: format.plays(game.metrics.plays) })
                      : intl.formatMessage({ id: 'developer.myGames.noPlays', defaultMessage: 'No plays yet' })}</Text>
                </Group>
                <Group gap={4}>
                  <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" aria-hidden />
                  <Text size="xs">
                    {format.rating(game.ratingSummary.avg)} ({format.count(game.ratingSummary.count)})
                  </Text>
                </Group>
                <Text size="xs">
                  <FormattedMessage id="developer.myGames.submitted" defaultMessage="Submitted {date}" values={{ date: format.date(game.submittedAt ?? game.createdAt) }} />
                </Text>
                {game.reviewedAt && (
                  <Text size="xs">
                    <FormattedMessage id="developer.myGames.reviewed" defaultMessage="Reviewed {date}" values={{ date: format.date(game.reviewedAt) }} />
                  </Text>
                )}
              </Group>
              {game.status === 'PENDING' && game.queuePosition !== null && (
                <Group gap={4} c="yellow.9" wrap="nowrap">
                  <IconClockHour4 size={14} aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" fw={600}>
                    <FormattedMessage
                      id="developer.myGames.queuePosition"
                      defaultMessage="{position, plural, =1 {Next in the review queue} other {Position {shown} in the review queue}}"
                      values={{ position: game.queuePosition, shown: format.count(game.queuePosition) }}
                    />
                  </Text>
                </Group>
              )}
              {game.status === 'PENDING' && game.hosted && <BuildHint game={game} onOpen={() => onOpenBuilds(game)} />}
              {(game.status === 'PENDING' || game.status === 'APPROVED' || game.hosted) && (
                <Group gap="xs" justify="flex-end">
                  <Button size="compact-sm" variant="light" color="teal" leftSection={<IconLanguage size={14} />} onClick={() => setTranslating(game)} aria-label={intl.formatMessage({ id: 'developer.myGames.languagesOf', defaultMessage: 'Languages of {title}' }, { title: game.title })}>
                    <FormattedMessage id="developer.myGames.languages" defaultMessage="Languages" />
                  </Button>
                  {game.hosted && (
                    <Button size="compact-sm" variant="light" color="grape" leftSection={<IconPackage size={14} />} onClick={() => onOpenBuilds(game)} aria-label={intl.formatMessage({ id: 'developer.portal.buildsOf', defaultMessage: 'Builds of {title}' }, { title: game.title })}>
                      <FormattedMessage id="developer.myGames.builds" defaultMessage="Builds" />
                    </Button>
                  )}
                  {game.status === 'PENDING' && (
                    <Button size="compact-sm" variant="light" leftSection={<IconEdit size={14} />} onClick={() => setEditing(game)} aria-label={intl.formatMessage({ id: 'developer.myGames.editLabel', defaultMessage: 'Edit {title}' }, { title: game.title })}>
                      <FormattedMessage id="developer.myGames.edit" defaultMessage="Edit" />
                    </Button>
                  )}
                </Group>
              )}
              {game.status === 'REJECTED' && game.rejectionReasons.length > 0 && (
                <Alert color="red" variant="light" p="xs" title={intl.formatMessage({ id: 'developer.myGames.whyRejected', defaultMessage: 'Why it was not approved' })}>
                  <List size="sm" spacing={2}>
                    {game.rejectionReasons.map((reason) => (
                      <List.Item key={`${reason.rule}:${reason.message}`}>{reason.message}</List.Item>
                    ))}
                  </List>
                  <Anchor component={Link} to="/guidelines" size="sm">
                    <FormattedMessage id="developer.myGames.readGuidelines" defaultMessage="Read the game guidelines" />
                  </Anchor>
                </Alert>
              )}
              {game.status === 'APPROVED' && (
                <Anchor component={Link} to={`/games/${game.slug}`} size="sm" fw={600} aria-label={intl.formatMessage({ id: 'developer.myGames.viewLabel', defaultMessage: 'View {title}' }, { title: game.title })}>
                  <FormattedMessage id="developer.myGames.view" defaultMessage="View" /> <IconExternalLink size={12} aria-hidden />
                </Anchor>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
