/**
 * Play tickets: a short-lived HMAC over a game's slug, which the portal puts on a game's own
 * address when it lets a top-level visit through (server/web/kids-gate.ts). The games origin is
 * another site, so it never sees the portal's cookies and cannot tell a child's paired device from
 * anyone else's: it sends every top-level visit without a valid ticket to the portal, which can.
 * The key is random, made once and kept in the database, so every instance signs alike.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ticketKey } from './queries';

/** Long enough for a redirect or two, short enough that a copied address soon stops opening the game. */
export const TICKET_TTL_MS = 60_000;

export class PlayTickets {
  private key: Promise<string> | undefined;

  constructor(private readonly orm: MikroORM) {}

  private secret(): Promise<string> {
    this.key ??= ticketKey(this.orm.em.fork(), randomBytes(32).toString('hex')).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async signature(slug: string, expires: number): Promise<string> {
    return createHmac('sha256', await this.secret()).update(`${slug}:${expires}`).digest('base64url');
  }

  async sign(slug: string, now = Date.now()): Promise<string> {
    const expires = now + TICKET_TTL_MS;
    return `${expires}.${await this.signature(slug, expires)}`;
  }

  async verify(slug: string, ticket: string | undefined, now = Date.now()): Promise<boolean> {
    const match = ticket ? /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(ticket) : null;
    if (!match) return false;
    const expires = Number(match[1]);
    if (expires < now || expires > now + TICKET_TTL_MS) return false;
    const expected = Buffer.from(await this.signature(slug, expires));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
