/**
 * The developer portal's Analytics tab: one of the developer's games over 7, 30 or 90 days, as
 * GET /api/dev/games/{id}/analytics answers (the same figures as /api/v1/analytics/games/:id, plus
 * one row per day). Loaded with the tab only: the charts' code and styles stay out of first loads.
 */
import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Accordion, Box, Group, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { DevGame } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { trpc } from '../../trpc';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { FormattedMessage, useIntl, type IntlShape } from '../../i18n';
import { FunnelAndEarnings } from './FunnelAndEarnings';

type Period = '7d' | '30d' | '90d';

const PERIOD_DAYS: Record<Period, number> = { '7d': 7, '30d': 30, '90d': 90 };

function periodLabel(intl: IntlShape, period: Period): string {
  return intl.formatMessage({ id: 'developer.analytics.days', defaultMessage: '{days} days' }, { days: PERIOD_DAYS[period] });
}

const percent = (intl: IntlShape, rate: number) => intl.formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 });

/** 312 → "5m 12s"; 45 → "45s". */
function formatDuration(intl: IntlShape, seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return intl.formatMessage({ id: 'developer.analytics.seconds', defaultMessage: '{seconds}s' }, { seconds: rest });
  if (rest === 0) return intl.formatMessage({ id: 'developer.analytics.minutes', defaultMessage: '{minutes}m' }, { minutes });
  return intl.formatMessage({ id: 'developer.analytics.minutesSeconds', defaultMessage: '{minutes}m {seconds}s' }, { minutes, seconds: rest });
}

