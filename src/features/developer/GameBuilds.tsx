/**
 * A hosted game's builds (issue #24): upload a new one, follow its automatic checks, submit it for
 * review, try any build on its own origin, and put an approved one live again (rollback).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, List, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import type { GameStatus } from '../../../shared/constants';
import type { Build } from '../../../shared/schemas';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { errorMessage } from '../errors';
import { formatDate } from '../games/format';
import { BuildChecks, BuildStatusBadge, LiveBadge, TryBuildButton } from './BuildChecks';
import { BuildThreads } from './BuildThreads';
import { BuildUploader } from './BuildUploader';
import { canMakeLive, formatBytes, submitStateOf } from './build-state';

/** How often a build being checked is asked for again. */
const CHECKING_POLL_MS = 1500;
const LIST_POLL_MS = 4000;

export interface BuildsGame {
  id: number;
  title: string;
  status: GameStatus;
}

export function GameBuilds({ game }: { game: BuildsGame }) {
  const utils = trpc.useUtils();
  // While a build is being checked, its row follows (the build shown in full is asked for more often, below).
  const list = trpc.builds.list.useQuery(
    { id: game.id },
    { refetchInterval: (query) => (query.state.data?.builds.some((build) => build.status === 'CHECKING') ? LIST_POLL_MS : false) },
  );
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [making, setMaking] = useState<Build | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // A build chosen in the list is shown above it: the view goes there, and so does the keyboard focus.
  const show = (buildId: number) => {
    setSelectedId(buildId);
    requestAnimationFrame(() => {
      panelRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      panelRef.current?.focus({ preventScroll: true });
    });
  };
  const builds = list.data?.builds ?? [];
  const selected = builds.find((build) => build.id === selectedId) ?? builds[0] ?? null;

  const makeLive = trpc.builds.setLive.useMutation({
    onSuccess: (build) => {
      toast('Version changed', `Players now get version ${build.version}.`);
      setMaking(null);
      void utils.builds.invalidate();
      void utils.developer.myGames.invalidate();
    },
    onError: (error) => toast('Could not change the version', errorMessage(error) ?? 'Please try again.', 'error'),
  });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Title order={3} size="h5" mb="xs">
          Upload a new build
        </Title>
        <BuildUploader
          gameId={game.id}
          onUploaded={(build) => {
            utils.builds.get.setData({ id: game.id, buildId: build.id }, build);
            setSelectedId(build.id);
            void utils.builds.list.invalidate({ id: game.id });
          }}
        />
      </Paper>

      {list.isPending ? (
        <Skeleton height={220} radius="lg" aria-label="Loading builds" />
      ) : list.isError ? (
        <Alert color="red" variant="light" title="The builds could not be loaded">
          {errorMessage(list.error) ?? 'Please try again.'}
        </Alert>
      ) : selected ? (
        <div ref={panelRef} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: 72 }}>
          <BuildPanel key={selected.id} game={game} listed={selected} />
        </div>
      ) : (
        <Text c="dimmed" size="sm">
          No build yet: upload your game’s files above.
        </Text>
      )}

      {builds.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            All builds
          </Title>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Builds of this game">
            {builds.map((build) => (
              <BuildRow
                key={build.id}
                build={build}
                selected={build.id === selected?.id}
                makeLive={canMakeLive(build, game.status)}
                onShow={() => show(build.id)}
                onMakeLive={() => setMaking(build)}
              />
            ))}
          </Stack>
        </Stack>
      )}

      <ConfirmDialog
        opened={making !== null}
        title={making ? `Make version ${making.version} live?` : ''}
        confirmLabel="Make it live"
        color="grape"
        loading={makeLive.isPending}
        onConfirm={() => making && makeLive.mutate({ id: game.id, buildId: making.id })}
        onClose={() => setMaking(null)}
      >
        {making ? `Players will get version ${making.version} at once, in place of the version live now.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}

/** The build shown in full: its checks (asked for again while they run), Try it, and submitting it. */
function BuildPanel({ game, listed }: { game: BuildsGame; listed: Build }) {
  const utils = trpc.useUtils();
  const query = trpc.builds.get.useQuery(
    { id: game.id, buildId: listed.id },
    {
      initialData: listed,
      refetchInterval: (current) => (current.state.data?.status === 'CHECKING' ? CHECKING_POLL_MS : false),
    },
  );
  const build = query.data;
  const checking = build.status === 'CHECKING';

  // Once the checks are done, the list's row catches up.
  useEffect(() => {
    if (!checking && listed.status === 'CHECKING') void utils.builds.list.invalidate({ id: game.id });
  }, [checking, listed.status, utils, game.id]);

  const submit = trpc.builds.submit.useMutation({
    onSuccess: (submitted) => {
      utils.builds.get.setData({ id: game.id, buildId: submitted.id }, submitted);
      void utils.builds.list.invalidate({ id: game.id });
      toast('Build submitted', game.status === 'APPROVED' ? 'It goes live once a reviewer approves it.' : 'The reviewer will see it with your game.');
    },
    onError: (error) => toast('Not submitted', errorMessage(error) ?? 'Please try again.', 'error'),
  });

  const state = submitStateOf(build, game.status === 'APPROVED');
  const failing = build.checks?.items.filter((item) => item.verdict === 'fail') ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="build-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h4">
                Version {build.version}
              </Title>
              <BuildStatusBadge status={build.status} />
              {build.live && <LiveBadge />}
            </Group>
            <Text size="xs" c="dimmed">
              Uploaded {formatDate(build.createdAt)} · {formatBytes(build.totalBytes)} in {build.fileCount} {build.fileCount === 1 ? 'file' : 'files'}
            </Text>
          </Stack>
          <TryBuildButton previewUrl={build.previewUrl} label={`version ${build.version}`} />
        </Group>

        <BuildThreads gameId={game.id} build={build} />

        <div aria-live="polite">
          {checking ? (
            <Group gap="sm" py="md" wrap="nowrap">
              <Loader size="sm" aria-hidden />
              <div>
                <Text size="sm" fw={500}>
                  Checking your game in a phone-sized browser…
                </Text>
                <Text size="xs" c="dimmed">
                  This usually takes under a minute. You can leave this page: the checks go on.
                </Text>
              </div>
            </Group>
          ) : build.checks ? (
            <Text size="sm" fw={500}>
              {build.checks.verdict === 'fail'
                ? 'A check failed.'
                : build.checks.verdict === 'warn'
                  ? 'The checks passed with warnings.'
                  : 'Every check passed.'}
            </Text>
          ) : null}
        </div>

        {failing.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Fix this and upload a new build">
            <List size="sm" spacing={2}>
              {failing.map((item) => (
                <List.Item key={item.id}>
                  <strong>{item.title}:</strong> {item.advice ?? `${item.measured} (limit: ${item.limit})`}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        {state.kind === 'submit' && state.enabled && state.warnings.length > 0 && (
          <Alert color="yellow" variant="light" title={state.warnings.length === 1 ? '1 warning: the reviewer will see it' : `${state.warnings.length} warnings: the reviewer will see these`}>
            <List size="sm" spacing={2}>
              {state.warnings.map((item) => (
                <List.Item key={item.id}>{item.title}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        {state.kind === 'submit' ? (
          <Group gap="sm" align="center">
            <Button
              leftSection={<IconSend size={16} />}
              disabled={!state.enabled}
              loading={submit.isPending}
              onClick={() => submit.mutate({ id: game.id, buildId: build.id })}
              aria-describedby={state.enabled ? undefined : `submit-reason-${build.id}`}
            >
              Submit for review
            </Button>
            {!state.enabled && (
              <Text size="sm" c="dimmed" id={`submit-reason-${build.id}`}>
                {state.reason}
              </Text>
            )}
          </Group>
        ) : (
          <Alert color={build.status === 'REJECTED' ? 'red' : build.status === 'SUBMITTED' ? 'yellow' : 'teal'} variant="light" p="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {state.message}
            </Text>
          </Alert>
        )}

        {build.checks && <BuildChecks checks={build.checks} />}
      </Stack>
    </Paper>
  );
}

function BuildRow({
  build,
  selected,
  makeLive,
  onShow,
  onMakeLive,
}: {
  build: Build;
  selected: boolean;
  makeLive: boolean;
  onShow: () => void;
  onMakeLive: () => void;
}) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      px="sm"
      py={8}
      data-testid="build-row"
      aria-current={selected ? 'true' : undefined}
      bg={selected ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={700} size="sm">
              Version {build.version}
            </Text>
            <BuildStatusBadge status={build.status} />
            {build.live && <LiveBadge />}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDate(build.createdAt)} · {formatBytes(build.totalBytes)}
          </Text>
          {build.status === 'REJECTED' && build.reviewNote && (
            <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
              Not approved: {build.reviewNote}
            </Text>
          )}
        </Stack>
        <Group gap={6}>
          {selected ? (
            <Text size="xs" c="dimmed">
              Shown above
            </Text>
          ) : (
            <Button size="compact-sm" variant="subtle" onClick={onShow} aria-label={`Show version ${build.version}`}>
              Show checks
            </Button>
          )}
          <Anchor href={build.previewUrl} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`Try version ${build.version} (opens in a new tab)`}>
            Try it
          </Anchor>
          {makeLive && (
            <Button size="compact-sm" color="grape" variant="light" onClick={onMakeLive} aria-label={`Make version ${build.version} live`}>
              Make live
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
