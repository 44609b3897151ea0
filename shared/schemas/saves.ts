/** Cloud saves (issue #14): one game's save, the saves file, and its import. */
import { z } from 'zod';
import { SAVES_FILE_FORMAT, SAVE_LIMITS } from '../constants';
import { idParamSchema, slugSchema, typeError } from './fields';

const saveBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
/** A game's save: a JSON object of at most 64 KB as JSON text. */
export const saveDataSchema = z
  .record(z.string(), z.unknown(), { error: 'Expected a JSON object' })
  .refine((value) => saveBytes(value) <= SAVE_LIMITS.dataBytes, `Too large: a save is at most 64 KB (${SAVE_LIMITS.dataBytes.toLocaleString('en-US')} bytes) as JSON`);
/** The save version a write replaces: 0 when the game has none yet. */
const saveVersionSchema = z.number({ error: typeError('a number') }).int('Must be a whole number').min(0, 'Must be 0 or more').max(2_147_483_647, 'Too large');
export const putSaveInput = z.object({ id: idParamSchema, data: saveDataSchema, version: saveVersionSchema });
export const saveOutput = z.object({ gameId: z.number(), data: z.record(z.string(), z.unknown()), version: z.number(), updatedAt: z.string() });
export type GameSaveData = z.infer<typeof saveOutput>;
export const putSaveOutput = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), save: saveOutput }),
  /** Answered 409: the write named an older version; `save` is the current one. */
  z.object({ status: z.literal('conflict'), message: z.string(), save: saveOutput }),
]);
export type PutSaveResult = z.infer<typeof putSaveOutput>;
export const exportedSaveSchema = z.object({
  game: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  data: z.record(z.string(), z.unknown()),
  version: z.number(),
  updatedAt: z.string(),
});
export type ExportedSave = z.infer<typeof exportedSaveSchema>;

export const savesFileOutput = z.object({
  format: z.literal(SAVES_FILE_FORMAT),
  exportedAt: z.string(),
  saves: z.array(exportedSaveSchema),
});
export const importSavesInput = z.object({
  format: z.literal(SAVES_FILE_FORMAT, { error: `Expected "${SAVES_FILE_FORMAT}": choose a file exported from Your saves` }),
  saves: z
    .array(
      z.object({
        game: z.object({ slug: slugSchema }),
        data: saveDataSchema,
        updatedAt: z.iso.datetime({ offset: true, error: 'Expected an ISO date and time' }),
      }),
      { error: 'Expected a list of saves' },
    )
    .max(SAVE_LIMITS.importMax, `At most ${SAVE_LIMITS.importMax} saves in one file`)
    .refine((saves) => new Set(saves.map((save) => save.game.slug)).size === saves.length, 'Holds the same game twice'),
});
export const importSavesOutput = z.object({
  /** Saves written to the account. */
  imported: z.number(),
  /** Saves not written: the account's save was newer, or the game is not on the portal. */
  skipped: z.array(z.object({ slug: z.string(), reason: z.enum(['newer-save-kept', 'unknown-game']) })),
});
