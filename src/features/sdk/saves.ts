/**
 * The portal's side of the SDK's cloud saves (games/sdk/README.md, "Cloud saves"): which save
 * requests from a game frame it accepts, how it asks the account's saves for them (GET/PUT
 * /api/games/{id}/save), and the answer it posts back. No React here.
 */
import { SAVE_LIMITS } from '../../../shared/constants';
import type { GameSaveData, PutSaveResult } from '../../../shared/schemas';
import { getStoredToken } from '../../trpc';
import { PORTAL_SOURCE, SDK_SOURCE, SDK_VERSION } from './messages';

export type SaveRequest =
  | { type: 'saveLoad'; requestId: string }
  | { type: 'saveWrite'; requestId: string; data: Record<string, unknown>; baseVersion: number };

/**
 * What the game is told: `ok` (a load; `save` is null when the account has none), `saved`,
 * `conflict` (`save` is the account's newer one), `signed-out` and `offline` (the SDK keeps the
 * device copy and syncs later), `invalid` (the account refused the data: too large, not an object).
 */
export type SaveStatus = 'ok' | 'saved' | 'conflict' | 'signed-out' | 'offline' | 'invalid';

export interface SaveAnswer {
  source: typeof PORTAL_SOURCE;
  type: 'saveResult';
  requestId: string;
  status: SaveStatus;
  save: Omit<GameSaveData, 'gameId'> | null;
}

const requestKeys: ReadonlySet<string> = new Set(['source', 'version', 'type', 'requestId', 'data', 'baseVersion']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Reads a save request posted by a game, or null when it is not exactly one. Never throws. */
export function parseSaveRequest(message: unknown): SaveRequest | null {
  try {
    if (!isPlainObject(message) || Object.keys(message).some((key) => !requestKeys.has(key))) return null;
    if (message.source !== SDK_SOURCE || message.version !== SDK_VERSION) return null;
    const { type, requestId } = message;
    if (typeof requestId !== 'string' || requestId.length === 0 || requestId.length > 64) return null;
    if (type === 'saveLoad') return { type, requestId };
    if (type !== 'saveWrite') return null;
    const { data, baseVersion } = message;
    if (!isPlainObject(data) || typeof baseVersion !== 'number' || !Number.isInteger(baseVersion) || baseVersion < 0) return null;
    return { type, requestId, data, baseVersion };
  } catch {
    return null;
  }
}

export function saveAnswer(requestId: string, status: SaveStatus, save: GameSaveData | null = null): SaveAnswer {
  return { source: PORTAL_SOURCE, type: 'saveResult', requestId, status, save: save ? { data: save.data, version: save.version, updatedAt: save.updatedAt } : null };
}

/** A save's size as the server counts it: its JSON text in UTF-8 bytes. */
export function saveSize(data: unknown): number {
  return new TextEncoder().encode(JSON.stringify(data)).length;
}

/**
 * A save as the server answers it (shared/schemas.ts `saveOutput`), checked by hand: the game
 * page loads no zod (it would add its weight to every game page, for two small shapes).
 */
function asSave(value: unknown): GameSaveData | null {
  if (!isPlainObject(value)) return null;
  const { gameId, data, version, updatedAt } = value;
  if (typeof gameId !== 'number' || !isPlainObject(data) || typeof version !== 'number' || typeof updatedAt !== 'string') return null;
  return { gameId, data, version, updatedAt };
}

/** The answer of a PUT (`putSaveOutput`): saved, or a conflict carrying the current save. */
function asPutResult(value: unknown): PutSaveResult | null {
  if (!isPlainObject(value)) return null;
  const save = asSave(value.save);
  if (!save) return null;
  if (value.status === 'saved') return { status: 'saved', save };
  if (value.status === 'conflict' && typeof value.message === 'string') return { status: 'conflict', message: value.message, save };
  return null;
}

/**
 * Answers one save request for the signed-in player, straight over /api (not the tRPC batch: a
 * save must never ride in a batch the service worker may answer from its cache while offline).
 */
export async function answerSaveRequest(request: SaveRequest, gameId: number, fetcher: typeof fetch = fetch): Promise<SaveAnswer> {
  if (request.type === 'saveWrite' && saveSize(request.data) > SAVE_LIMITS.dataBytes) return saveAnswer(request.requestId, 'invalid');
  const token = getStoredToken();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let response: Response;
  try {
    response =
      request.type === 'saveLoad'
        ? await fetcher(`/api/games/${gameId}/save`, { headers, credentials: 'same-origin', cache: 'no-store' })
        : await fetcher(`/api/games/${gameId}/save`, {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/json' },
            credentials: 'same-origin',
            body: JSON.stringify({ data: request.data, version: request.baseVersion }),
          });
  } catch {
    return saveAnswer(request.requestId, 'offline');
  }
  if (response.status === 401) return saveAnswer(request.requestId, 'signed-out');
  if (response.status === 400 || response.status === 404 || response.status === 413) return saveAnswer(request.requestId, 'invalid');
  if (response.status !== 200 && response.status !== 409) return saveAnswer(request.requestId, 'offline');
  try {
    const body: unknown = await response.json();
    if (request.type === 'saveLoad') {
      if (body === null) return saveAnswer(request.requestId, 'ok', null);
      const save = asSave(body);
      return save ? saveAnswer(request.requestId, 'ok', save) : saveAnswer(request.requestId, 'offline');
    }
    const written = asPutResult(body);
    return written ? saveAnswer(request.requestId, written.status, written.save) : saveAnswer(request.requestId, 'offline');
  } catch {
    return saveAnswer(request.requestId, 'offline');
  }
}
