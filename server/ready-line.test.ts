import { describe, expect, it } from 'vitest';
import { readyLine } from './ready-line';

const facts = { publicUrl: 'http://localhost:3000', gamesUrl: 'http://localhost:3001', metricsUrl: 'http://127.0.0.1:3002/metrics', metricsToken: false };

describe('readyLine', () => {
  it('says where the portal, its games and its metrics are', () => {
    expect(readyLine({ ...facts, checksOff: null })).toBe(
      'The portal is ready at http://localhost:3000, games at http://localhost:3001; metrics at http://127.0.0.1:3002/metrics',
    );
  });

  it('says in the same line that the build checks are off, and why', () => {
    const line = readyLine({ ...facts, checksOff: 'Build checks in the browser are off: Chromium is not installed.' });
    expect(line).toMatch(/^The portal is ready at http:\/\/localhost:3000, .*\. Build checks in the browser are off: Chromium is not installed\.$/);
  });

  it('says when metrics are off', () => {
    expect(readyLine({ ...facts, metricsUrl: null, checksOff: null })).toMatch(/; metrics off \(METRICS_PORT=0\)$/);
  });
});
