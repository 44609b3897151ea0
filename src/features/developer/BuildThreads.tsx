/**
 * A build's threads setting (issue #47): whether it needs SharedArrayBuffer (Godot 4 with threads,
 * Emscripten or Unity built with -pthread). Such a build, and its game page, are served
 * cross-origin isolated; the upload turns it on by itself when the build's scripts are a threaded
 * export, and the developer can turn it on or off.
 */
import { Switch, Text } from '@mantine/core';
import type { Build } from '../../../shared/schemas';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { FormattedMessage, useIntl } from '../../i18n';

export function BuildThreads({ gameId, build }: { gameId: number; build: Build }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const setThreads = trpc.builds.setThreads.useMutation({
    onSuccess: (changed) => {
      utils.builds.get.setData({ id: gameId, buildId: changed.id }, changed);
      void utils.builds.list.invalidate({ id: gameId });
    },
    onError: (error) => toast(intl.formatMessage({ id: 'developer.builds.notChanged', defaultMessage: 'Not changed' }), errorMessage(error) ?? intl.formatMessage({ id: 'developer.builds.tryAgain', defaultMessage: 'Please try again.' }), 'error'),
  });
  const detected = build.threads === 'DETECTED';
  return (
    <Switch
      checked={build.threads !== null}
      disabled={build.status === 'REJECTED' || setThreads.isPending}
      onChange={(event) => setThreads.mutate({ id: gameId, buildId: build.id, threads: event.currentTarget.checked })}
      label={intl.formatMessage({ id: 'developer.threads.label', defaultMessage: 'Needs threads (SharedArrayBuffer)' })}
      description={
        <Text span size="xs" c="dimmed">
          {detected ? (
            <FormattedMessage
              id="developer.threads.detected"
              defaultMessage="Found in its scripts (a threaded export). On: the game and its page are cross-origin isolated, as Godot 4 with threads and -pthread builds need; ads and thumbnails from other sites do not show on its page."
            />
          ) : (
            <FormattedMessage
              id="developer.threads.text"
              defaultMessage="On: the game and its page are cross-origin isolated, as Godot 4 with threads and -pthread builds need; ads and thumbnails from other sites do not show on its page."
            />
          )}
        </Text>
      }
    />
  );
}
