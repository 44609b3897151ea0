/**
 * The admin's Users tab: accounts by e-mail or display name, blocking and unblocking them, and
 * promoting one to administrator. Blocking ends every session of the account in the same
 * transaction; sign-in refuses a blocked account (auth/service.ts `signIn`) and so does every
 * signed-in operation (operation.ts `authorize`), on every transport.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_PAGE_SIZE } from '../../../shared/constants';
import type { AdminUser } from '../../../shared/schemas';
import { AuthSession, User } from '../../../entities';
import type { AuthedContext } from '../context';
import { Conflict, Forbidden, NotFound } from '../errors';
import { likeContaining } from './catalog';
import { audit } from './audit';
import { text } from '../../i18n/translate';

function toAdminUser(user: User): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    blockedAt: user.blockedAt?.toISOString() ?? null,
  };
}

export async function listUsers(
  ctx: AuthedContext,
  input: { search?: string | undefined; page: number },
): Promise<{ users: AdminUser[]; page: number; hasMore: boolean; total: number }> {
  const pattern = input.search ? likeContaining(input.search) : null;
  // The anonymous rows that keep a deleted account's ratings and scores are nobody to manage.
  const [users, total] = await ctx.em.findAndCount(
    User,
    pattern ? { deletedAt: null, $or: [{ email: { $ilike: pattern } }, { name: { $ilike: pattern } }] } : { deletedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: ADMIN_PAGE_SIZE, offset: (input.page - 1) * ADMIN_PAGE_SIZE },
  );
  return { users: users.map(toAdminUser), page: input.page, hasMore: input.page * ADMIN_PAGE_SIZE < total, total };
}

/** The account, locked until the transaction ends: a sign-in of it waits (its upsert needs the row). */
async function lockedUser(em: EntityManager, id: number): Promise<User> {
  const user = await em.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!user) throw new NotFound(text('admin.userNotFound'));
  return user;
}

export async function blockUser(ctx: AuthedContext, id: number): Promise<AdminUser> {
  if (id === ctx.user.id) throw new Forbidden(text('admin.blockSelf'));
  return ctx.em.transactional(async (tx) => {
    const user = await lockedUser(tx, id);
    if (user.role === 'ADMIN') throw new Forbidden(text('admin.blockAdmin'));
    if (user.blockedAt) throw new Conflict(text('admin.alreadyBlocked'));
    user.blockedAt = new Date();
    const sessionsEnded = await tx.nativeDelete(AuthSession, { user: id });
    audit(tx, ctx, 'USER_BLOCKED', 'user', user.id, { email: user.email, sessionsEnded });
    await tx.flush();
    return toAdminUser(user);
  });
}

export async function unblockUser(ctx: AuthedContext, id: number): Promise<AdminUser> {
  return ctx.em.transactional(async (tx) => {
    const user = await lockedUser(tx, id);
    if (!user.blockedAt) throw new Conflict(text('admin.notBlocked'));
    user.blockedAt = null;
    audit(tx, ctx, 'USER_UNBLOCKED', 'user', user.id, { email: user.email });
    await tx.flush();
    return toAdminUser(user);
  });
}

export async function promoteToAdmin(ctx: AuthedContext, id: number): Promise<AdminUser> {
  return ctx.em.transactional(async (tx) => {
    const user = await lockedUser(tx, id);
    if (user.role === 'ADMIN') throw new Conflict(text('admin.alreadyAdmin'));
    if (user.blockedAt) throw new Conflict(text('admin.unblockFirst'));
    user.role = 'ADMIN';
    audit(tx, ctx, 'USER_PROMOTED', 'user', user.id, { email: user.email });
    await tx.flush();
    return toAdminUser(user);
  });
}
