/**
 * The developer portal's Earnings tab (issue #37): each month's statement, as the admin's entry of
 * the network's revenue made it: impressions, revenue and share per game, the balance carried from
 * months under the minimum, and the payout. Downloadable as CSV.
 */
import { Accordion, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { REVENUE_SHARE } from '../../../shared/constants';
import type { Statement } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { trpc } from '../../trpc';
import { statementsCsv } from './statements-csv';

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
}

const STATUS: Record<Statement['status'], { label: string; color: string }> = {
  CARRIED_OVER: { label: 'Carried over', color: 'gray' },
  DUE: { label: 'Payout due', color: 'yellow' },
  PAID: { label: 'Paid', color: 'teal' },
};

function download(statements: readonly Statement[]): void {
  const url = URL.createObjectURL(new Blob([statementsCsv(statements)], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'playfree-statements.csv';
  link.click();
  URL.revokeObjectURL(url);
}

function StatementPanel({ statement }: { statement: Statement }) {
  const money = (cents: number) => formatMoney(cents, statement.currency);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Game</Table.Th>
              <Table.Th ta="right">Ad impressions</Table.Th>
              <Table.Th ta="right">Breaks</Table.Th>
              <Table.Th ta="right">Revenue</Table.Th>
              <Table.Th ta="right">Your share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statement.games.map((game) => (
              <Table.Tr key={game.gameId}>
                <Table.Td>{game.title}</Table.Td>
                <Table.Td ta="right">{game.slotImpressions.toLocaleString('en')}</Table.Td>
                <Table.Td ta="right">{game.breakImpressions.toLocaleString('en')}</Table.Td>
                <Table.Td ta="right">{money(game.revenueCents)}</Table.Td>
                <Table.Td ta="right">{money(game.shareCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xl" wrap="wrap">
        <Text size="sm">
          Carried in: <b>{money(statement.carriedInCents)}</b>
        </Text>
        <Text size="sm">
          Balance: <b>{money(statement.balanceCents)}</b>
        </Text>
        <Text size="sm" c="dimmed">
          {statement.payout === null
            ? `Under ${formatMoney(REVENUE_SHARE.minimumPayoutCents, statement.currency)}: carried over to next month.`
            : statement.payout.paidAt
              ? `Paid ${statement.payout.paidAt.slice(0, 10)} (reference ${statement.payout.reference}).`
              : `Payout of ${money(statement.payout.amountCents)} due on ${statement.payout.dueOn}.`}
        </Text>
      </Group>
    </Stack>
  );
}

export function Earnings() {
  const statements = trpc.revenue.statements.useQuery();
  if (statements.isPending) return <Skeleton height={220} radius="lg" aria-label="Loading statements" />;
  if (statements.isError) return <EmptyState>We could not load your statements. Please try again later.</EmptyState>;
  const intro = `You get ${REVENUE_SHARE.developerPercent}% of the ad revenue your games earn. Each month's statement appears once the month's revenue is entered; balances reaching ${formatMoney(REVENUE_SHARE.minimumPayoutCents, 'USD')} are paid on the ${REVENUE_SHARE.payoutDay}th of the next month.`;
  return (
    <Stack maw={900}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" maw={640}>
          {intro}
        </Text>
        <Button variant="default" leftSection={<IconDownload size={16} />} disabled={statements.data.length === 0} onClick={() => download(statements.data)}>
          Download CSV
        </Button>
      </Group>
      {statements.data.length === 0 ? (
        <EmptyState>No statements yet: they appear once a month's ad revenue has been entered.</EmptyState>
      ) : (
        <Accordion variant="separated" radius="lg" defaultValue={statements.data[0]!.month}>
          {statements.data.map((statement) => (
            <Accordion.Item key={statement.month} value={statement.month}>
              <Accordion.Control aria-label={`Statement ${statement.month}`}>
                <Group justify="space-between" wrap="wrap" gap="xs" pr="sm">
                  <Text fw={700}>{statement.month}</Text>
                  <Group gap="sm">
                    <Text size="sm">Share {formatMoney(statement.shareCents, statement.currency)}</Text>
                    <Badge color={STATUS[statement.status].color} variant="light">
                      {STATUS[statement.status].label}
                    </Badge>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <StatementPanel statement={statement} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <Paper withBorder radius="md" p="sm">
        <Text size="xs" c="dimmed">
          Amounts are in whole cents; a month&apos;s parts always add up to the revenue entered. How a month is split is described in the API documentation.
        </Text>
      </Paper>
    </Stack>
  );
}
