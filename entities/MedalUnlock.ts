import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { GameMedal } from './GameMedal';
import { User } from './User';

/** A player's medal, unlocked once (createdAt: when). Deleting the account deletes it. */
export const MedalUnlockSchema = defineEntity({
  name: 'MedalUnlock',
  tableName: 'medal_unlocks',
  extends: BaseSchema,
  properties: {
    medal: () => p.manyToOne(GameMedal).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
  },
  uniques: [{ properties: ['medal', 'user'] }],
});

export class MedalUnlock extends MedalUnlockSchema.class {}
MedalUnlockSchema.setClass(MedalUnlock);
