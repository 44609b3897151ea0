/**
 * Choosing a build's zip and sending it, with a real progress bar (percent, MB of MB, speed),
 * Cancel, and Retry after a lost connection (an upload starts again from its first byte).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFileZip, IconRefresh, IconUpload, IconX } from '@tabler/icons-react';
import type { Build } from '../../../shared/schemas';
import { describeProgress, fileProblem, formatBytes, formatTimeLeft, MAX_ZIP_BYTES, SpeedMeter, type UploadFailure } from './build-state';
import { uploadBuild, type UploadHandle } from './upload-build';

type UploadState =
  | { kind: 'idle'; note?: string }
  | { kind: 'sending'; loaded: number; total: number; speed: number }
  | { kind: 'storing'; total: number }
  | { kind: 'failed'; failure: UploadFailure };

export function BuildUploader({ gameId, onUploaded }: { gameId: number; onUploaded: (build: Build) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const problem = file ? fileProblem(file) : null;
  const busy = state.kind === 'sending' || state.kind === 'storing';

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
    const upload = uploadBuild(gameId, file, (loaded, total) => {
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
        setState({ kind: 'idle', note: 'Upload cancelled.' });
      } else {
        setState({ kind: 'failed', failure: result.failure });
      }
    });
  };

  const cancel = () => handle.current?.cancel();

  return (
    <Stack gap="sm">
      <FileInput
        label="Game files (.zip)"
        description={`A zip with index.html at its root (or in one folder) and thumb.png for the thumbnail. At most ${formatBytes(MAX_ZIP_BYTES)}.`}
        placeholder="Choose a .zip"
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
      {file && !problem && state.kind !== 'sending' && state.kind !== 'storing' && (
        <Text size="xs" c="dimmed">
          {file.name}, {formatBytes(file.size)}
        </Text>
      )}

      <div aria-live="polite">
        {state.kind === 'sending' && <UploadProgress loaded={state.loaded} total={state.total} speed={state.speed} />}
        {state.kind === 'storing' && (
          <Stack gap={4}>
            <Progress value={100} animated striped aria-label="Upload progress" />
            <Text size="sm">All {formatBytes(state.total)} sent. Unpacking and storing the files…</Text>
          </Stack>
        )}
        {state.kind === 'idle' && state.note && (
          <Text size="sm" c="dimmed">
            {state.note}
          </Text>
        )}
        {state.kind === 'failed' && (
          <Alert color="red" variant="light" title="The build was not uploaded" role="alert">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {state.failure.message}
            </Text>
          </Alert>
        )}
      </div>

      <Group gap="xs">
        {busy ? (
          <Button variant="default" leftSection={<IconX size={16} />} onClick={cancel} disabled={state.kind === 'storing'}>
            Cancel upload
          </Button>
        ) : state.kind === 'failed' && state.failure.retry && file ? (
          <Button leftSection={<IconRefresh size={16} />} onClick={start}>
            Retry upload
          </Button>
        ) : (
          <Button leftSection={<IconUpload size={16} />} onClick={start} disabled={!file || Boolean(problem)}>
            Upload build
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function UploadProgress({ loaded, total, speed }: { loaded: number; total: number; speed: number }) {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const left = formatTimeLeft(total - loaded, speed);
  return (
    <Stack gap={4}>
      <Progress value={percent} size="lg" radius="xl" aria-label="Upload progress" transitionDuration={200} />
      <Group justify="space-between" gap="xs">
        {/* Read out at each whole ten percent, not at every progress event. */}
        <Text size="sm" fw={500} aria-hidden>
          {describeProgress(loaded, total, speed)}
        </Text>
        {left && (
          <Text size="xs" c="dimmed" aria-hidden>
            {left}
          </Text>
        )}
      </Group>
      <VisuallyHidden>Uploading: {Math.floor(percent / 10) * 10}%</VisuallyHidden>
    </Stack>
  );
}

