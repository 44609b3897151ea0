import { Skeleton, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from '../../../i18n';
import { trpc } from '../../../trpc';
import { formatMinutes, minutesAddingUp } from '../minutes-text';

const sum = (minutes: number[]) => minutes.reduce((total, each) => total + each, 0);

/** Today's and the week's play per game, in whole minutes that add up to each column's total (shown last). */
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
  const todayMs = new Map(activity.data.today.map((row) => [row.gameId, row.ms]));
  const today = minutesAddingUp(rows.map((row) => todayMs.get(row.gameId) ?? 0));
  const week = minutesAddingUp(rows.map((row) => row.ms));
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
        {rows.map((row, index) => (
          <Table.Tr key={row.gameId}>
            <Table.Td>{row.title}</Table.Td>
            <Table.Td>{todayMs.has(row.gameId) ? formatMinutes(intl, today[index]!) : '–'}</Table.Td>
            <Table.Td>{formatMinutes(intl, week[index]!)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Td>
            <FormattedMessage id="family.total" defaultMessage="Total" />
          </Table.Td>
          <Table.Td>{formatMinutes(intl, sum(today))}</Table.Td>
          <Table.Td>{formatMinutes(intl, sum(week))}</Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
