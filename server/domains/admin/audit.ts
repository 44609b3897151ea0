import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog, User } from '../../../entities';
import type { AuthedContext } from '../context';

/**
 * Records an admin action; flushed with (and so in the same transaction as) the action itself.
 * Its own module: every admin action (catalog, users, reviews, messages) audits, and the admin
 * service imports those actions.
 */
export function audit(
  em: EntityManager,
  ctx: AuthedContext,
  action: AuditLog['action'],
  targetType: string,
  targetId: number,
  details: Record<string, unknown>,
): void {
  em.create(AuditLog, { actor: em.getReference(User, ctx.user.id), action, targetType, targetId, details });
}
