/**
 * The origins the portal's pages may frame (CSP frame-src): the games origin and every host
 * name under it (uploaded games and builds' previews), every
 * published game's allowlisted origins, and the source origins of games waiting for
 * review (only the admin's Preview frames those). Read at start, after each
 * submission and decision, and every minute (for changes made by other instances).
 *
 * A large catalog has more origins than a header can list (browsers refuse a few
 * hundred KB of headers; 100,000 games from their own hosts make megabytes): past
 * MAX_LISTED_FRAME_ORIGINS the policy allows the games origin and any HTTPS origin.
 * What a page frames is still only an approved game's address; the list was defence
 * in depth, and the frame's sandbox and message-origin checks stay per game.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { pendingGameSources, publishedGameOrigins } from '../domains/games/frame-origin-queries';
import { originOf } from '../domains/games/writer';

export const MAX_LISTED_FRAME_ORIGINS = 100;

/**
 * Every host name under the games origin's (`http://*.localhost:3001`, `https://*.games.example.org`):
 * uploaded games' own origins `{slug}.<games host>` and builds' previews `build--{token}.<games host>`,
 * which the developer portal and the review queue frame before any is published.
 */
export function gamesOriginHosts(gamesOrigin: string): string {
  const url = new URL(gamesOrigin);
  return `${url.protocol}//*.${url.host}`;
}

/** The frame-src sources for the games origin, its game and preview hosts, and the games' own origins. */
export function frameSources(gamesOrigin: string, gameOrigins: readonly string[]): string[] {
  const origins = new Set(gameOrigins);
  origins.delete(gamesOrigin);
  const games = [gamesOrigin, gamesOriginHosts(gamesOrigin)];
  if (origins.size > MAX_LISTED_FRAME_ORIGINS) return [...games, 'https:'].sort();
  return [...games, ...origins].sort();
}

export class FrameOrigins {
  private origins: string[];

  constructor(private readonly gamesOrigin: string) {
    this.origins = [gamesOrigin];
  }

  list(): readonly string[] {
    return this.origins;
  }

  async refresh(em: EntityManager): Promise<void> {
    // Enough to know the list is too long (the games origin may be among them).
    const enough = MAX_LISTED_FRAME_ORIGINS + 2;
    const allowedOrigins = await publishedGameOrigins(em, enough);
    const pendingSources = await pendingGameSources(em);
    const pendingOrigins = pendingSources.map((source) => originOf(source)).filter((origin): origin is string => origin !== null);
    this.origins = frameSources(this.gamesOrigin, [...allowedOrigins, ...pendingOrigins]);
  }
}
