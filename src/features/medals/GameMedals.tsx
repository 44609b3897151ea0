import { useEffect } from 'react';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMedal } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from '../../i18n';
import type { Medal } from '../../../shared/schemas';
import { useAuth } from '../auth/AuthProvider';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { trpc } from '../../trpc';
import { MedalIcon } from './MedalIcon';

function MedalRow({ medal }: { medal: Medal }) {
  const intl = useIntl();
  const hidden = medal.name === null;
  return (
    <Group component="li" gap="sm" wrap="nowrap" data-testid="game-medal" data-unlocked={medal.unlocked || undefined}>
      <MedalIcon icon={medal.icon} unlocked={medal.unlocked} size={36} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={700} truncate>
          {medal.name ?? intl.formatMessage({ id: 'medals.secretName', defaultMessage: 'Secret medal' })}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {hidden ? intl.formatMessage({ id: 'medals.secretDescription', defaultMessage: 'Keep playing to discover it.' }) : medal.description}
        </Text>
      </Stack>
      <Badge size="sm" variant={medal.unlocked ? 'filled' : 'light'} color="yellow" autoContrast style={{ flexShrink: 0 }}>
        <FormattedMessage id="medals.points" defaultMessage="{points} pts" values={{ points: medal.points }} />
      </Badge>
    </Group>
  );
}

/** The game's medals (medals.forGame): what each is worth, which the signed-in player has; secret ones stay hidden until unlocked. */
export function GameMedals({ gameId }: { gameId: number }) {
  const { user } = useAuth();
  const format = useLocaleFormat();
  const utils = trpc.useUtils();
  const medals = trpc.medals.forGame.useQuery({ id: gameId });
  // The server-rendered page holds the signed-out list: a signed-in player's own unlocks are asked for once they are known.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) void utils.medals.forGame.invalidate({ id: gameId });
  }, [userId, gameId, utils]);
  if (medals.isPending) return <Skeleton height={120} radius="lg" />;
  if (medals.error || medals.data.length === 0) return null;
  const unlocked = medals.data.filter((medal) => medal.unlocked);
  const total = medals.data.reduce((sum, medal) => sum + medal.points, 0);
  const earned = unlocked.reduce((sum, medal) => sum + medal.points, 0);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="medals-heading">
      <Group gap="xs" mb={4}>
        <IconMedal size={20} color="var(--mantine-color-yellow-6)" aria-hidden />
        <Title order={2} size="h4" id="medals-heading">
          <FormattedMessage id="medals.heading" defaultMessage="Medals" />
        </Title>
      </Group>
      <Text size="xs" c="dimmed" mb="sm" data-testid="medals-summary">
        {user ? (
          <FormattedMessage
            id="medals.summarySignedIn"
            defaultMessage="{unlocked} of {count} unlocked · {earned} of {total} points"
            values={{ unlocked: unlocked.length, count: medals.data.length, earned, total }}
          />
        ) : (
          <FormattedMessage
            id="medals.summary"
            defaultMessage="{count, plural, one {{shown} medal} other {{shown} medals}} · {total} points. Sign in to collect them."
            values={{ count: medals.data.length, shown: format.count(medals.data.length), total }}
          />
        )}
      </Text>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="medals-heading">
        {medals.data.map((medal, index) => (
          <MedalRow key={medal.key ?? `secret-${index}`} medal={medal} />
        ))}
      </Stack>
    </Paper>
  );
}
