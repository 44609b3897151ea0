import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useIntl, type IntlShape } from '../../i18n';

/** The guidelines ask for 16:9 (the featured cards' shape); an image this far off it is cut there. */
const CARD_RATIO = 16 / 9;
const TOLERANCE = 0.05;

/** The words for an image of this size: null when it fits 16:9. */
export function thumbnailShapeProblem(intl: IntlShape, width: number, height: number): string | null {
  if (width <= 0 || height <= 0 || Math.abs(width / height / CARD_RATIO - 1) <= TOLERANCE) return null;
  return intl.formatMessage(
    {
      id: 'developer.thumbnail.shape',
      defaultMessage: 'This thumbnail is {width} × {height} px; the guidelines ask for 16:9 (for example 640 × 360), and the wide cards cut other shapes.',
    },
    { width, height },
  );
}

/**
 * Says when a thumbnail is not 16:9, as the guidelines ask for: it is accepted either way, but a
 * 4:3 image loses its top and bottom on the wide cards. Measured in the browser, from the image itself.
 */
export function ThumbnailShapeNote({ src }: { src: string | null | undefined }) {
  const intl = useIntl();
  const [problem, setProblem] = useState<{ src: string; text: string | null } | null>(null);
  useEffect(() => {
    if (!src || !/^https?:\/\//.test(src)) return undefined;
    const image = new Image();
    const measured = () => setProblem({ src, text: thumbnailShapeProblem(intl, image.naturalWidth, image.naturalHeight) });
    image.addEventListener('load', measured);
    image.src = src;
    return () => image.removeEventListener('load', measured);
  }, [src, intl]);
  if (!problem?.text || problem.src !== src) return null;
  return (
    <Text size="xs" c="yellow" data-testid="thumbnail-shape">
      {problem.text}
    </Text>
  );
}
