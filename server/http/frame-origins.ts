/**
 * The origins the portal's pages may frame (CSP frame-src): the games origin, every
 * published game's allowlisted origins, and the source origins of games waiting for
 * review (only the admin's Preview frames those). Read at start, after each
 * submission and decision, and every minute (for changes made by other instances).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { originOf } from '../domains/games/writer';

export class FrameOrigins {
  private origins: string[];

  constructor(private readonly gamesOrigin: string) {
    this.origins = [gamesOrigin];
  }

  list(): readonly string[] {
    return this.origins;
  }

  async refresh(em: EntityManager): Promise<void> {
    const rows = await em.getConnection().execute<{ allowed_origin: string }[]>(
      `select distinct o.allowed_origin from game_origins o join games g on g.id = o.game_id where g.status = 'APPROVED'`,
    );
    const pending = await em
      .getConnection()
      .execute<{ src_url: string }[]>(`select distinct src_url from games where status = 'PENDING' and src_url is not null`);
    const pendingOrigins = pending.map((row) => originOf(row.src_url)).filter((origin): origin is string => origin !== null);
    this.origins = [...new Set([this.gamesOrigin, ...rows.map((row) => row.allowed_origin), ...pendingOrigins])].sort();
  }
}
