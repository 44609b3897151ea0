import { describe, expect, it } from 'vitest';
import { checkGameUrl } from './validate';

const allow = ['https://games.example.com', 'http://localhost:3001'];

describe('checkGameUrl (spec section 5)', () => {
  it('rejects text that is not a URL', () => {
    expect(checkGameUrl('not a url', allow)).toMatchObject({ allowed: false, reason: 'Invalid URL format', event: 'INVALID_URL' });
  });

  it('rejects plain HTTP outside localhost and IP addresses', () => {
    expect(checkGameUrl('http://games.example.com/x/', allow)).toMatchObject({
      allowed: false,
      reason: 'Only HTTPS origins are allowed',
      event: 'HTTP_BLOCKED',
      origin: 'http://games.example.com',
    });
  });

  it('accepts HTTP on localhost when the origin is allowlisted', () => {
    expect(checkGameUrl('http://localhost:3001/paddle-duel/', allow)).toEqual({ allowed: true, origin: 'http://localhost:3001' });
  });

  it('accepts HTTP on a name under localhost (an uploaded game run locally) when allowlisted, and not a look-alike', () => {
    expect(checkGameUrl('http://rock-hopper.localhost:3001/', ['http://rock-hopper.localhost:3001'])).toEqual({ allowed: true, origin: 'http://rock-hopper.localhost:3001' });
    expect(checkGameUrl('http://localhost.evil.example/', ['http://localhost.evil.example'])).toMatchObject({ allowed: false, event: 'HTTP_BLOCKED' });
  });

  it('compares lower-cased origins', () => {
    expect(checkGameUrl('https://GAMES.Example.com/a', ['HTTPS://games.example.com/'])).toMatchObject({ allowed: true });
  });

  it('rejects an HTTPS origin missing from the allowlist', () => {
    expect(checkGameUrl('https://evil.example.net/game', allow)).toMatchObject({
      allowed: false,
      reason: 'Origin not in security allowlist',
      event: 'ORIGIN_BLOCKED',
    });
  });

  it('does not let a matching path or port trick the check', () => {
    expect(checkGameUrl('https://games.example.com:8443/', allow)).toMatchObject({ allowed: false });
    expect(checkGameUrl('https://games.example.com.evil.net/', allow)).toMatchObject({ allowed: false });
  });
});
