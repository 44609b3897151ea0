/**
 * How a build's own pre-compressed files (`index.wasm.br`, `game.data.gz`) are sent (issue #56):
 * with their Content-Encoding, so the browser decodes them, or as the bytes they are, for a loader
 * that inflates them itself. Shown only for a build that has such files; AUTO follows what its
 * upload's scan and checks found, as itch.io's "pre-compressed" switch does by hand.
 */
import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { Build } from '../../../shared/schemas';
import type { CompressedFilesSetting } from '../../../shared/schemas/builds';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { FormattedMessage, useIntl } from '../../i18n';

export function BuildCompressedFiles({ gameId, build }: { gameId: number; build: Build }) {
  const intl = useIntl();
  const settings: { value: CompressedFilesSetting; label: string }[] = [
    { value: 'AUTO', label: intl.formatMessage({ id: 'developer.compressed.auto', defaultMessage: 'Automatic' }) },
    { value: 'WITH_ENCODING', label: intl.formatMessage({ id: 'developer.compressed.browser', defaultMessage: 'Browser decodes' }) },
    { value: 'AS_IS', label: intl.formatMessage({ id: 'developer.compressed.game', defaultMessage: 'Game decodes' }) },
  ];
  const utils = trpc.useUtils();
  const setCompressedFiles = trpc.builds.setCompressedFiles.useMutation({
    onSuccess: (changed) => {
      utils.builds.get.setData({ id: gameId, buildId: changed.id }, changed);
      void utils.builds.list.invalidate({ id: gameId });
    },
    onError: (error) => toast(intl.formatMessage({ id: 'developer.builds.notChanged', defaultMessage: 'Not changed' }), errorMessage(error) ?? intl.formatMessage({ id: 'developer.builds.tryAgain', defaultMessage: 'Please try again.' }), 'error'),
  });
  if (build.compressedFilesServed === null) return null;
  const served =
    build.compressedFilesServed === 'AS_IS'
      ? intl.formatMessage({ id: 'developer.compressed.asIs', defaultMessage: 'Sent as the bytes they are: the game’s loader inflates them (pako, fflate, DecompressionStream).' })
      : intl.formatMessage({ id: 'developer.compressed.withEncoding', defaultMessage: 'Sent with their Content-Encoding: the browser decodes them before the game reads them.' });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`compressed-files-${build.id}`}>
        <FormattedMessage id="developer.compressed.title" defaultMessage="Compressed files (.br, .gz)" />
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={`compressed-files-${build.id}`}
        data={settings}
        value={build.compressedFiles}
        disabled={build.status === 'REJECTED' || setCompressedFiles.isPending}
        onChange={(value) => setCompressedFiles.mutate({ id: gameId, buildId: build.id, compressedFiles: value as CompressedFilesSetting })}
        style={{ alignSelf: 'flex-start' }}
      />
      <Text size="xs" c="dimmed">
        {served}
        {build.compressedFiles === 'AUTO' ? ' ' + intl.formatMessage({ id: 'developer.compressed.found', defaultMessage: 'Found from its scripts, and confirmed by its checks.' }) : ''}
      </Text>
    </Stack>
  );
}
