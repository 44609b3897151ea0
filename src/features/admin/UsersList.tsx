import { useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBan, IconCrown, IconLockOpen, IconSearch, IconUsers } from '@tabler/icons-react';
import { ADMIN_PAGE_SIZE } from '../../../shared/constants';
import type { AdminUser } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { formatDate } from '../games/format';
import { ConfirmDialog } from './ConfirmDialog';

type Pending = { user: AdminUser; action: 'block' | 'promote' };

function UserRow({ user, isSelf, onAsk }: { user: AdminUser; isSelf: boolean; onAsk: (pending: Pending) => void }) {
  const utils = trpc.useUtils();
  const unblock = trpc.admin.unblock.useMutation({
    onSuccess: () => {
      toast('User unblocked', `${user.email} can sign in again.`);
      void utils.admin.users.invalidate();
      void utils.admin.stats.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: (error) => toast('Error', errorMessage(error) ?? 'Failed to unblock the user. Please try again.', 'error'),
  });
  return (
    <Paper withBorder radius="lg" p="sm" data-testid="admin-user">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ wordBreak: 'break-word' }}>
              {user.name || user.email}
            </Text>
            {user.role === 'ADMIN' && (
              <Badge color="violet" variant="light">
                Admin
              </Badge>
            )}
            {user.blockedAt && <Badge color="red">Blocked</Badge>}
            {isSelf && (
              <Badge color="gray" variant="outline">
                You
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            Joined {formatDate(user.createdAt)} · {user.lastSignInAt ? `Last sign-in ${formatDate(user.lastSignInAt)}` : 'Never signed in'}
            {user.blockedAt ? ` · Blocked ${formatDate(user.blockedAt)}` : ''}
          </Text>
        </Stack>
        {!isSelf && user.role !== 'ADMIN' && (
          <Group gap="xs">
            {user.blockedAt ? (
              <Button
                size="xs"
                color="teal"
                leftSection={<IconLockOpen size={14} />}
                loading={unblock.isPending}
                onClick={() => unblock.mutate({ id: user.id })}
                aria-label={`Unblock ${user.email}`}
              >
                Unblock
              </Button>
            ) : (
              <>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconBan size={14} />}
                  onClick={() => onAsk({ user, action: 'block' })}
                  aria-label={`Block ${user.email}`}
                >
                  Block
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCrown size={14} />}
                  onClick={() => onAsk({ user, action: 'promote' })}
                  aria-label={`Promote ${user.email}`}
                >
                  Promote
                </Button>
              </>
            )}
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** The Users tab: accounts by e-mail or name; block, unblock, promote. */
export function UsersList({ selfId }: { selfId: number }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const utils = trpc.useUtils();
  const users = trpc.admin.users.useQuery({ search: debounced || undefined, page });
  const done = (title: string, message: string) => {
    toast(title, message);
    setPending(null);
    void utils.admin.users.invalidate();
    void utils.admin.stats.invalidate();
    void utils.admin.auditLog.invalidate();
  };
  const block = trpc.admin.block.useMutation({
    onSuccess: (user) => done('User blocked', `${user.email} was signed out everywhere and cannot sign in.`),
    onError: (error) => toast('Error', errorMessage(error) ?? 'Failed to block the user. Please try again.', 'error'),
  });
  const promote = trpc.admin.promote.useMutation({
    onSuccess: (user) => done('User promoted', `${user.email} is now an administrator.`),
    onError: (error) => toast('Error', errorMessage(error) ?? 'Failed to promote the user. Please try again.', 'error'),
  });
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / ADMIN_PAGE_SIZE));

  return (
    <Stack>
      <TextInput
        label="Find users"
        placeholder="E-mail or name"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {users.isPending ? (
        <Stack aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={80} radius="lg" />
          ))}
        </Stack>
      ) : users.isError ? (
        <EmptyState icon={<IconUsers size={28} />}>Users could not be loaded. Please try again.</EmptyState>
      ) : users.data.users.length === 0 ? (
        <EmptyState icon={<IconUsers size={28} />}>No users found</EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {users.data.total} {users.data.total === 1 ? 'user' : 'users'}
          </Text>
          {users.data.users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === selfId} onAsk={setPending} />
          ))}
        </>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="User pages" />}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.action === 'promote' ? 'Promote to administrator?' : 'Block user?'}
        confirmLabel={pending?.action === 'promote' ? 'Promote' : 'Block'}
        color={pending?.action === 'promote' ? 'violet' : 'red'}
        loading={block.isPending || promote.isPending}
        onConfirm={() => {
          if (!pending) return;
          if (pending.action === 'block') block.mutate({ id: pending.user.id });
          else promote.mutate({ id: pending.user.id });
        }}
        onClose={() => setPending(null)}
      >
        {pending?.action === 'promote' ? (
          <>
            <strong>{pending.user.email}</strong> will be able to review games, reports and users, and cannot be blocked afterwards.
          </>
        ) : (
          <>
            <strong>{pending?.user.email}</strong> is signed out everywhere at once and cannot sign in, rate, favourite or submit until
            unblocked.
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
