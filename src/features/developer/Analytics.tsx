import { Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconPlayerPlay, IconStar, IconStarFilled } from '@tabler/icons-react';
import type { DevGame } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { formatRating } from '../games/format';
import { StatusBadge } from './StatusBadge';

function Stat({ label, value, icon, color }: { label: string; value: string; icon: React.ReactNode; color: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt="sm">
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.2}>
        {value}
      </Text>
    </Paper>
  );
}

/** Real totals computed from the developer's own games (developer.myGames). */
export function Analytics({ games, loading }: { games: DevGame[] | undefined; loading: boolean }) {
  if (loading) return <Skeleton height={220} radius="lg" />;
  if (!games || games.length === 0) return <EmptyState>Analytics appear once you have submitted a game.</EmptyState>;
  const plays = games.reduce((sum, game) => sum + game.metrics.plays, 0);
  const ratings = games.reduce((sum, game) => sum + game.ratingSummary.count, 0);
  const weighted = games.reduce((sum, game) => sum + game.ratingSummary.avg * game.ratingSummary.count, 0);
  const published = games.filter((game) => game.status === 'APPROVED').length;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat label="Total Plays" value={plays.toLocaleString('en-US')} icon={<IconPlayerPlay size={20} />} color="violet" />
        <Stat label="Total Ratings" value={ratings.toLocaleString('en-US')} icon={<IconStar size={20} />} color="yellow" />
        <Stat label="Average Rating" value={ratings ? formatRating(weighted / ratings) : '–'} icon={<IconStarFilled size={20} />} color="orange" />
        <Stat label="Published Games" value={`${published} / ${games.length}`} icon={<IconChecklist size={20} />} color="teal" />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Title order={3} size="h5" mb="sm">
          Per game
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Game</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Plays</Table.Th>
                <Table.Th ta="right">Ratings</Table.Th>
                <Table.Th ta="right">Average</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {games.map((game) => (
                <Table.Tr key={game.id}>
                  <Table.Td>{game.title}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={game.status} />
                  </Table.Td>
                  <Table.Td ta="right">{game.metrics.plays.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{game.ratingSummary.count.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{formatRating(game.ratingSummary.avg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
