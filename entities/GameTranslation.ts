import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/**
 * A game's listing in one language, written by its developer (issue #59): shown to players of
 * that language in place of the original title, description and instructions.
 */
export const GameTranslationSchema = defineEntity({
  name: 'GameTranslation',
  tableName: 'game_translations',
  properties: {
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
    /** One of LOCALES (src/i18n/locales.ts), checked by the table. */
    locale: p.string().length(5).primary(),
    title: p.string().length(80),
    description: p.text(),
    instructions: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['locale'] }],
});

export class GameTranslation extends GameTranslationSchema.class {}
GameTranslationSchema.setClass(GameTranslation);
