import { defineEntity, p } from '@mikro-orm/core';

/** The random key (made on first use, shared by every instance) that signs the games origin's play tickets. */
export const KidTicketKeySchema = defineEntity({
  name: 'KidTicketKey',
  tableName: 'kid_ticket_keys',
  properties: {
    id: p.smallint().primary(),
    secret: p.string().length(64),
  },
});

export class KidTicketKey extends KidTicketKeySchema.class {}
KidTicketKeySchema.setClass(KidTicketKey);
