/**
 * Cloud saves (issue #14): one JSON object per player and game, written by the game through the
 * SDK (games/sdk/README.md, "Cloud saves"). The conflict rule is last write wins with a version:
 * every write names the version it replaces; the stored version goes up by one on each write, and
 * a write naming any other version (an older one: another device saved in between) is refused
 * with the current save, so the writer decides with both in hand. The SDK keeps the later of the
 * two (by when each was saved) and writes again naming the current version.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { SAVES_FILE_FORMAT } from '../../../shared/constants';
import type { ExportedSave, GameSaveData, importSavesInput, importSavesOutput, PutSaveResult } from '../../../shared/schemas';
import type { AuthedContext } from '../context';
import { requirePublishedGame } from '../games/lookup';
import { importSave, publishedGamesWithSlugs, saveOf, savesOf, writeSaveAtVersion, type SaveRow } from './queries';

type ImportResult = z.output<typeof importSavesOutput>;

function toSave(row: SaveRow): GameSaveData {
  return { gameId: row.game_id, data: JSON.parse(row.data) as Record<string, unknown>, version: row.version, updatedAt: new Date(row.updated_at).toISOString() };
}

async function findSave(em: EntityManager, userId: number, gameId: number): Promise<GameSaveData | null> {
  const row = await saveOf(em, userId, gameId);
  return row ? toSave(row) : null;
}

/** The caller's save of a published game, or null when they have none. */
export async function getSave(ctx: AuthedContext, gameId: number): Promise<GameSaveData | null> {
  const game = await requirePublishedGame(ctx.em, gameId);
  return findSave(ctx.em, ctx.user.id, game.id);
}

/**
 * Writes the caller's save if `version` is the stored one (0 for none yet), in one statement so two
 * writes naming the same version cannot both win. Otherwise answers the conflict and the current save.
 */
export async function putSave(ctx: AuthedContext, gameId: number, data: Record<string, unknown>, version: number): Promise<PutSaveResult> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const written = await writeSaveAtVersion(ctx.em, { userId: ctx.user.id, gameId: game.id, data: JSON.stringify(data), version });
  if (written) return { status: 'saved', save: toSave(written) };
  // No row came back: the stored save has another version than the one this write replaces.
  const current = await findSave(ctx.em, ctx.user.id, game.id);
  if (!current) throw new Error('game save vanished during a write');
  return {
    status: 'conflict',
    message: `version: this save was changed elsewhere and is now at version ${current.version}; load it, then save naming that version`,
    save: current,
  };
}

/** Every save of the caller, the latest written first: for the saves file and the account's data export. */
export async function listSaves(ctx: AuthedContext): Promise<ExportedSave[]> {
  const rows = await savesOf(ctx.em, ctx.user.id);
  return rows.map((row) => {
    const { gameId, ...save } = toSave(row);
    return { game: { id: gameId, slug: row.slug, title: row.title }, ...save };
  });
}

/** The file GET /api/me/saves answers, and POST /api/me/saves takes back. */
export async function exportSaves(ctx: AuthedContext): Promise<{ format: typeof SAVES_FILE_FORMAT; exportedAt: string; saves: ExportedSave[] }> {
  return { format: SAVES_FILE_FORMAT, exportedAt: new Date().toISOString(), saves: await listSaves(ctx) };
}

/** The file name of an export: the portal's saves of the day. */
export function savesFileName(file: { exportedAt: string }): string {
  return `playfree-saves-${file.exportedAt.slice(0, 10)}.json`;
}

/**
 * Imports a saves file in one transaction, by the same rule as a write: each save replaces the
 * account's one unless that was written later (a save dated in the future counts as written now).
 * Saves of games the portal does not publish are skipped and listed.
 */
export async function importSaves(ctx: AuthedContext, file: z.output<typeof importSavesInput>): Promise<ImportResult> {
  return ctx.em.transactional(async (em) => {
    const slugs = file.saves.map((save) => save.game.slug);
    const games = slugs.length ? await publishedGamesWithSlugs(em, slugs) : [];
    const idBySlug = new Map(games.map((game) => [game.slug, game.id]));
    const skipped: ImportResult['skipped'] = [];
    let imported = 0;
    for (const save of file.saves) {
      const gameId = idBySlug.get(save.game.slug);
      if (gameId === undefined) {
        skipped.push({ slug: save.game.slug, reason: 'unknown-game' });
        continue;
      }
      const written = await importSave(em, {
        userId: ctx.user.id,
        gameId,
        data: JSON.stringify(save.data),
        updatedAt: new Date(save.updatedAt).toISOString(),
      });
      if (written) imported++;
      else skipped.push({ slug: save.game.slug, reason: 'newer-save-kept' });
    }
    return { imported, skipped };
  });
}
