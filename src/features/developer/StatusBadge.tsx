import { Badge } from '@mantine/core';

/** APPROVED and PENDING have their own colours; any other status is shown as destructive. */
export function StatusBadge({ status }: { status: string }) {
  const color = status === 'APPROVED' ? 'teal' : status === 'PENDING' ? 'yellow' : 'red';
  return (
    <Badge color={color} variant={status === 'APPROVED' || status === 'PENDING' ? 'light' : 'filled'}>
      {status}
    </Badge>
  );
}
