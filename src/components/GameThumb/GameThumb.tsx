import { useState } from 'react';
import { AspectRatio, Box, Text } from '@mantine/core';
import { IconDeviceGamepad2 } from '@tabler/icons-react';
import classes from './GameThumb.module.css';

const gradients = [
  'linear-gradient(135deg, #7c3aed, #db2777)',
  'linear-gradient(135deg, #2563eb, #06b6d4)',
  'linear-gradient(135deg, #059669, #84cc16)',
  'linear-gradient(135deg, #ea580c, #facc15)',
  'linear-gradient(135deg, #4f46e5, #a855f7)',
  'linear-gradient(135deg, #0f766e, #22d3ee)',
];

function gradientFor(title: string): string {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return gradients[hash % gradients.length] ?? gradients[0]!;
}

interface GameThumbProps {
  title: string;
  src: string | null | undefined;
  ratio?: number;
  className?: string;
  imgClassName?: string;
  /** Above the fold where the page opens: loaded at once, at high priority (the page's largest paint). */
  priority?: boolean;
  children?: React.ReactNode;
}

/** A game's thumbnail, or a coloured placeholder when it has none or it fails to load. */
export function GameThumb({ title, src, ratio = 4 / 3, className, imgClassName, priority = false, children }: GameThumbProps) {
  const [failed, setFailed] = useState(false);
  const showImage = src && !failed;
  return (
    <AspectRatio ratio={ratio} className={className}>
      <Box className={classes.root}>
        {showImage ? (
          <img
            src={src}
            alt={title}
            // Thumbnails are 400×300; the frame around sets the shown size, so nothing shifts as they load.
            width={400}
            height={300}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className={`${classes.img} ${imgClassName ?? ''}`}
            onError={() => setFailed(true)}
          />
        ) : (
          <Box className={`${classes.placeholder} ${imgClassName ?? ''}`} style={{ background: gradientFor(title) }} role="img" aria-label={title}>
            <IconDeviceGamepad2 size={32} aria-hidden />
            <Text fw={800} fz="sm" lineClamp={2} c="white">
              {title}
            </Text>
          </Box>
        )}
        {children}
      </Box>
    </AspectRatio>
  );
}
