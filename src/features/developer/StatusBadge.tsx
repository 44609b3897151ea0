import { Badge } from '@mantine/core';
import { defineMessages, useIntl } from '../../i18n';

const statuses = defineMessages({
  APPROVED: { id: 'developer.status.approved', defaultMessage: 'APPROVED' },
  PENDING: { id: 'developer.status.pending', defaultMessage: 'PENDING' },
  REJECTED: { id: 'developer.status.rejected', defaultMessage: 'REJECTED' },
  UNPUBLISHED: { id: 'developer.status.unpublished', defaultMessage: 'UNPUBLISHED' },
});

/** APPROVED and PENDING have their own colours; any other status is shown as destructive. */
export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  const color = status === 'APPROVED' ? 'teal' : status === 'PENDING' ? 'yellow' : 'red';
  return (
    <Badge color={color} variant={status === 'APPROVED' || status === 'PENDING' ? 'light' : 'filled'}>
      {Object.hasOwn(statuses, status) ? intl.formatMessage(statuses[status as keyof typeof statuses]) : status}
    </Badge>
  );
}
