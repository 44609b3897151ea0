/**
 * The portal's pages that hold a game needing threads (issue #47): `/games/{slug}` and the Kids
 * Zone's `/kids/play/{slug}` of a game whose live build has `threads` set. A frame is cross-origin
 * isolated only when the page around it is too, so these pages alone are sent with COOP
 * `same-origin` and COEP `require-corp` (and their frame carries allow="cross-origin-isolated",
 * src/components/GameFrame). Every other page stays as it was: COEP there would block ad frames
 * and thumbnails from hosts that send no Cross-Origin-Resource-Policy (docs/SECURITY.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { splitLocalePath } from '../../src/i18n/addresses';
import { queryOf } from '../db/kysely';

/** How long the list of such games is trusted: a build ticked or approved shows within this. */
const FRESH_MS = 5_000;

export const ISOLATION_HEADERS = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } as const;

const GAME_PAGE = /^\/(?:kids\/play|games)\/([a-z0-9-]+)\/?$/;

/** The slugs of published games whose live build needs threads. */
async function isolatedSlugs(orm: MikroORM): Promise<Set<string>> {
  const rows = await queryOf(orm.em.fork())
    .selectFrom('games as g')
    .innerJoin('game_builds as b', 'b.id', 'g.live_build_id')
    .select('g.slug')
    .where('g.status', '=', 'APPROVED')
    .where('b.threads', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.slug));
}

export class IsolatedPages {
  private slugs: Promise<Set<string>> | null = null;
  private readAt = 0;

  constructor(private readonly orm: MikroORM) {}

  /** The games whose pages are isolated, read again once FRESH_MS old (the old list answers meanwhile). */
  private current(): Promise<Set<string>> {
    if (!this.slugs || Date.now() - this.readAt > FRESH_MS) {
      const reading = isolatedSlugs(this.orm);
      const previous = this.slugs;
      this.readAt = Date.now();
      // A failed read keeps the list before it (empty at first: no page isolated, none broken).
      this.slugs = reading.catch(() => previous ?? new Set());
      if (previous) return previous;
    }
    return this.slugs;
  }

  /** Whether the page at `url` holds a game that needs threads. */
  async isIsolated(url: string): Promise<boolean> {
    // The same page in every language (/fr/games/{slug}).
    const slug = GAME_PAGE.exec(splitLocalePath(url.split(/[?#]/)[0]!).path)?.[1];
    return slug !== undefined && (await this.current()).has(slug);
  }

  /** Adds the isolation headers to a page's answer when it holds such a game. */
  async apply(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (await this.isIsolated(request.url)) void reply.headers(ISOLATION_HEADERS);
  }
}
