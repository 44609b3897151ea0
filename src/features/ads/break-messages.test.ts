import { describe, expect, it } from 'vitest';
import { adBreakResultMessage, parseAdBreakRequest } from './break-messages';

const request = { source: 'playfree-sdk', version: 1, type: 'adBreak', requestId: 'ad1', kind: 'rewarded', gesture: true };

describe('ad break messages', () => {
  it('reads a break request', () => {
    expect(parseAdBreakRequest(request)).toEqual({ requestId: 'ad1', kind: 'rewarded', gesture: true });
    expect(parseAdBreakRequest({ ...request, gesture: 'yes' })).toEqual({ requestId: 'ad1', kind: 'rewarded', gesture: false });
  });

  it('refuses anything else', () => {
    expect(parseAdBreakRequest({ ...request, kind: 'preroll' })).toBeNull();
    expect(parseAdBreakRequest({ ...request, requestId: '<script>' })).toBeNull();
    expect(parseAdBreakRequest({ ...request, extra: 1 })).toBeNull();
    expect(parseAdBreakRequest({ ...request, version: 2 })).toBeNull();
    expect(parseAdBreakRequest(null)).toBeNull();
  });

  it('answers with the result', () => {
    expect(adBreakResultMessage('ad1', { shown: true, rewarded: false, reason: null })).toEqual({
      source: 'playfree-portal',
      type: 'adBreakResult',
      requestId: 'ad1',
      shown: true,
      rewarded: false,
      reason: null,
    });
  });
});
