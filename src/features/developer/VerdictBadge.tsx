import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { CheckVerdict } from '../../../shared/schemas';
import { useIntl } from '../../i18n';
import { verdictLabel } from './build-state';

const VERDICT_ICONS = { pass: IconCircleCheck, warn: IconAlertTriangle, fail: IconCircleX } as const;

/** A build's checks in one word; a module of its own, so the admin's review list needs no more of the checks' code. */
export function VerdictBadge({ verdict, size = 'md' }: { verdict: CheckVerdict; size?: 'sm' | 'md' | 'lg' }) {
  const intl = useIntl();
  const Icon = VERDICT_ICONS[verdict];
  const { label, color } = verdictLabel(intl, verdict);
  return (
    <Badge color={color} variant={verdict === 'pass' ? 'light' : 'filled'} size={size} leftSection={<Icon size={14} aria-hidden />} miw={84}>
      {label}
    </Badge>
  );
}
