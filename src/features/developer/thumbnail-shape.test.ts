import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { thumbnailShapeProblem } from './ThumbnailShape';

describe('thumbnailShapeProblem (issue #38, point 13)', () => {
  const intl = createIntl({ locale: 'en', messages: {} });

  it('says a 4:3 thumbnail is not the 16:9 the guidelines ask for', () => {
    expect(thumbnailShapeProblem(intl, 400, 300)).toBe('This thumbnail is 400 × 300 px; the guidelines ask for 16:9 (for example 640 × 360), and the wide cards cut other shapes.');
  });

  it('says nothing of a 16:9 one, give or take a few pixels', () => {
    expect(thumbnailShapeProblem(intl, 640, 360)).toBeNull();
    expect(thumbnailShapeProblem(intl, 1280, 722)).toBeNull();
  });
});
