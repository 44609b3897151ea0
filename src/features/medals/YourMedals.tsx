import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FormattedDate, FormattedMessage } from '../../i18n';
import { trpc } from '../../trpc';
import { MedalIcon } from './MedalIcon';

/** The profile's medals (medals.mine): every medal the player unlocked, newest first, with their points. */
export function YourMedals() {
  const mine = trpc.medals.mine.useQuery();
  return (
    <Paper component="section" aria-labelledby="medals-heading" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="baseline" mb={4}>
        <Title order={2} id="medals-heading" fz="xl">
          <FormattedMessage id="account.medals.heading" defaultMessage="Your medals" />
        </Title>
        {mine.data && mine.data.medals.length > 0 && (
          <Badge size="lg" color="yellow" variant="light" data-testid="medal-points">
            <FormattedMessage id="account.medals.points" defaultMessage="{points} points" values={{ points: mine.data.points }} />
          </Badge>
        )}
      </Group>
      {mine.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : mine.error ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="account.medals.error" defaultMessage="Your medals could not be loaded right now." />
        </Text>
      ) : mine.data.medals.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="account.medals.empty" defaultMessage="No medals yet. Games with medals list them on their page: play one to unlock your first." />
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} mt="sm" p={0} style={{ listStyle: 'none' }}>
          {mine.data.medals.map((medal) => (
            <Group component="li" key={`${medal.game.id}-${medal.key}`} gap="sm" wrap="nowrap" data-testid="profile-medal">
              <MedalIcon icon={medal.icon} unlocked size={40} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={700} truncate>
                  {medal.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  <Anchor component={Link} to={`/games/${medal.game.slug}`} size="xs">
                    {medal.game.title}
                  </Anchor>
                  {' · '}
                  <FormattedDate value={medal.unlockedAt} dateStyle="medium" />
                </Text>
              </Stack>
              <Badge size="sm" color="yellow" variant="filled" autoContrast style={{ flexShrink: 0 }}>
                <FormattedMessage id="medals.points" defaultMessage="{points} pts" values={{ points: medal.points }} />
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
