/**
 * The developer portal's Earnings tab (issue #37): each month's statement, as the admin's entry of
 * the network's revenue made it: impressions, revenue and share per game, the balance carried from
 * months under the minimum, and the payout. Downloadable as CSV.
 */
import type { ReactNode } from 'react';
import { Accordion, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { REVENUE_SHARE } from '../../../shared/constants';
import type { Statement } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { trpc } from '../../trpc';
import { statementsCsv } from './statements-csv';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from '../../i18n';

/** An amount in cents in the reader's language ("$1,234.50", "1 234,50 $US"). */
const bold = (chunks: ReactNode[]) => <b>{chunks}</b>;

export function formatMoney(intl: IntlShape, cents: number, currency: string): string {
  return intl.formatNumber(cents / 100, { style: 'currency', currency });
}

const STATUS = defineMessages({
  CARRIED_OVER: { id: 'developer.earnings.carriedOver', defaultMessage: 'Carried over' },
  DUE: { id: 'developer.earnings.due', defaultMessage: 'Payout due' },
  PAID: { id: 'developer.earnings.paid', defaultMessage: 'Paid' },
}) satisfies Record<Statement['status'], unknown>;
const STATUS_COLORS: Record<Statement['status'], string> = { CARRIED_OVER: 'gray', DUE: 'yellow', PAID: 'teal' };

function download(statements: readonly Statement[]): void {
  const url = URL.createObjectURL(new Blob([statementsCsv(statements)], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'playfree-statements.csv';
  link.click();
  URL.revokeObjectURL(url);
}

function StatementPanel({ statement }: { statement: Statement }) {
  const intl = useIntl();
  const money = (cents: number) => formatMoney(intl, cents, statement.currency);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
<Table.Th>
                <FormattedMessage id="developer.earnings.game" defaultMessage="Game" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="developer.earnings.impressions" defaultMessage="Ad impressions" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="developer.earnings.breaks" defaultMessage="Breaks" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="developer.earnings.revenue" defaultMessage="Revenue" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="developer.earnings.yourShare" defaultMessage="Your share" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statement.games.map((game) => (
              <Table.Tr key={game.gameId}>
                <Table.Td>{game.title}</Table.Td>
                <Table.Td ta="right">{intl.formatNumber(game.slotImpressions)}</Table.Td>
                <Table.Td ta="right">{intl.formatNumber(game.breakImpressions)}</Table.Td>
                <Table.Td ta="right">{money(game.revenueCents)}</Table.Td>
                <Table.Td ta="right">{money(game.shareCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="xl" wrap="wrap">
        <Text size="sm">
          <FormattedMessage id="developer.earnings.carriedIn" defaultMessage="Carried in: <b>{amount}</b>" values={{ amount: money(statement.carriedInCents), b: bold }} />
        </Text>
        <Text size="sm">
          <FormattedMessage id="developer.earnings.balance" defaultMessage="Balance: <b>{amount}</b>" values={{ amount: money(statement.balanceCents), b: bold }} />
        </Text>
        <Text size="sm" c="dimmed">
          {statement.payout === null
            ? intl.formatMessage({ id: 'developer.earnings.under', defaultMessage: 'Under {minimum}: carried over to next month.' }, { minimum: money(REVENUE_SHARE.minimumPayoutCents) })
            : statement.payout.paidAt
              ? intl.formatMessage({ id: 'developer.earnings.paidOn', defaultMessage: 'Paid {date} (reference {reference}).' }, { date: statement.payout.paidAt.slice(0, 10), reference: statement.payout.reference })
              : intl.formatMessage({ id: 'developer.earnings.dueOn', defaultMessage: 'Payout of {amount} due on {date}.' }, { amount: money(statement.payout.amountCents), date: statement.payout.dueOn })}
        </Text>
      </Group>
    </Stack>
  );
}

export function Earnings() {
  const intl = useIntl();
  const statements = trpc.revenue.statements.useQuery();
  if (statements.isPending) return <Skeleton height={220} radius="lg" aria-label={intl.formatMessage({ id: 'developer.earnings.loading', defaultMessage: 'Loading statements' })} />;
  if (statements.isError)
    return (
      <EmptyState>
        <FormattedMessage id="developer.earnings.loadFailed" defaultMessage="We could not load your statements. Please try again later." />
      </EmptyState>
    );
  const intro = intl.formatMessage(
    {
      id: 'developer.earnings.intro',
      defaultMessage:
        "You get {percent} of the ad revenue your games earn. Each month's statement appears once the month's revenue is entered; balances reaching {minimum} are paid on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of the next month.",
    },
    {
      percent: intl.formatNumber(REVENUE_SHARE.developerPercent / 100, { style: 'percent' }),
      minimum: formatMoney(intl, REVENUE_SHARE.minimumPayoutCents, 'USD'),
      day: REVENUE_SHARE.payoutDay,
    },
  );
  return (
    <Stack maw={900}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" maw={640}>
          {intro}
        </Text>
        <Button variant="default" leftSection={<IconDownload size={16} />} disabled={statements.data.length === 0} onClick={() => download(statements.data)}>
          <FormattedMessage id="developer.earnings.download" defaultMessage="Download CSV" />
        </Button>
      </Group>
      {statements.data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="developer.earnings.none" defaultMessage="No statements yet: they appear once a month's ad revenue has been entered." />
        </EmptyState>
      ) : (
        <Accordion variant="separated" radius="lg" defaultValue={statements.data[0]!.month}>
          {statements.data.map((statement) => (
            <Accordion.Item key={statement.month} value={statement.month}>
              <Accordion.Control aria-label={intl.formatMessage({ id: 'developer.earnings.statement', defaultMessage: 'Statement {month}' }, { month: statement.month })}>
                <Group justify="space-between" wrap="wrap" gap="xs" pr="sm">
                  <Text fw={700}>{statement.month}</Text>
                  <Group gap="sm">
                    <Text size="sm">
                      <FormattedMessage id="developer.earnings.share" defaultMessage="Share {amount}" values={{ amount: formatMoney(intl, statement.shareCents, statement.currency) }} />
                    </Text>
                    <Badge color={STATUS_COLORS[statement.status]} variant="light">
                      {intl.formatMessage(STATUS[statement.status])}
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
          <FormattedMessage
            id="developer.earnings.note"
            defaultMessage="Amounts are in whole cents; a month's parts always add up to the revenue entered. How a month is split is described in the API documentation."
          />
        </Text>
      </Paper>
    </Stack>
  );
}
