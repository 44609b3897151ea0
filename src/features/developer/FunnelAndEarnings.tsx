/**
 * The money and the funnel of a game over the period (issue #37): card impressions in lists → page
 * views → plays, players back on day 1 and 7, ad impressions and breaks; and its earnings: this
 * month's estimate (marked so until the month's revenue is entered) and the confirmed months.
 */
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '../../trpc';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { FormattedMessage, useIntl } from '../../i18n';

type DevAnalytics = RouterOutputs['analytics']['devGame'];


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
  const intl = useIntl();
  const { count: formatCount } = useLocaleFormat();
  const money = (amount: number, currency: string) => intl.formatNumber(amount, { style: 'currency', currency });
  const { earnings } = analytics;
  const confirmedTotal = earnings.confirmed.reduce((total, month) => total + month.share, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder radius="lg" p="md">
        <Title order={3} size="h5" mb="sm">
          <FormattedMessage id="developer.funnel.title" defaultMessage="Funnel" />
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={intl.formatMessage({ id: 'developer.funnel.cardImpressions', defaultMessage: 'Card impressions' })} value={formatCount(sum('card_impressions'))} />
          <Figure label={intl.formatMessage({ id: 'developer.funnel.pageViews', defaultMessage: 'Page views' })} value={formatCount(sum('page_views'))} />
          <Figure label={intl.formatMessage({ id: 'developer.funnel.plays', defaultMessage: 'Plays' })} value={formatCount(sum('plays'))} />
          <Figure label={intl.formatMessage({ id: 'developer.funnel.day1', defaultMessage: 'Back on day 1' })} value={formatCount(sum('returning_day_1'))} />
          <Figure label={intl.formatMessage({ id: 'developer.funnel.day7', defaultMessage: 'Back on day 7' })} value={formatCount(sum('returning_day_7'))} />
          <Figure label={intl.formatMessage({ id: 'developer.earnings.impressions', defaultMessage: 'Ad impressions' })} value={formatCount(sum('ad_impressions'))} />
          <Figure label={intl.formatMessage({ id: 'developer.funnel.breaks', defaultMessage: 'Ad breaks' })} value={formatCount(sum('breaks'))} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p="md" data-testid="game-earnings">
        <Title order={3} size="h5" mb="sm">
          <FormattedMessage id="developer.tabs.earnings" defaultMessage="Earnings" />
        </Title>
        <Stack gap="xs">
          <Group gap="xs">
            <Figure
              label={intl.formatMessage({ id: 'developer.funnel.thisMonth', defaultMessage: 'This month' })}
              value={earnings.estimated_this_month === null ? '–' : money(earnings.estimated_this_month, earnings.currency)}
            />
            <Badge variant="light" color="yellow">
              <FormattedMessage id="developer.funnel.estimated" defaultMessage="Estimated" />
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {earnings.estimated_from_month === null
              ? intl.formatMessage({ id: 'developer.funnel.noEstimate', defaultMessage: 'An estimate appears once a month’s revenue has been entered.' })
              : intl.formatMessage({ id: 'developer.funnel.estimateFrom', defaultMessage: 'At {month}’s revenue per impression; confirmed once this month’s revenue is entered.' }, { month: earnings.estimated_from_month })}
          </Text>
          <Figure label={intl.formatMessage({ id: 'developer.funnel.confirmed', defaultMessage: 'Confirmed, all months' })} value={money(confirmedTotal, earnings.currency)} />
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
