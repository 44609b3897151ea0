/** What `npm start` says about its checkers when this machine has no Chromium (issue 50, point 6). */
import { describe, expect, it } from 'vitest';
import { checksOffReason } from './local';

describe('checksOffReason', () => {
  it('says the browser checks are off, and the command that turns them on, when no Chromium is found', () => {
    const reason = checksOffReason({ CHROMIUM_PATH: '/nonexistent/chromium' }, []);
    expect(reason).toMatch(/^Build checks in the browser are off: Chromium is not installed\./);
    expect(reason).toContain('apt-get install -y chromium');
  });

  it('says nothing when the configured Chromium is there', () => {
    expect(checksOffReason({ CHROMIUM_PATH: process.execPath }, [])).toBeNull();
  });
});
