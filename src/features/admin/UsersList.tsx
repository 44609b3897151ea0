import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBan, IconCrown, IconLockOpen, IconSearch, IconUsers } from '@tabler/icons-react';
import { ADMIN_PAGE_SIZE } from '../../../shared/constants';
import type { AdminUser } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { FormattedMessage, useIntl } from '../../i18n';
import { ConfirmDialog } from './ConfirmDialog';

type Pending = { user: AdminUser; action: 'block' | 'promote' };

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

function UserRow({ user, isSelf, onAsk }: { user: AdminUser; isSelf: boolean; onAsk: (pending: Pending) => void }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const email = { email: user.email };
  const utils = trpc.useUtils();
  const unblock = trpc.admin.unblock.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.users.unblocked', defaultMessage: 'User unblocked' }),
        intl.formatMessage({ id: 'admin.users.unblockedText', defaultMessage: '{email} can sign in again.' }, email),
      );
      void utils.admin.users.invalidate();
      void utils.admin.stats.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'admin.users.unblockFailed', defaultMessage: 'Failed to unblock the user. Please try again.' }),
        'error',
      ),
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
                <FormattedMessage id="admin.users.admin" defaultMessage="Admin" />
              </Badge>
            )}
            {user.blockedAt && (
              <Badge color="red">
                <FormattedMessage id="admin.users.blocked" defaultMessage="Blocked" />
              </Badge>
            )}
            {isSelf && (
              <Badge color="gray" variant="outline">
                <FormattedMessage id="admin.users.you" defaultMessage="You" />
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            <FormattedMessage
              id="admin.users.line"
              defaultMessage="Joined {joined} · {lastSignIn, select, never {Never signed in} other {Last sign-in {lastSignIn}}}"
              values={{ joined: format.date(user.createdAt), lastSignIn: user.lastSignInAt ? format.date(user.lastSignInAt) : 'never' }}
            />
            {user.blockedAt && (
              <FormattedMessage id="admin.users.blockedOn" defaultMessage=" · Blocked {date}" values={{ date: format.date(user.blockedAt) }} />
            )}
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
                aria-label={intl.formatMessage({ id: 'admin.users.unblockLabel', defaultMessage: 'Unblock {email}' }, email)}
              >
                <FormattedMessage id="admin.users.unblock" defaultMessage="Unblock" />
              </Button>
            ) : (
              <>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconBan size={14} />}
                  onClick={() => onAsk({ user, action: 'block' })}
                  aria-label={intl.formatMessage({ id: 'admin.users.blockLabel', defaultMessage: 'Block {email}' }, email)}
                >
                  <FormattedMessage id="admin.users.block" defaultMessage="Block" />
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCrown size={14} />}
                  onClick={() => onAsk({ user, action: 'promote' })}
                  aria-label={intl.formatMessage({ id: 'admin.users.promoteLabel', defaultMessage: 'Promote {email}' }, email)}
                >
                  <FormattedMessage id="admin.users.promote" defaultMessage="Promote" />
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
  const intl = useIntl();
  const format = useLocaleFormat();
  const errorTitle = intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' });
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
    onSuccess: (user) =>
      done(
        intl.formatMessage({ id: 'admin.users.blockedTitle', defaultMessage: 'User blocked' }),
        intl.formatMessage({ id: 'admin.users.blockedText', defaultMessage: '{email} was signed out everywhere and cannot sign in.' }, { email: user.email }),
      ),
    onError: (error) => toast(errorTitle, errorMessage(error) ?? intl.formatMessage({ id: 'admin.users.blockFailed', defaultMessage: 'Failed to block the user. Please try again.' }), 'error'),
  });
  const promote = trpc.admin.promote.useMutation({
    onSuccess: (user) =>
      done(
        intl.formatMessage({ id: 'admin.users.promoted', defaultMessage: 'User promoted' }),
        intl.formatMessage({ id: 'admin.users.promotedText', defaultMessage: '{email} is now an administrator.' }, { email: user.email }),
      ),
    onError: (error) => toast(errorTitle, errorMessage(error) ?? intl.formatMessage({ id: 'admin.users.promoteFailed', defaultMessage: 'Failed to promote the user. Please try again.' }), 'error'),
  });
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / ADMIN_PAGE_SIZE));

  return (
    <Stack>
      <TextInput
        label={intl.formatMessage({ id: 'admin.users.find', defaultMessage: 'Find users' })}
        placeholder={intl.formatMessage({ id: 'admin.users.findPlaceholder', defaultMessage: 'E-mail or name' })}
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
        <EmptyState icon={<IconUsers size={28} />}>
          <FormattedMessage id="admin.users.loadFailed" defaultMessage="Users could not be loaded. Please try again." />
        </EmptyState>
      ) : users.data.users.length === 0 ? (
        <EmptyState icon={<IconUsers size={28} />}>
          <FormattedMessage id="admin.users.none" defaultMessage="No users found" />
        </EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            <FormattedMessage
              id="admin.users.count"
              defaultMessage="{count, plural, one {{shown} user} other {{shown} users}}"
              values={{ count: users.data.total, shown: format.count(users.data.total) }}
            />
          </Text>
          {users.data.users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === selfId} onAsk={setPending} />
          ))}
        </>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={intl.formatMessage({ id: 'admin.users.pages', defaultMessage: 'User pages' })} />}
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending?.action === 'promote'
            ? intl.formatMessage({ id: 'admin.users.promoteTitle', defaultMessage: 'Promote to administrator?' })
            : intl.formatMessage({ id: 'admin.users.blockTitle', defaultMessage: 'Block user?' })
        }
        confirmLabel={
          pending?.action === 'promote'
            ? intl.formatMessage({ id: 'admin.users.promote', defaultMessage: 'Promote' })
            : intl.formatMessage({ id: 'admin.users.block', defaultMessage: 'Block' })
        }
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
          <FormattedMessage
            id="admin.users.promoteText"
            defaultMessage="<b>{email}</b> will be able to review games, reports and users, and cannot be blocked afterwards."
            values={{ b: strong, email: pending.user.email }}
          />
        ) : (
          <FormattedMessage
            id="admin.users.blockText"
            defaultMessage="<b>{email}</b> is signed out everywhere at once and cannot sign in, rate, favourite or submit until unblocked."
            values={{ b: strong, email: pending?.user.email }}
          />
        )}
      </ConfirmDialog>
    </Stack>
  );
}
