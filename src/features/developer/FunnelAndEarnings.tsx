/**
 * The money and the funnel of a game over the period (issue #37): card impressions in lists → page
 * views → plays, players back on day 1 and 7, ad impressions and breaks; and its earnings: this
 * month's estimate (marked so until the month's revenue is entered) and the confirmed months.
 */
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '../../trpc';
import { formatCount } from '../games/format';

type DevAnalytics = RouterOutputs['analytics']['devGame'];

const money = (amount: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} aria-hidden>
        {label}
      </Text>
      <Text fz={20} fw={800}>
        {value}
      </Text>
    </Stack>
  );
}

export function FunnelAndEarnings({ analytics }: { analytics: DevAnalytics }) {
  const sum = (key: 'card_impressions' | 'page_views' | 'plays' | 'ad_impressions' | 'breaks' | 'returning_day_1' | 'returning_day_7') =>
    analytics.days.reduce((total, day) => total + day[key], 0);
  const { earnings } = analytics;
  const confirmedTotal = earnings.confirmed.reduce((total, month) => total + month.share, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder radius="lg" p="md">
        <Title order={3} size="h5" mb="sm">
          Funnel
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label="Card impressions" value={formatCount(sum('card_impressions'))} />
          <Figure label="Page views" value={formatCount(sum('page_views'))} />
          <Figure label="Plays" value={formatCount(sum('plays'))} />
          <Figure label="Back on day 1" value={formatCount(sum('returning_day_1'))} />
          <Figure label="Back on day 7" value={formatCount(sum('returning_day_7'))} />
          <Figure label="Ad impressions" value={formatCount(sum('ad_impressions'))} />
          <Figure label="Ad breaks" value={formatCount(sum('breaks'))} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p="md" data-testid="game-earnings">
        <Title order={3} size="h5" mb="sm">
          Earnings
        </Title>
        <Stack gap="xs">
          <Group gap="xs">
            <Figure
              label="This month"
              value={earnings.estimated_this_month === null ? '–' : money(earnings.estimated_this_month, earnings.currency)}
            />
            <Badge variant="light" color="yellow">
              Estimated
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {earnings.estimated_from_month === null
              ? 'An estimate appears once a month’s revenue has been entered.'
              : `At ${earnings.estimated_from_month}’s revenue per impression; confirmed once this month’s revenue is entered.`}
          </Text>
          <Figure label="Confirmed, all months" value={money(confirmedTotal, earnings.currency)} />
          {earnings.confirmed.slice(0, 3).map((month) => (
            <Text key={month.month} size="sm">
              {month.month}: {money(month.share, earnings.currency)}
            </Text>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
