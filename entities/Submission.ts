import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { Game } from './Game';
import { User } from './User';

/** API: sent to POST /api/v1/games with an API key. */
export const SUBMISSION_SOURCES = ['LEGACY', 'DEVELOPER', 'API'] as const;

/** What a developer sent, exactly as sent, beside the PENDING game it created. */
export const SubmissionSchema = defineEntity({
  name: 'Submission',
  tableName: 'submissions',
  extends: BaseSchema,
  properties: {
    game: () => p.manyToOne(Game).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    source: p.enum(SUBMISSION_SOURCES),
    payload: p.json<Record<string, unknown>>(),
  },
});

export class Submission extends SubmissionSchema.class {}
SubmissionSchema.setClass(Submission);