/** "2026-11-23" → "Nov 23" (days are UTC days). */
function dayLabel(intl: IntlShape, day: string): string {
  return intl.formatDate(new Date(`${day}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="lg" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} aria-hidden>
        {label}
      </Text>
      <Text fz={26} fw={800} lh={1.2}>
        {value}
      </Text>
    </Paper>
  );
}

/** A chart with its headline number beside its title; the chart is a picture of the daily table below. */
function ChartCard({ title, figure, children }: { title: string; figure: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text fw={700}>{figure}</Text>
      </Group>
      <Box aria-hidden>{children}</Box>
    </Paper>
  );
}

const chartProps = { h: 200, tickLine: 'x', gridAxis: 'y', withLegend: false, yAxisProps: { allowDecimals: false } } as const;
/** Recharts' keyboard layer would make the hidden picture focusable: the numbers are in the text and the table. */
const noKeyboardLayer = { accessibilityLayer: false };

function GameAnalytics({ game, period }: { game: DevGame; period: Period }) {
  const intl = useIntl();
  const { count: formatCount } = useLocaleFormat();
  const duration = (seconds: number) => formatDuration(intl, seconds);
  const analytics = trpc.analytics.devGame.useQuery({ id: game.id, period });
  if (analytics.isPending) return <Skeleton height={420} radius="lg" aria-label={intl.formatMessage({ id: 'developer.portal.loadingAnalytics', defaultMessage: 'Loading analytics' })} />;
  if (analytics.isError) {
    return (
      <EmptyState>
        <FormattedMessage id="developer.analytics.loadFailed" defaultMessage="We could not load the analytics of {title}. Please try again later." values={{ title: game.title }} />
      </EmptyState>
    );
  }
  const { metrics, days } = analytics.data;
  const sessions = days.reduce((sum, day) => sum + day.sessions, 0);
  if (metrics.total_plays === 0 && sessions === 0) {
    return (
      <EmptyState>
        {game.status === 'APPROVED' ? (
          <FormattedMessage id="developer.analytics.noPlays" defaultMessage="No plays of {title} in the last {period}." values={{ title: game.title, period: periodLabel(intl, period) }} />
        ) : (
          <FormattedMessage id="developer.analytics.notPublished" defaultMessage="Analytics of {title} start once it is published." values={{ title: game.title }} />
        )}
      </EmptyState>
    );
  }
  const series = days.map((day) => ({ ...day, label: dayLabel(intl, day.day) }));
  const { retention_rates: retention } = metrics;
  const retentionData = [
    { label: intl.formatMessage({ id: 'developer.analytics.day', defaultMessage: 'Day {day}' }, { day: 1 }), retention: retention.day_1 * 100 },
    { label: intl.formatMessage({ id: 'developer.analytics.day', defaultMessage: 'Day {day}' }, { day: 7 }), retention: retention.day_7 * 100 },
    { label: intl.formatMessage({ id: 'developer.analytics.day', defaultMessage: 'Day {day}' }, { day: 30 }), retention: retention.day_30 * 100 },
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={intl.formatMessage({ id: 'developer.analytics.totalPlays', defaultMessage: 'Total plays' })} value={formatCount(metrics.total_plays)} />
        <Figure label={intl.formatMessage({ id: 'developer.analytics.uniquePlayers', defaultMessage: 'Unique players' })} value={formatCount(metrics.unique_players)} />
        <Figure label={intl.formatMessage({ id: 'developer.analytics.averageSession', defaultMessage: 'Average session' })} value={duration(metrics.average_session)} />
        <Figure label={intl.formatMessage({ id: 'developer.analytics.completionRate', defaultMessage: 'Completion rate' })} value={percent(intl, metrics.completion_rate)} />
      </SimpleGrid>
      <FunnelAndEarnings analytics={analytics.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard title={intl.formatMessage({ id: 'developer.analytics.playsPerDay', defaultMessage: 'Plays per day' })} figure={formatCount(metrics.total_plays)}>
          <BarChart {...chartProps} data={series} dataKey="label" series={[{ name: 'plays', label: intl.formatMessage({ id: 'developer.funnel.plays', defaultMessage: 'Plays' }), color: 'violet.6' }]} barChartProps={noKeyboardLayer} />
        </ChartCard>
        <ChartCard title={intl.formatMessage({ id: 'developer.analytics.uniquePerDay', defaultMessage: 'Unique players per day' })} figure={formatCount(metrics.unique_players)}>
          <LineChart
            {...chartProps}
            data={series}
            dataKey="label"
            series={[{ name: 'unique_players', label: intl.formatMessage({ id: 'developer.analytics.uniquePlayers', defaultMessage: 'Unique players' }), color: 'teal.6' }]}
            curveType="monotone"
            lineChartProps={noKeyboardLayer}
          />
        </ChartCard>
        <ChartCard title={intl.formatMessage({ id: 'developer.analytics.sessionPerDay', defaultMessage: 'Average session per day' })} figure={duration(metrics.average_session)}>
          <LineChart
            {...chartProps}
            data={series}
            dataKey="label"
            series={[{ name: 'average_session', label: intl.formatMessage({ id: 'developer.analytics.averageSession', defaultMessage: 'Average session' }), color: 'orange.6' }]}
            valueFormatter={duration}
            curveType="monotone"
            lineChartProps={noKeyboardLayer}
          />
        </ChartCard>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} size="h5" mb="sm">
            <FormattedMessage id="developer.analytics.retention" defaultMessage="Retention" />
          </Title>
          <Group align="center" wrap="nowrap" gap="md">
            <Box aria-hidden style={{ flex: 1, minWidth: 0 }}>
              <BarChart
                {...chartProps}
                h={180}
                data={retentionData}
                dataKey="label"
                series={[{ name: 'retention', label: intl.formatMessage({ id: 'developer.analytics.playersBack', defaultMessage: 'Players back' }), color: 'blue.6' }]}
                unit="%"
                yAxisProps={{ domain: [0, 100], allowDecimals: false }}
                valueFormatter={(value) => intl.formatNumber(value, { maximumFractionDigits: 1 })}
                barChartProps={noKeyboardLayer}
              />
            </Box>
            <Stack gap={4} component="dl" m={0} miw={96}>
              {retentionData.map((entry) => (
                <Group key={entry.label} gap={6} wrap="nowrap" justify="space-between">
                  <Text component="dt" size="sm" c="dimmed">
                    {entry.label}
                  </Text>
                  <Text component="dd" m={0} fw={700}>
                    {percent(intl, entry.retention / 100)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            <FormattedMessage
              id="developer.analytics.retentionText"
              defaultMessage="Of the players who first played in this period, the share who played again 1, 7 and 30 days later."
            />
          </Text>
        </Paper>
      </SimpleGrid>
      <Accordion variant="separated" radius="lg">
        <Accordion.Item value="daily">
          <Accordion.Control>
            <FormattedMessage id="developer.analytics.daily" defaultMessage="Daily figures" />
          </Accordion.Control>
          <Accordion.Panel>
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
<Table.Th>
                      <FormattedMessage id="developer.analytics.dayUtc" defaultMessage="Day (UTC)" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <FormattedMessage id="developer.funnel.plays" defaultMessage="Plays" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <FormattedMessage id="developer.analytics.uniquePlayers" defaultMessage="Unique players" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <FormattedMessage id="developer.analytics.sessions" defaultMessage="Sessions" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <FormattedMessage id="developer.analytics.averageSession" defaultMessage="Average session" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <FormattedMessage id="developer.analytics.completions" defaultMessage="Completions" />
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {series.toReversed().map((day) => (
                    <Table.Tr key={day.day}>
                      <Table.Td>{day.label}</Table.Td>
                      <Table.Td ta="right">{formatCount(day.plays)}</Table.Td>
                      <Table.Td ta="right">{formatCount(day.unique_players)}</Table.Td>
                      <Table.Td ta="right">{formatCount(day.sessions)}</Table.Td>
                      <Table.Td ta="right">{duration(day.average_session)}</Table.Td>
                      <Table.Td ta="right">{formatCount(day.completions)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

/** Pick one of the developer's games (published ones first) and a period; the figures follow. */
export function Analytics({ games, loading }: { games: DevGame[] | undefined; loading: boolean }) {
  const intl = useIntl();
  const [picked, setPicked] = useState<string | null>(null);
  const [period, setPeriod] = useState<Period>('30d');
  if (loading) return <Skeleton height={220} radius="lg" aria-label={intl.formatMessage({ id: 'developer.portal.loadingAnalytics', defaultMessage: 'Loading analytics' })} />;
  if (!games || games.length === 0)
    return (
      <EmptyState>
        <FormattedMessage id="developer.analytics.none" defaultMessage="Analytics appear once you have submitted a game." />
      </EmptyState>
    );
  const ordered = [...games.filter((game) => game.status === 'APPROVED'), ...games.filter((game) => game.status !== 'APPROVED')];
  const game = ordered.find((entry) => String(entry.id) === picked) ?? ordered[0]!;
  return (
    <Stack>
      <Group align="end" justify="space-between" gap="md">
        <Select
          label={intl.formatMessage({ id: 'developer.earnings.game', defaultMessage: 'Game' })}
          data={ordered.map((entry) => ({ value: String(entry.id), label: entry.title }))}
          value={String(game.id)}
          onChange={(value) => value !== null && setPicked(value)}
          allowDeselect={false}
          w={{ base: '100%', sm: 320 }}
        />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="analytics-period-label">
            <FormattedMessage id="developer.analytics.period" defaultMessage="Period" />
          </Text>
          <SegmentedControl
            aria-labelledby="analytics-period-label"
            data={(Object.keys(PERIOD_DAYS) as Period[]).map((value) => ({ value, label: periodLabel(intl, value) }))}
            value={period}
            onChange={(value) => setPeriod(value as Period)}
          />
        </Stack>
      </Group>
      <GameAnalytics key={game.id} game={game} period={period} />
    </Stack>
  );
}
