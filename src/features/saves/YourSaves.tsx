import { useState } from 'react';
import { Alert, Button, FileButton, Group, List, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDeviceFloppy, IconDownload, IconUpload } from '@tabler/icons-react';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { errorMessage } from '../errors';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { toast } from '../../notify';
import { getStoredToken, pageLocaleHeader, trpc } from '../../trpc';

type ImportOutcome = { kind: 'done'; imported: number; notes: string[] } | { kind: 'failed'; message: string };

/** The session for a plain /api call (the bearer token when this page holds it; the cookie goes along anyway), and the page's language for its refusals. */
function authHeaders(): Record<string, string> {
  const token = getStoredToken();
  return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...pageLocaleHeader() };
}

async function failureOf(response: Response, fallback: string): Promise<string> {
  if (response.status >= 500 || response.status === 0) return fallback;
  try {
    return errorMessage(await response.json()) ?? fallback;
  } catch {
    return fallback;
  }
}

const messages = defineMessages({
  prepareFailed: { id: 'yourSaves.prepareFailed', defaultMessage: 'Could not prepare your saves. Please try again.' },
  importFailed: { id: 'yourSaves.importFailed', defaultMessage: 'Could not import your saves. Please try again.' },
});

/**
 * "Your saves" on the account page: the games whose progress is in the account (cloud saves,
 * issue #14), one JSON file of them all to download (GET /api/me/saves) and a file to import
 * (POST /api/me/saves, straight to /api: a file of many saves is larger than /trpc takes).
 */
export function YourSaves() {
  const intl = useIntl();
  const format = useLocaleFormat();
  const utils = trpc.useUtils();
  const saves = trpc.saves.export.useQuery();
  const [downloading, setDownloading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const download = async () => {
    setDownloading(true);
    try {
      const response = await fetch('/api/me/saves', { headers: authHeaders(), credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) throw new Error(await failureOf(response, intl.formatMessage(messages.prepareFailed)));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'playfree-saves.json';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      // The click has handed the file to the browser's download by the next task.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (failure) {
      toast(
        intl.formatMessage({ id: 'account.downloadFailed', defaultMessage: 'Download failed' }),
        errorMessage(failure) ?? intl.formatMessage(messages.prepareFailed),
        'error',
      );
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
        setOutcome({
          kind: 'failed',
          message: intl.formatMessage(
            { id: 'yourSaves.notJson', defaultMessage: '{file} is not a JSON file: choose a file downloaded from Your saves.' },
            { file: file.name },
          ),
        });
        return;
      }
      const response = await fetch('/api/me/saves', {
        method: 'POST',
        headers: { ...authHeaders(), 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const message =
          response.status === 413
            ? intl.formatMessage({ id: 'yourSaves.tooLarge', defaultMessage: '{file} is too large to import.' }, { file: file.name })
            : await failureOf(response, intl.formatMessage(messages.importFailed));
        setOutcome({ kind: 'failed', message });
        return;
      }
      // The answer's schema comes with zod (some 33 KB), only for a visitor who imports saves.
      const { importSavesOutput } = await import('../../schemas');
      const result = importSavesOutput.parse(await response.json());
      setOutcome({
        kind: 'done',
        imported: result.imported,
        notes: result.skipped.map(({ slug, reason }) =>
          reason === 'newer-save-kept'
            ? intl.formatMessage({ id: 'yourSaves.newerKept', defaultMessage: '{slug}: your newer save was kept' }, { slug })
            : intl.formatMessage({ id: 'yourSaves.unknownGame', defaultMessage: '{slug}: this game is not on PlayFree, so its save was skipped' }, { slug }),
        ),
      });
      await utils.saves.export.invalidate();
    } catch {
      setOutcome({ kind: 'failed', message: intl.formatMessage(messages.importFailed) });
    } finally {
      setImporting(false);
    }
  };

  const list = saves.data?.saves;
  return (
    <Paper component="section" aria-labelledby="saves-heading" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} id="saves-heading" fz="xl" mb={4}>
        <FormattedMessage id="yourSaves.title" defaultMessage="Your saves" />
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        <FormattedMessage
          id="yourSaves.intro"
          defaultMessage="Games that keep progress save it to your account while you are signed in, so it follows you to every device. Download every save as one file, or import a file you downloaded before."
        />
      </Text>
      {saves.isPending && <Skeleton height={48} radius="md" mb="md" />}
      {saves.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} mb="md">
          <FormattedMessage id="yourSaves.loadFailed" defaultMessage="Could not load your saves. Please try again later." />
        </Alert>
      )}
      {list && list.length === 0 && (
        <Text size="sm" mb="md">
          <FormattedMessage id="yourSaves.empty" defaultMessage="No saves yet. Play a game that keeps progress while signed in and it appears here." />
        </Text>
      )}
      {list && list.length > 0 && (
        <List
          aria-label={intl.formatMessage({ id: 'yourSaves.listLabel', defaultMessage: 'Games with a save' })}
          size="sm"
          spacing={4}
          mb="md"
          icon={<IconDeviceFloppy size={16} aria-hidden />}
        >
          {list.map((save) => (
            <List.Item key={save.game.id}>
              <Text span fw={600} size="sm">
                {save.game.title}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                <FormattedMessage id="yourSaves.savedOn" defaultMessage="saved {date}" values={{ date: format.shortDate(new Date(save.updatedAt)) }} />
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
          <FormattedMessage id="yourSaves.download" defaultMessage="Download saves" />
        </Button>
        <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={18} aria-hidden />} loading={importing}>
              <FormattedMessage id="yourSaves.import" defaultMessage="Import saves" />
            </Button>
          )}
        </FileButton>
      </Group>
      {outcome?.kind === 'done' && (
        <Alert
          color="teal"
          icon={<IconCheck size={18} />}
          mt="md"
          role="status"
          title={intl.formatMessage(
            { id: 'yourSaves.imported', defaultMessage: '{count, plural, one {Imported # save} other {Imported # saves}}' },
            { count: outcome.imported },
          )}
        >
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
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          mt="md"
          role="alert"
          title={intl.formatMessage({ id: 'yourSaves.nothingImported', defaultMessage: 'Nothing was imported' })}
        >
          {outcome.message}
        </Alert>
      )}
    </Paper>
  );
}
