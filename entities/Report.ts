import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { REPORT_KINDS, REPORT_PRIORITIES, REPORT_STATUSES } from '../shared/constants';
import { Game } from './Game';
import { User } from './User';

/**
 * Both kinds of report in one table, so the admin list is one query:
 * GAME reports (a signed-in user's reason about a game) and GENERAL reports
 * (the /report form: URL, type, description, optional e-mail, priority).
 */
export const ReportSchema = defineEntity({
  name: 'Report',
  tableName: 'reports',
  extends: BaseSchema,
  properties: {
    kind: p.enum(REPORT_KINDS),
    game: () => p.manyToOne(Game).nullable().deleteRule('set null').index(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** A game report's reason, or a general report's type. */
    reason: p.string().length(40),
    status: p.enum(REPORT_STATUSES).default('OPEN'),
    gameUrl: p.string().length(2048).nullable(),
    gameTitle: p.string().length(80).nullable(),
    description: p.text().nullable(),
    email: p.string().length(254).nullable(),
    priority: p.enum(REPORT_PRIORITIES).nullable(),
    reviewedAt: p.datetime().nullable(),
    reviewedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
  indexes: [{ properties: ['status', 'createdAt'] }, { properties: ['reviewedBy'] }],
});

export class Report extends ReportSchema.class {}
ReportSchema.setClass(Report);
