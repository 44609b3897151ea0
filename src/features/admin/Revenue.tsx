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
import { errorMessage } from '../errors';

function lastMonth(): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 7);
}

function EnterMonth() {
  const utils = trpc.useUtils();
  const [month, setMonth] = useState(lastMonth);
  const [source, setSource] = useState<'total' | 'csv'>('total');
  const [total, setTotal] = useState('');
  const [csv, setCsv] = useState('');
  const enter = trpc.revenue.import.useMutation({
    onSuccess: (entered) => {
      toast('Revenue entered', `${entered.month}: ${formatMoney(entered.developerCents, entered.currency)} to developers, ${formatMoney(entered.portalCents, entered.currency)} to the portal.`);
      void utils.revenue.months.invalidate();
      void utils.revenue.payouts.invalidate();
    },
    onError: (error) => toast('Not entered', errorMessage(error) ?? 'Please try again.', 'error'),
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
            Enter a month&apos;s revenue
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput label="Month (YYYY-MM)" value={month} onChange={(event) => setMonth(event.currentTarget.value)} required w={160} />
            <SegmentedControl
              aria-label="Revenue as"
              value={source}
              onChange={(value) => setSource(value as 'total' | 'csv')}
              data={[
                { value: 'total', label: 'Total' },
                { value: 'csv', label: 'Per-game CSV' },
              ]}
            />
          </Group>
          {source === 'total' ? (
            <TextInput label="Total revenue" description="In the currency's units, e.g. 1234.56" value={total} onChange={(event) => setTotal(event.currentTarget.value)} required maw={240} />
          ) : (
            <Textarea
              label="Per-game report"
              description="One game,amount line a game: its id or slug, or portal for the portal's own pages"
              autosize
              minRows={4}
              value={csv}
              onChange={(event) => setCsv(event.currentTarget.value)}
              required
            />
          )}
          <Text size="xs" c="dimmed">
            Entering a month again replaces it, until one of its payouts is marked paid.
          </Text>
          <Group>
            <Button type="submit" loading={enter.isPending}>
              Enter revenue
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Months() {
  const months = trpc.revenue.months.useQuery();
  if (months.isPending) return <Skeleton height={80} radius="lg" />;
  if (months.isError || months.data.length === 0) return <EmptyState>No month entered yet.</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Developers</Table.Th>
            <Table.Th ta="right">Portal</Table.Th>
            <Table.Th ta="right">Statements</Table.Th>
            <Table.Th ta="right">Payouts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.data.map((month) => (
            <Table.Tr key={month.month}>
              <Table.Td>
                {month.month} <Badge size="xs" variant="light">{month.source}</Badge>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(month.totalCents, month.currency)}</Table.Td>
              <Table.Td ta="right">{formatMoney(month.developerCents, month.currency)}</Table.Td>
              <Table.Td ta="right">{formatMoney(month.portalCents, month.currency)}</Table.Td>
              <Table.Td ta="right">{month.statements}</Table.Td>
              <Table.Td ta="right">{month.payouts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  const utils = trpc.useUtils();
  const [reference, setReference] = useState('');
  const markPaid = trpc.revenue.markPaid.useMutation({
    onSuccess: () => {
      toast('Payout marked paid', `${payout.developer.email}: ${formatMoney(payout.amountCents, payout.currency)}`);
      void utils.revenue.payouts.invalidate();
    },
    onError: (error) => toast('Not marked paid', errorMessage(error) ?? 'Please try again.', 'error'),
  });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="admin-payout">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Text fw={600}>
            {formatMoney(payout.amountCents, payout.currency)} to {payout.developer.name}
          </Text>
          <Text size="sm" c="dimmed">
            {payout.developer.email} · statement {payout.month} · due {payout.dueOn}
          </Text>
        </Stack>
        {payout.paidAt ? (
          <Badge color="teal" variant="light">
            Paid {payout.paidAt.slice(0, 10)} · {payout.reference}
          </Badge>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              markPaid.mutate({ id: payout.id, reference });
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <TextInput aria-label={`Payment reference for ${payout.developer.email}`} placeholder="Payment reference" value={reference} onChange={(event) => setReference(event.currentTarget.value)} required size="sm" />
              <Button type="submit" size="sm" disabled={!payout.payable} loading={markPaid.isPending} title={payout.payable ? undefined : `Due on ${payout.dueOn}`}>
                Mark paid
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
  if (payouts.isError || payouts.data.length === 0) return <EmptyState>No payouts yet: balances under the minimum carry over.</EmptyState>;
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
        Months entered
      </Title>
      <Months />
      <Title order={3} size="h5">
        Payouts
      </Title>
      <Payouts />
    </Stack>
  );
}
