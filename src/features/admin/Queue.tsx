import type { ReactNode } from 'react';
import { Badge, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { useIntl } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';

interface QueueProps<S extends string> {
  statusOptions: { value: S; label: string }[];
  status: S;
  onStatusChange: (status: S) => void;
  loading: boolean;
  /** Said in place of the items when they could not be loaded. */
  failed?: string;
  empty: boolean;
  /** The empty state's words for the chosen status: "No open reports". */
  emptyText: string;
  icon: ReactNode;
  /** A loading item's height, close to a real one's so nothing jumps. */
  itemHeight: number;
  children: ReactNode;
}

/** A moderation queue of the admin dashboard: a status filter over its items, with loading, failed and empty states. */
export function Queue<S extends string>({ statusOptions, status, onStatusChange, loading, failed, empty, emptyText, icon, itemHeight, children }: QueueProps<S>) {
  const intl = useIntl();
  return (
    <>
      <Select
        label={intl.formatMessage({ id: 'admin.queue.status', defaultMessage: 'Status' })}
        data={statusOptions}
        value={status}
        onChange={(value) => value && onStatusChange(value as S)}
        allowDeselect={false}
        maw={260}
      />
      {loading ? (
        <Stack aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={itemHeight} radius="lg" />
          ))}
        </Stack>
      ) : failed ? (
        <EmptyState icon={icon}>{failed}</EmptyState>
      ) : empty ? (
        <EmptyState icon={icon}>{emptyText}</EmptyState>
      ) : (
        children
      )}
    </>
  );
}

/** An item's top line: its status (in words) and kind as badges, and when it came in. */
export function QueueItemHeader({ status, statusColor, createdAt, children }: { status: string; statusColor: string; createdAt: string; children?: ReactNode }) {
  const format = useLocaleFormat();
  return (
    <Group justify="space-between" mb="xs" gap="xs">
      <Group gap="xs">
        <Badge color={statusColor}>{status}</Badge>
        {children}
      </Group>
      <Text size="xs" c="dimmed">
        {format.date(createdAt)}
      </Text>
    </Group>
  );
}
