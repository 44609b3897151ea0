/**
 * The admin's Revenue tab (issue #37): enter a finished month's ad revenue from the network (a total,
 * or its per-game CSV report), see the months entered, and mark due payouts paid with the payment's
 * reference. docs/OPERATIONS.md describes the routine.
 */
import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { Payout } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { formatMoney } from '../developer/Earnings';
import { FormattedMessage, useIntl } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { errorMessage } from '../errors';

function lastMonth(): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 7);
}

function EnterMonth() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [month, setMonth] = useState(lastMonth);
  const [source, setSource] = useState<'total' | 'csv'>('total');
  const [total, setTotal] = useState('');
  const [csv, setCsv] = useState('');
  const enter = trpc.revenue.import.useMutation({
    onSuccess: (entered) => {
      toast(
        intl.formatMessage({ id: 'admin.revenue.entered', defaultMessage: 'Revenue entered' }),
        intl.formatMessage(
          { id: 'admin.revenue.enteredText', defaultMessage: '{month}: {developers} to developers, {portal} to the portal.' },
          { month: entered.month, developers: formatMoney(intl, entered.developerCents, entered.currency), portal: formatMoney(intl, entered.portalCents, entered.currency) },
        ),
      );
      void utils.revenue.months.invalidate();
      void utils.revenue.payouts.invalidate();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'admin.revenue.notEntered', defaultMessage: 'Not entered' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'admin.revenue.tryAgain', defaultMessage: 'Please try again.' }),
        'error',
      ),
  });
  return (
    <Paper withBorder radius="lg" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          enter.mutate(source === 'total' ? { month, total } : { month, csv });
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5">
            <FormattedMessage id="admin.revenue.enterTitle" defaultMessage="Enter a month's revenue" />
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput label={intl.formatMessage({ id: 'admin.revenue.monthInput', defaultMessage: 'Month (YYYY-MM)' })} value={month} onChange={(event) => setMonth(event.currentTarget.value)} required w={160} />
            <SegmentedControl
              aria-label={intl.formatMessage({ id: 'admin.revenue.as', defaultMessage: 'Revenue as' })}
              value={source}
              onChange={(value) => setSource(value as 'total' | 'csv')}
              data={[
                { value: 'total', label: intl.formatMessage({ id: 'admin.revenue.total', defaultMessage: 'Total' }) },
                { value: 'csv', label: intl.formatMessage({ id: 'admin.revenue.perGameCsv', defaultMessage: 'Per-game CSV' }) },
              ]}
            />
          </Group>
          {source === 'total' ? (
            <TextInput
              label={intl.formatMessage({ id: 'admin.revenue.totalRevenue', defaultMessage: 'Total revenue' })}
              description={intl.formatMessage({ id: 'admin.revenue.totalText', defaultMessage: "In the currency's units, e.g. 1234.56" })}
              value={total} onChange={(event) => setTotal(event.currentTarget.value)} required maw={240} />
          ) : (
            <Textarea
              label={intl.formatMessage({ id: 'admin.revenue.perGameReport', defaultMessage: 'Per-game report' })}
              description={intl.formatMessage({ id: 'admin.revenue.perGameText', defaultMessage: "One game,amount line a game: its id or slug, or portal for the portal's own pages" })}
              autosize
              minRows={4}
              value={csv}
              onChange={(event) => setCsv(event.currentTarget.value)}
              required
            />
          )}
          <Text size="xs" c="dimmed">
            <FormattedMessage id="admin.revenue.replaces" defaultMessage="Entering a month again replaces it, until one of its payouts is marked paid." />
          </Text>
          <Group>
            <Button type="submit" loading={enter.isPending}>
              <FormattedMessage id="admin.revenue.enter" defaultMessage="Enter revenue" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Months() {
  const intl = useIntl();
  const format = useLocaleFormat();
  const months = trpc.revenue.months.useQuery();
  if (months.isPending) return <Skeleton height={80} radius="lg" />;
  if (months.isError || months.data.length === 0) return (
      <EmptyState>
        <FormattedMessage id="admin.revenue.noMonths" defaultMessage="No month entered yet." />
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="admin.revenue.month" defaultMessage="Month" />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage id="admin.revenue.total" defaultMessage="Total" />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage id="admin.revenue.developers" defaultMessage="Developers" />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage id="admin.revenue.portal" defaultMessage="Portal" />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage id="admin.revenue.statements" defaultMessage="Statements" />
            </Table.Th>
            <Table.Th ta="right">
              <FormattedMessage id="admin.revenue.payouts" defaultMessage="Payouts" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.data.map((month) => (
            <Table.Tr key={month.month}>
              <Table.Td>
                {month.month} <Badge size="xs" variant="light">{month.source}</Badge>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(intl, month.totalCents, month.currency)}</Table.Td>
              <Table.Td ta="right">{formatMoney(intl, month.developerCents, month.currency)}</Table.Td>
              <Table.Td ta="right">{formatMoney(intl, month.portalCents, month.currency)}</Table.Td>
              <Table.Td ta="right">{format.count(month.statements)}</Table.Td>
              <Table.Td ta="right">{format.count(month.payouts)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [reference, setReference] = useState('');
  const markPaid = trpc.revenue.markPaid.useMutation({
    onSuccess: () => {
      toast(intl.formatMessage({ id: 'admin.revenue.markedPaid', defaultMessage: 'Payout marked paid' }), `${payout.developer.email}: ${formatMoney(intl, payout.amountCents, payout.currency)}`);
      void utils.revenue.payouts.invalidate();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'admin.revenue.notMarkedPaid', defaultMessage: 'Not marked paid' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'admin.revenue.tryAgain', defaultMessage: 'Please try again.' }),
        'error',
      ),
  });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="admin-payout">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Text fw={600}>
            <FormattedMessage
              id="admin.revenue.amountTo"
              defaultMessage="{amount} to {name}"
              values={{ amount: formatMoney(intl, payout.amountCents, payout.currency), name: payout.developer.name }}
            />
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="admin.revenue.payoutLine"
              defaultMessage="{email} · statement {month} · due {dueOn}"
              values={{ email: payout.developer.email, month: payout.month, dueOn: payout.dueOn }}
            />
          </Text>
        </Stack>
        {payout.paidAt ? (
          <Badge color="teal" variant="light">
            <FormattedMessage id="admin.revenue.paid" defaultMessage="Paid {date} · {reference}" values={{ date: payout.paidAt.slice(0, 10), reference: payout.reference }} />
          </Badge>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              markPaid.mutate({ id: payout.id, reference });
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label={intl.formatMessage({ id: 'admin.revenue.referenceLabel', defaultMessage: 'Payment reference for {email}' }, { email: payout.developer.email })}
                placeholder={intl.formatMessage({ id: 'admin.revenue.reference', defaultMessage: 'Payment reference' })}
                value={reference} onChange={(event) => setReference(event.currentTarget.value)} required size="sm" />
              <Button type="submit" size="sm" disabled={!payout.payable} loading={markPaid.isPending} title={payout.payable ? undefined : intl.formatMessage({ id: 'admin.revenue.dueOn', defaultMessage: 'Due on {date}' }, { date: payout.dueOn })}
              >
                <FormattedMessage id="admin.revenue.markPaid" defaultMessage="Mark paid" />
              </Button>
            </Group>
          </form>
        )}
      </Group>
    </Paper>
  );
}

function Payouts() {
  const payouts = trpc.revenue.payouts.useQuery({ status: 'all' });
  if (payouts.isPending) return <Skeleton height={80} radius="lg" />;
  if (payouts.isError || payouts.data.length === 0) return (
      <EmptyState>
        <FormattedMessage id="admin.revenue.noPayouts" defaultMessage="No payouts yet: balances under the minimum carry over." />
      </EmptyState>
    );
  return (
    <Stack gap="xs">
      {payouts.data.map((payout) => (
        <PayoutRow key={payout.id} payout={payout} />
      ))}
    </Stack>
  );
}

export function Revenue() {
  return (
    <Stack maw={960}>
      <EnterMonth />
      <Title order={3} size="h5">
        <FormattedMessage id="admin.revenue.monthsEntered" defaultMessage="Months entered" />
      </Title>
      <Months />
      <Title order={3} size="h5">
        <FormattedMessage id="admin.revenue.payouts" defaultMessage="Payouts" />
      </Title>
      <Payouts />
    </Stack>
  );
}
