import { Skeleton, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from '../../../i18n';
import { trpc } from '../../../trpc';
import { formatPlayMinutes } from '../minutes-text';

export function Activity({ profileId }: { profileId: number }) {
  const intl = useIntl();
  const activity = trpc.family.activity.useQuery({ id: profileId });
  if (!activity.data) return <Skeleton height={60} />;
  const rows = activity.data.week;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="family.noPlay" defaultMessage="No play in the last 7 days." />
      </Text>
    );
  }
  const today = new Map(activity.data.today.map((row) => [row.gameId, row.ms]));
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="activity">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <FormattedMessage id="family.colGame" defaultMessage="Game" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="family.colToday" defaultMessage="Today" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="family.colWeek" defaultMessage="7 days" />
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.gameId}>
            <Table.Td>{row.title}</Table.Td>
            <Table.Td>{today.has(row.gameId) ? formatPlayMinutes(intl, today.get(row.gameId)!) : '–'}</Table.Td>
            <Table.Td>{formatPlayMinutes(intl, row.ms)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
