/**
 * A build's automatic checks (issue #24), as its developer and the reviewer both see them: one row
 * per check with its verdict (colour, icon and word), what was measured against the limit, what to
 * change, and the details the check listed. Also the badge of a build's status (its verdict's is VerdictBadge.tsx).
 */
import { Anchor, Badge, Box, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import type { Build, BuildCheck, BuildChecks as Checks } from '../../../shared/schemas';
import { FormattedMessage, useIntl } from '../../i18n';
import { buildStatusLabel } from './build-state';
import { VerdictBadge } from './VerdictBadge';
import classes from './BuildChecks.module.css';

export function BuildStatusBadge({ status }: { status: Build['status'] }) {
  const intl = useIntl();
  const { label, color } = buildStatusLabel(intl, status);
  const Icon = status === 'CHECKING' || status === 'SUBMITTED' ? IconClockHour4 : status === 'FAILED' || status === 'REJECTED' ? IconCircleX : IconCircleCheck;
  return (
    <Badge color={color} variant="light" leftSection={<Icon size={13} aria-hidden />}>
      {label}
    </Badge>
  );
}

/** Opens the build's preview, on its own origin, in a new tab. `label` names it for screen readers. */
export function TryBuildButton({ previewUrl, label }: { previewUrl: string; label: string }) {
  const intl = useIntl();
  return (
    <Button
      component="a"
      href={previewUrl}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      size="sm"
      leftSection={<IconPlayerPlay size={16} />}
      rightSection={<IconExternalLink size={14} aria-hidden />}
      aria-label={intl.formatMessage({ id: 'developer.builds.tryLabel', defaultMessage: 'Try {label} (opens in a new tab)' }, { label })}
    >
      <FormattedMessage id="developer.builds.tryIt" defaultMessage="Try it" />
    </Button>
  );
}

export function LiveBadge() {
  return (
    <Badge color="grape" variant="filled" leftSection={<IconPlayerPlay size={12} aria-hidden />}>
      <FormattedMessage id="developer.builds.live" defaultMessage="Live" />
    </Badge>
  );
}

function CheckRow({ check }: { check: BuildCheck }) {
  const intl = useIntl();
  const count = check.details.length;
  return (
    <Box component="li" className={classes.row} data-verdict={check.verdict} data-testid="build-check">
      <Box className={classes.badgeCell}>
        <VerdictBadge verdict={check.verdict} size="sm" />
      </Box>
      <Text fw={600} size="sm" className={classes.title}>
        {check.title}
      </Text>
      <Stack gap={2} className={classes.body}>
        <Text size="sm">{check.measured}</Text>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="developer.checks.limit" defaultMessage="Limit: {limit}" values={{ limit: check.limit }} />
        </Text>
        {check.advice && check.verdict !== 'pass' && (
          <Text size="sm" c={check.verdict === 'fail' ? 'red' : undefined} className={classes.advice}>
            {check.advice}
          </Text>
        )}
        {/* The start signal comes from the SDK: the words alone do not say where to find it. */}
        {check.id === 'starts' && !check.measured.includes('to gameplayStart') && (
          <Anchor component={Link} to="/api-docs?tab=sdk" size="sm" target="_blank">
            <FormattedMessage id="developer.checks.sdkGuide" defaultMessage="How to call gameplayStart: the Game SDK guide (opens in a new tab)" />
          </Anchor>
        )}
        {count > 0 && (
          <details className={classes.details}>
            <summary>
              <Text span size="sm" fw={500}>
                <FormattedMessage
                  id="developer.checks.showDetails"
                  defaultMessage="{count, plural, one {Show {shown} detail} other {Show {shown} details}}"
                  values={{ count, shown: intl.formatNumber(count) }}
                />
              </Text>
            </summary>
            <List size="xs" spacing={2} mt={4} className={classes.detailList}>
              {check.details.map((detail, index) => (
                <List.Item key={`${index}:${detail}`}>{detail}</List.Item>
              ))}
            </List>
          </details>
        )}
      </Stack>
    </Box>
  );
}

/** Every check of a build, in the server's order, under a summary line. */
export function BuildChecks({ checks }: { checks: Checks }) {
  const intl = useIntl();
  const counts = { pass: 0, warn: 0, fail: 0 };
  for (const item of checks.items) counts[item.verdict] += 1;
  const summary = intl.formatList(
    [
      counts.fail ? intl.formatMessage({ id: 'developer.checks.failed', defaultMessage: '{count, plural, other {{shown} failed}}' }, { count: counts.fail, shown: intl.formatNumber(counts.fail) }) : null,
      counts.warn
        ? intl.formatMessage({ id: 'developer.checks.warnings', defaultMessage: '{count, plural, one {{shown} warning} other {{shown} warnings}}' }, { count: counts.warn, shown: intl.formatNumber(counts.warn) })
        : null,
      intl.formatMessage({ id: 'developer.checks.passed', defaultMessage: '{count, plural, other {{shown} passed}}' }, { count: counts.pass, shown: intl.formatNumber(counts.pass) }),
    ].filter((part): part is string => part !== null),
    { type: 'unit', style: 'short' },
  );
  return (
    <Paper withBorder radius="md" p={0} data-testid="build-checks">
      <Group justify="space-between" gap="xs" px="sm" py="xs" className={classes.header}>
        <Group gap="xs">
          <VerdictBadge verdict={checks.verdict} />
          <Text size="sm" fw={600}>
            {summary}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="developer.checks.checkedIn" defaultMessage="Checked in {seconds} s" values={{ seconds: Math.max(1, Math.round(checks.seconds)) }} />
        </Text>
      </Group>
      {!checks.browser && (
        <Text size="xs" c="dimmed" px="sm" pt="xs">
          <FormattedMessage id="developer.checks.filesOnly" defaultMessage="Only the files were checked: the game was not started in a browser this time." />
        </Text>
      )}
      <Box component="ul" className={classes.list} aria-label={intl.formatMessage({ id: 'developer.checks.label', defaultMessage: 'Automatic checks' })}>
        {checks.items.map((check) => (
          <CheckRow key={check.id} check={check} />
        ))}
      </Box>
    </Paper>
  );
}
