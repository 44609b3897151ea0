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
import { useLocaleFormat } from '../games/useLocaleFormat';
import { FormattedMessage, useIntl } from '../../i18n';
import { BuildChecks, BuildStatusBadge, LiveBadge, TryBuildButton } from './BuildChecks';
import { BuildCompressedFiles } from './BuildCompressedFiles';
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
  const intl = useIntl();
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
      toast(
        intl.formatMessage({ id: 'developer.builds.versionChanged', defaultMessage: 'Version changed' }),
        intl.formatMessage({ id: 'developer.builds.versionChangedText', defaultMessage: 'Players now get version {version}.' }, { version: build.version }),
      );
      setMaking(null);
      void utils.builds.invalidate();
      void utils.developer.myGames.invalidate();
    },
    onError: (error) => toast(intl.formatMessage({ id: 'developer.builds.versionNotChanged', defaultMessage: 'Could not change the version' }), errorMessage(error) ?? intl.formatMessage({ id: 'developer.builds.tryAgain', defaultMessage: 'Please try again.' }), 'error'),
  });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Title order={3} size="h5" mb="xs">
          <FormattedMessage id="developer.builds.uploadNew" defaultMessage="Upload a new build" />
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
        <Skeleton height={220} radius="lg" aria-label={intl.formatMessage({ id: 'developer.builds.loading', defaultMessage: 'Loading builds' })} />
      ) : list.isError ? (
        <Alert color="red" variant="light" title={intl.formatMessage({ id: 'developer.builds.notLoaded', defaultMessage: 'The builds could not be loaded' })}>
          {errorMessage(list.error) ?? intl.formatMessage({ id: 'developer.builds.tryAgain', defaultMessage: 'Please try again.' })}
        </Alert>
      ) : selected ? (
        <div ref={panelRef} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: 72 }}>
          <BuildPanel key={selected.id} game={game} listed={selected} />
        </div>
      ) : (
        <Text c="dimmed" size="sm">
          <FormattedMessage id="developer.builds.none" defaultMessage="No build yet: upload your game’s files above." />
        </Text>
      )}

      {builds.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            <FormattedMessage id="developer.builds.all" defaultMessage="All builds" />
          </Title>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={intl.formatMessage({ id: 'developer.builds.listLabel', defaultMessage: 'Builds of this game' })}>
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
        title={making ? intl.formatMessage({ id: 'developer.builds.makeLiveTitle', defaultMessage: 'Make version {version} live?' }, { version: making.version }) : ''}
        confirmLabel={intl.formatMessage({ id: 'developer.builds.makeItLive', defaultMessage: 'Make it live' })}
        color="grape"
        loading={makeLive.isPending}
        onConfirm={() => making && makeLive.mutate({ id: game.id, buildId: making.id })}
        onClose={() => setMaking(null)}
      >
        {making ? intl.formatMessage({ id: 'developer.builds.makeLiveText', defaultMessage: 'Players will get version {version} at once, in place of the version live now.' }, { version: making.version }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

/** The build shown in full: its checks (asked for again while they run), Try it, and submitting it. */
function BuildPanel({ game, listed }: { game: BuildsGame; listed: Build }) {
  const intl = useIntl();
  const format = useLocaleFormat();
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
      toast(
        intl.formatMessage({ id: 'developer.builds.submitted', defaultMessage: 'Build submitted' }),
        game.status === 'APPROVED'
          ? intl.formatMessage({ id: 'developer.builds.submittedLive', defaultMessage: 'It goes live once a reviewer approves it.' })
          : intl.formatMessage({ id: 'developer.builds.submittedNew', defaultMessage: 'The reviewer will see it with your game.' }),
      );
    },
    onError: (error) => toast(intl.formatMessage({ id: 'developer.builds.notSubmitted', defaultMessage: 'Not submitted' }), errorMessage(error) ?? intl.formatMessage({ id: 'developer.builds.tryAgain', defaultMessage: 'Please try again.' }), 'error'),
  });

  const state = submitStateOf(intl, build, game.status === 'APPROVED');
  const failing = build.checks?.items.filter((item) => item.verdict === 'fail') ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="build-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h4">
                <FormattedMessage id="developer.builds.version" defaultMessage="Version {version}" values={{ version: build.version }} />
              </Title>
              <BuildStatusBadge status={build.status} />
              {build.live && <LiveBadge />}
            </Group>
            <Text size="xs" c="dimmed">
              <FormattedMessage
                id="developer.builds.uploaded"
                defaultMessage="Uploaded {date} · {size} in {count, plural, one {{files} file} other {{files} files}}"
                values={{ date: format.date(build.createdAt), size: formatBytes(intl, build.totalBytes), count: build.fileCount, files: format.count(build.fileCount) }}
              />
            </Text>
          </Stack>
          <TryBuildButton previewUrl={build.previewUrl} label={intl.formatMessage({ id: 'developer.builds.versionLower', defaultMessage: 'version {version}' }, { version: build.version })} />
        </Group>

        <BuildThreads gameId={game.id} build={build} />
        <BuildCompressedFiles gameId={game.id} build={build} />

        <div aria-live="polite">
          {checking ? (
            <Group gap="sm" py="md" wrap="nowrap">
              <Loader size="sm" aria-hidden />
              <div>
                <Text size="sm" fw={500}>
                  <FormattedMessage id="developer.builds.checking" defaultMessage="Checking your game in a phone-sized browser…" />
                </Text>
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="developer.builds.checkingText" defaultMessage="This usually takes under a minute. You can leave this page: the checks go on." />
                </Text>
              </div>
            </Group>
          ) : build.checks ? (
            <Text size="sm" fw={500}>
              {build.checks.verdict === 'fail' ? (
                <FormattedMessage id="developer.builds.aCheckFailed" defaultMessage="A check failed." />
              ) : build.checks.verdict === 'warn' ? (
                <FormattedMessage id="developer.builds.passedWithWarnings" defaultMessage="The checks passed with warnings." />
              ) : (
                <FormattedMessage id="developer.builds.allPassed" defaultMessage="Every check passed." />
              )}
            </Text>
          ) : null}
        </div>

        {failing.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={intl.formatMessage({ id: 'developer.builds.fixThis', defaultMessage: 'Fix this and upload a new build' })}>
            <List size="sm" spacing={2}>
              {failing.map((item) => (
                <List.Item key={item.id}>
                  <strong>{item.title}:</strong> {item.advice ?? intl.formatMessage({ id: 'developer.builds.measuredLimit', defaultMessage: '{measured} (limit: {limit})' }, { measured: item.measured, limit: item.limit })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        {state.kind === 'submit' && state.enabled && state.warnings.length > 0 && (
          <Alert color="yellow" variant="light" title={intl.formatMessage(
              {
                id: 'developer.builds.warningsTitle',
                defaultMessage: '{count, plural, one {{shown} warning: the reviewer will see it} other {{shown} warnings: the reviewer will see these}}',
              },
              { count: state.warnings.length, shown: format.count(state.warnings.length) },
            )}
          >
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
              <FormattedMessage id="developer.builds.submit" defaultMessage="Submit for review" />
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
  const intl = useIntl();
  const format = useLocaleFormat();
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
              <FormattedMessage id="developer.builds.version" defaultMessage="Version {version}" values={{ version: build.version }} />
            </Text>
            <BuildStatusBadge status={build.status} />
            {build.live && <LiveBadge />}
          </Group>
          <Text size="xs" c="dimmed">
            {format.date(build.createdAt)} · {formatBytes(intl, build.totalBytes)}
          </Text>
          {build.status === 'REJECTED' && build.reviewNote && (
            <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
              <FormattedMessage id="developer.builds.notApproved" defaultMessage="Not approved: {note}" values={{ note: build.reviewNote }} />
            </Text>
          )}
        </Stack>
        <Group gap={6}>
          {selected ? (
            <Text size="xs" c="dimmed">
              <FormattedMessage id="developer.builds.shownAbove" defaultMessage="Shown above" />
            </Text>
          ) : (
            <Button size="compact-sm" variant="subtle" onClick={onShow} aria-label={intl.formatMessage({ id: 'developer.builds.showVersion', defaultMessage: 'Show version {version}' }, { version: build.version })}>
              <FormattedMessage id="developer.builds.showChecks" defaultMessage="Show checks" />
            </Button>
          )}
          <Anchor href={build.previewUrl} target="_blank" rel="noopener noreferrer" size="sm" aria-label={intl.formatMessage({ id: 'developer.builds.tryVersion', defaultMessage: 'Try version {version} (opens in a new tab)' }, { version: build.version })}
          >
            <FormattedMessage id="developer.builds.tryIt" defaultMessage="Try it" />
          </Anchor>
          {makeLive && (
            <Button size="compact-sm" color="grape" variant="light" onClick={onMakeLive} aria-label={intl.formatMessage({ id: 'developer.builds.makeVersionLive', defaultMessage: 'Make version {version} live' }, { version: build.version })}
            >
              <FormattedMessage id="developer.builds.makeLive" defaultMessage="Make live" />
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
