import { describe, expect, it } from 'vitest';
import { connectAllowed } from './csp';

const self = new URL('http://localhost:3300/sw.js');
const thumb = new URL('http://localhost:3301/thumbs/balloon-party');
const remote = new URL('https://cdn.example.com/t.png');

describe('connectAllowed', () => {
  it("refuses other origins under connect-src 'self' (the portal's policy today)", () => {
    const policy = "default-src 'self';script-src 'self';img-src 'self' https: http://localhost:3301;connect-src 'self'";
    expect(connectAllowed(policy, thumb, self)).toBe(false);
    expect(connectAllowed(policy, new URL('http://localhost:3300/trpc/home.get'), self)).toBe(true);
  });

  it('allows listed origins, schemes, wildcards and any port', () => {
    expect(connectAllowed("connect-src 'self' http://localhost:3301 https:", thumb, self)).toBe(true);
    expect(connectAllowed("connect-src 'self' http://localhost:3301 https:", remote, self)).toBe(true);
    expect(connectAllowed("connect-src 'self' https://*.example.com", remote, self)).toBe(true);
    expect(connectAllowed("connect-src 'self' http://localhost:*", thumb, self)).toBe(true);
    expect(connectAllowed("connect-src 'self' http://localhost:3302", thumb, self)).toBe(false);
  });

  it('falls back to default-src, and allows everything without a policy', () => {
    expect(connectAllowed("default-src 'self'", thumb, self)).toBe(false);
    expect(connectAllowed("default-src *", thumb, self)).toBe(true);
    expect(connectAllowed(null, thumb, self)).toBe(true);
  });
});
