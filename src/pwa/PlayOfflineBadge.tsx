import { Badge } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useIsOfflineGame } from './offline-games';
import classes from './PlayOfflineBadge.module.css';

/** Marks a game saved for offline play. `floating` pins it to a thumbnail's bottom-left corner. */
export function PlayOfflineBadge({ slug, floating = false }: { slug: string; floating?: boolean }) {
  const saved = useIsOfflineGame(slug);
  if (!saved) return null;
  const badge = (
    <Badge
      size="sm"
      radius="sm"
      color="teal"
      variant={floating ? 'filled' : 'light'}
      leftSection={<IconCloudDownload size={12} aria-hidden />}
      data-testid="play-offline-badge"
    >
      Play offline
    </Badge>
  );
  return floating ? <div className={classes.floating}>{badge}</div> : badge;
}
