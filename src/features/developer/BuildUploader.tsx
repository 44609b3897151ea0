/**
 * Choosing a build's zip (or its folder, zipped on the device: zip-folder.ts) and sending it, with
 * a real progress bar (percent, MB of MB, speed), Cancel, and Retry after a lost connection (an
 * upload starts again from its first byte).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFileZip, IconFolder, IconRefresh, IconUpload, IconX } from '@tabler/icons-react';
import type { Build } from '../../../shared/schemas';
import { describeProgress, fileProblem, formatBytes, formatTimeLeft, MAX_ZIP_BYTES, SpeedMeter, type UploadFailure } from './build-state';
import { uploadBuild, type UploadHandle } from './upload-build';
import { zipFolder } from './zip-folder';
import { FormattedMessage, useIntl } from '../../i18n';

type UploadState =
  | { kind: 'idle'; note?: string }
  | { kind: 'zipping'; done: number; total: number }
  | { kind: 'sending'; loaded: number; total: number; speed: number }
  | { kind: 'storing'; total: number }
  | { kind: 'failed'; failure: UploadFailure };

export function BuildUploader({ gameId, onUploaded }: { gameId: number; onUploaded: (build: Build) => void }) {
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const folderInput = useRef<HTMLInputElement | null>(null);
  const problem = file ? fileProblem(intl, file) : null;
  const busy = state.kind === 'sending' || state.kind === 'storing' || state.kind === 'zipping';

  /** Zips the chosen folder into `file`, ready to upload like any zip. */
  const zipChosenFolder = async (files: File[]) => {
    if (files.length === 0) return;
    const folder = (files[0]!.webkitRelativePath || files[0]!.name).split('/')[0] || 'game';
    setState({ kind: 'zipping', done: 0, total: files.length });
    try {
      const zipped = await zipFolder(files, (done, total) => setState({ kind: 'zipping', done, total }));
      setFile(new File([zipped], `${folder}.zip`, { type: 'application/zip' }));
      setState({
        kind: 'idle',
        note: intl.formatMessage({ id: 'developer.upload.folderZipped', defaultMessage: 'The folder {folder} was zipped on this device: upload it when you are ready.' }, { folder }),
      });
    } catch {
      const message = intl.formatMessage({ id: 'developer.upload.folderUnreadable', defaultMessage: 'The folder could not be read. Choose it again, or zip it yourself and choose the .zip.' });
      setState({ kind: 'failed', failure: { message, retry: false } });
    }
  };

  // Leaving the panel stops the upload; leaving the page asks first.
  useEffect(() => () => handle.current?.cancel(), []);
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const start = () => {
    if (!file || problem) return;
    const meter = new SpeedMeter();
    setState({ kind: 'sending', loaded: 0, total: file.size, speed: 0 });
    const upload = uploadBuild(intl, gameId, file, (loaded, total) => {
      const speed = meter.add(performance.now(), loaded);
      setState(loaded >= total ? { kind: 'storing', total } : { kind: 'sending', loaded, total, speed });
    });
    handle.current = upload;
    void upload.done.then((result) => {
      if (handle.current !== upload) return;
      handle.current = null;
      if (result.ok) {
        setState({ kind: 'idle' });
        setFile(null);
        onUploaded(result.build);
      } else if ('cancelled' in result) {
        setState({ kind: 'idle', note: intl.formatMessage({ id: 'developer.upload.cancelled', defaultMessage: 'Upload cancelled.' }) });
      } else {
        setState({ kind: 'failed', failure: result.failure });
      }
    });
  };

  const cancel = () => handle.current?.cancel();

  return (
    <Stack gap="sm">
      <FileInput
        label={intl.formatMessage({ id: 'developer.upload.filesLabel', defaultMessage: 'Game files (.zip)' })}
        description={intl.formatMessage({ id: 'developer.upload.filesText', defaultMessage: 'A zip with index.html at its root (or in one folder) and thumb.png for the thumbnail. At most {max}.' }, { max: formatBytes(intl, MAX_ZIP_BYTES) })}
        placeholder={intl.formatMessage({ id: 'developer.upload.chooseZip', defaultMessage: 'Choose a .zip' })}
        accept=".zip,application/zip,application/x-zip-compressed"
        leftSection={<IconFileZip size={18} aria-hidden />}
        clearable={!busy}
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          if (!busy) setState({ kind: 'idle' });
        }}
        disabled={busy}
        error={problem}
      />
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          <FormattedMessage id="developer.upload.orFolder" defaultMessage="Or send the game’s folder as it is:" />
        </Text>
        <Button size="compact-sm" variant="default" leftSection={<IconFolder size={16} />} onClick={() => folderInput.current?.click()} disabled={busy}>
          <FormattedMessage id="developer.upload.chooseFolder" defaultMessage="Choose a folder" />
        </Button>
        <VisuallyHidden>
          <input
            ref={(input) => {
              folderInput.current = input;
              // Not in React's attribute types: the folder picker of every current browser.
              input?.setAttribute('webkitdirectory', '');
            }}
            type="file"
            multiple
            tabIndex={-1}
            aria-label={intl.formatMessage({ id: 'developer.upload.folderLabel', defaultMessage: 'Game folder' })}
            data-testid="folder-input"
            onChange={(event) => {
              const chosen = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              void zipChosenFolder(chosen);
            }}
          />
        </VisuallyHidden>
      </Group>
      {file && !problem && !busy && (
        <Text size="xs" c="dimmed">
          {file.name}, {formatBytes(intl, file.size)}
        </Text>
      )}

      <div aria-live="polite">
        {state.kind === 'zipping' && (
          <Stack gap={4}>
            <Progress value={state.total ? (state.done / state.total) * 100 : 0} aria-label={intl.formatMessage({ id: 'developer.upload.zippingLabel', defaultMessage: 'Zipping progress' })} />
            <Text size="sm">
              <FormattedMessage
                id="developer.upload.zipping"
                defaultMessage="Zipping the folder on this device: {done} of {total} files…"
                values={{ done: intl.formatNumber(state.done), total: intl.formatNumber(state.total) }}
              />
            </Text>
          </Stack>
        )}
        {state.kind === 'sending' && <UploadProgress loaded={state.loaded} total={state.total} speed={state.speed} />}
        {state.kind === 'storing' && (
          <Stack gap={4}>
            <Progress value={100} animated striped aria-label={intl.formatMessage({ id: 'developer.upload.progressLabel', defaultMessage: 'Upload progress' })} />
            <Text size="sm">
              <FormattedMessage id="developer.upload.storing" defaultMessage="All {size} sent. Unpacking and storing the files…" values={{ size: formatBytes(intl, state.total) }} />
            </Text>
          </Stack>
        )}
        {state.kind === 'idle' && state.note && (
          <Text size="sm" c="dimmed">
            {state.note}
          </Text>
        )}
        {state.kind === 'failed' && (
          <Alert color="red" variant="light" title={intl.formatMessage({ id: 'developer.upload.notUploaded', defaultMessage: 'The build was not uploaded' })} role="alert">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {state.failure.message}
            </Text>
          </Alert>
        )}
      </div>

      <Group gap="xs">
        {busy ? (
          <Button variant="default" leftSection={<IconX size={16} />} onClick={cancel} disabled={state.kind !== 'sending'}>
            <FormattedMessage id="developer.upload.cancel" defaultMessage="Cancel upload" />
          </Button>
        ) : state.kind === 'failed' && state.failure.retry && file ? (
          <Button leftSection={<IconRefresh size={16} />} onClick={start}>
            <FormattedMessage id="developer.upload.retry" defaultMessage="Retry upload" />
          </Button>
        ) : (
          <Button leftSection={<IconUpload size={16} />} onClick={start} disabled={!file || Boolean(problem)}>
            <FormattedMessage id="developer.upload.upload" defaultMessage="Upload build" />
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function UploadProgress({ loaded, total, speed }: { loaded: number; total: number; speed: number }) {
  const intl = useIntl();
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const left = formatTimeLeft(intl, total - loaded, speed);
  return (
    <Stack gap={4}>
      <Progress value={percent} size="lg" radius="xl" aria-label={intl.formatMessage({ id: 'developer.upload.progressLabel', defaultMessage: 'Upload progress' })} transitionDuration={200} />
      <Group justify="space-between" gap="xs">
        {/* Read out at each whole ten percent, not at every progress event. */}
        <Text size="sm" fw={500} aria-hidden>
          {describeProgress(intl, loaded, total, speed)}
        </Text>
        {left && (
          <Text size="xs" c="dimmed" aria-hidden>
            {left}
          </Text>
        )}
      </Group>
      <VisuallyHidden>
        <FormattedMessage id="developer.upload.uploading" defaultMessage="Uploading: {percent}" values={{ percent: intl.formatNumber(Math.floor(percent / 10) / 10, { style: 'percent' }) }} />
      </VisuallyHidden>
    </Stack>
  );
}

