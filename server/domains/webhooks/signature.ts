import { createHmac } from 'node:crypto';

/**
 * `sha256=<hex HMAC-SHA256 of the body with the secret>`: the X-PlayFree-Signature header. Its own
 * module: the worker signs with it and the service's tests check it, and neither imports the other.
 */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}
