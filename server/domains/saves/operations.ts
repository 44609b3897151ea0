import { gameIdInput, importSavesInput, importSavesOutput, noInput, putSaveInput, putSaveOutput, saveOutput, savesFileOutput } from '../../../shared/schemas';
import { SAVE_LIMITS } from '../../../shared/constants';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { NotFound } from '../errors';
import { exportSaves, getSave, importSaves, putSave, savesFileName } from './service';

export const savesOperations = {
  get: defineOperation({
    method: 'GET',
    path: '/games/{id}/save',
    access: 'user',
    summary: "Your cloud save of the game (null when you have none): the JSON object its last save wrote, with that write's version",
    tags: ['saves'],
    input: gameIdInput,
    output: saveOutput.nullable(),
    errors: [NotFound],
    run: ({ ctx, input }) => getSave(ctx, input.id),
  }),
  put: defineOperation({
    method: 'PUT',
    path: '/games/{id}/save',
    access: 'user',
    summary:
      'Write your cloud save of the game: `data` is a JSON object of at most 64 KB, `version` the version it replaces (0 for the first save). ' +
      'Answers 200 with the new version; 409 with the current save when `version` is not the stored one (another device saved in between)',
    tags: ['saves'],
    input: putSaveInput,
    output: putSaveOutput,
    successStatus: (result) => (result.status === 'conflict' ? 409 : 200),
    maxBodyBytes: SAVE_LIMITS.bodyBytes,
    rateLimit: { group: 'save', perIp: 1200, perAccount: 600, windowMs: HOUR_MS, account: signedInAccount },
    errors: [NotFound],
    run: ({ ctx, input }) => putSave(ctx, input.id, input.data, input.version),
  }),
  export: defineOperation({
    method: 'GET',
    path: '/me/saves',
    access: 'user',
    summary: 'Every cloud save of yours as one JSON file (a download), which POST /me/saves takes back',
    tags: ['saves'],
    input: noInput,
    output: savesFileOutput,
    attachmentName: savesFileName,
    run: ({ ctx }) => exportSaves(ctx),
  }),
  import: defineOperation({
    method: 'POST',
    path: '/me/saves',
    access: 'user',
    summary:
      'Import a file GET /me/saves exported, in one transaction: each save replaces yours unless yours was written later; saves of games not on the portal are skipped',
    tags: ['saves'],
    input: importSavesInput,
    output: importSavesOutput,
    maxBodyBytes: SAVE_LIMITS.importBytes,
    rateLimit: { group: 'save-import', perIp: 60, perAccount: 30, windowMs: HOUR_MS, account: signedInAccount },
    run: ({ ctx, input }) => importSaves(ctx, input),
  }),
};
