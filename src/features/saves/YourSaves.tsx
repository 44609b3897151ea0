import { useState } from 'react';
import { Alert, Button, FileButton, Group, List, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDeviceFloppy, IconDownload, IconUpload } from '@tabler/icons-react';
import { importSavesOutput } from '../../schemas';
import { errorMessage } from '../errors';
import { toast } from '../../notify';
import { getStoredToken, trpc } from '../../trpc';

type ImportOutcome = { kind: 'done'; imported: number; notes: string[] } | { kind: 'failed'; message: string };

/** The session for a plain /api call: the bearer token when this page holds it (the cookie goes along anyway). */
function authHeaders(): Record<string, string> {
  const token = getStoredToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function failureOf(response: Response, fallback: string): Promise<string> {
  if (response.status >= 500 || response.status === 0) return fallback;
  try {
    return errorMessage(await response.json()) ?? fallback;
  } catch {
    return fallback;
  }
}

const savedOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * "Your saves" on the account page: the games whose progress is in the account (cloud saves,
 * issue #14), one JSON file of them all to download (GET /api/me/saves) and a file to import
 * (POST /api/me/saves, straight to /api: a file of many saves is larger than /trpc takes).
 */
export function YourSaves() {
  const utils = trpc.useUtils();
  const saves = trpc.saves.export.useQuery();
  const [downloading, setDownloading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const download = async () => {
    setDownloading(true);
    try {
      const response = await fetch('/api/me/saves', { headers: authHeaders(), credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) throw new Error(await failureOf(response, 'Could not prepare your saves. Please try again.'));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'playfree-saves.json';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      // The click has handed the file to the browser's download by the next task.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (failure) {
      toast('Download failed', errorMessage(failure) ?? 'Could not prepare your saves. Please try again.', 'error');
    } finally {
      setDownloading(false);
    }
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    setImporting(true);
    setOutcome(null);
    try {
      let body: unknown;
      try {
        body = JSON.parse(await file.text());
      } catch {
        setOutcome({ kind: 'failed', message: `${file.name} is not a JSON file: choose a file downloaded from Your saves.` });
        return;
      }
      const response = await fetch('/api/me/saves', {
        method: 'POST',
        headers: { ...authHeaders(), 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const message = response.status === 413 ? `${file.name} is too large to import.` : await failureOf(response, 'Could not import your saves. Please try again.');
        setOutcome({ kind: 'failed', message });
        return;
      }
      const result = importSavesOutput.parse(await response.json());
      setOutcome({
        kind: 'done',
        imported: result.imported,
        notes: result.skipped.map(({ slug, reason }) =>
          reason === 'newer-save-kept' ? `${slug}: your newer save was kept` : `${slug}: this game is not on PlayFree, so its save was skipped`,
        ),
      });
      await utils.saves.export.invalidate();
    } catch {
      setOutcome({ kind: 'failed', message: 'Could not import your saves. Please try again.' });
    } finally {
      setImporting(false);
    }
  };

  const list = saves.data?.saves;
  return (
    <Paper component="section" aria-labelledby="saves-heading" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} id="saves-heading" fz="xl" mb={4}>
        Your saves
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Games that keep progress save it to your account while you are signed in, so it follows you to every device. Download
        every save as one file, or import a file you downloaded before.
      </Text>
      {saves.isPending && <Skeleton height={48} radius="md" mb="md" />}
      {saves.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} mb="md">
          Could not load your saves. Please try again later.
        </Alert>
      )}
      {list && list.length === 0 && (
        <Text size="sm" mb="md">
          No saves yet. Play a game that keeps progress while signed in and it appears here.
        </Text>
      )}
      {list && list.length > 0 && (
        <List aria-label="Games with a save" size="sm" spacing={4} mb="md" icon={<IconDeviceFloppy size={16} aria-hidden />}>
          {list.map((save) => (
            <List.Item key={save.game.id}>
              <Text span fw={600} size="sm">
                {save.game.title}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                saved {savedOn(save.updatedAt)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={downloading}
          disabled={!list || list.length === 0}
          onClick={() => void download()}
        >
          Download saves
        </Button>
        <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={18} aria-hidden />} loading={importing}>
              Import saves
            </Button>
          )}
        </FileButton>
      </Group>
      {outcome?.kind === 'done' && (
        <Alert color="teal" icon={<IconCheck size={18} />} mt="md" role="status" title={`Imported ${outcome.imported} ${outcome.imported === 1 ? 'save' : 'saves'}`}>
          {outcome.notes.length > 0 && (
            <List size="sm" spacing={2}>
              {outcome.notes.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {outcome?.kind === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} mt="md" role="alert" title="Nothing was imported">
          {outcome.message}
        </Alert>
      )}
    </Paper>
  );
}
