import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { User } from './User';

export const AUDIT_ACTIONS = [
  'GAME_APPROVED',
  'GAME_REJECTED',
  'REPORT_RESOLVED',
  'REPORT_DISMISSED',
  'USER_PROMOTED',
  'SCORE_REMOVED',
  'RATING_REMOVED',
  'MESSAGE_ANSWERED',
  'GAME_UNPUBLISHED',
  'GAME_REPUBLISHED',
  'USER_BLOCKED',
  'USER_UNBLOCKED',
  'BUILD_APPROVED',
  'BUILD_REJECTED',
  'BUILD_ROLLED_BACK',
  'REVENUE_IMPORTED',
  'PAYOUT_PAID',
  'GAME_KIDS_ZONE_APPROVED',
  'GAME_KIDS_ZONE_WITHDRAWN',
  'GAME_HOME_PLACEMENT',
] as const;

/** Who did which admin action to what, and when. Written in the same transaction as the action. */
export const AuditLogSchema = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_log',
  extends: BaseSchema,
  properties: {
    /** Null for actions from the command line (npm run user:promote). */
    actor: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    action: p.enum(AUDIT_ACTIONS),
    targetType: p.string().length(20),
    targetId: p.integer(),
    details: p.json<Record<string, unknown>>().nullable(),
  },
  indexes: [{ properties: ['createdAt'] }, { properties: ['targetType', 'targetId'] }],
});

export class AuditLog extends AuditLogSchema.class {}
AuditLogSchema.setClass(AuditLog);
