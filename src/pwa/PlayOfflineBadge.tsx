import { Badge } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useIsOfflineFrame, useIsOfflineGame } from './offline-games';
import classes from './PlayOfflineBadge.module.css';

/** Marks a game saved for offline play. `floating` pins it to a thumbnail's bottom-left corner. */
export function PlayOfflineBadge({ slug, floating = false }: { slug: string; floating?: boolean }) {
  const saved = useIsOfflineGame(slug);
  return saved ? <OfflineBadge floating={floating} /> : null;
}

/** The same mark on a game's frame, for the game its address opens (built in, or kept on its own origin). */
export function FramePlayOfflineBadge({ src }: { src: string }) {
  const saved = useIsOfflineFrame(src);
  return saved ? <OfflineBadge floating={false} inFrameBar /> : null;
}

/** `inFrameBar`: on a phone the frame's bar has no room for the words beside the game's controls; only the icon shows there (the words stay for screen readers). */
function OfflineBadge({ floating, inFrameBar = false }: { floating: boolean; inFrameBar?: boolean }) {
  const badge = (
    <Badge
      size="sm"
      radius="sm"
      color="teal"
      variant={floating ? 'filled' : 'light'}
      leftSection={<IconCloudDownload size={12} aria-hidden />}
      data-testid="play-offline-badge"
      classNames={inFrameBar ? { root: classes.inFrameBar, label: classes.inFrameBarLabel } : undefined}
    >
      Play offline
    </Badge>
  );
  return floating ? <div className={classes.floating}>{badge}</div> : badge;
}
