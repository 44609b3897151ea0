/**
 * Uploading a game's build, on the public API (/api/v1, with an API key): the build is the
 * request body (a zip), which the transport streams to a temporary file (server/http/uploads.ts).
 */
import { z } from 'zod';
import { idSchema, v1BuildOutput } from '../../../shared/schemas';
import { UploadedFile } from '../uploaded-file';
import { defineOperation, HOUR_MS } from '../operation';
import { NotFound, Validation } from '../errors';
import { BUILD_LIMITS } from './archive';
import { uploadBuild } from './service';

/** Uploads a key may make in an hour: a developer iterating on a build, not a flood of zips. */
const BUILD_UPLOADS_PER_HOUR = 60;

export const v1BuildsOperations = {
  upload: defineOperation({
    method: 'POST',
    path: '/games/{id}/builds',
    access: 'apiKey',
    summary:
      `Upload a build of one of your games: a zip with an index.html (at its root or in its one top folder), sent as the body ` +
      `(Content-Type: application/zip) or as a multipart/form-data file; at most ${BUILD_LIMITS.maxFiles} files and ` +
      `${BUILD_LIMITS.maxTotalBytes / (1024 * 1024)} MB unpacked. Files the portal already holds, from any earlier build, are stored once.`,
    tags: ['v1'],
    input: z.object({ id: idSchema.meta({ description: 'The id of your game.' }), file: z.instanceof(UploadedFile) }),
    output: v1BuildOutput,
    successStatus: 201,
    upload: { maxBytes: BUILD_LIMITS.maxZipBytes },
    rateLimit: { group: 'v1-builds', perAccount: BUILD_UPLOADS_PER_HOUR, windowMs: HOUR_MS, account: ({ ctx }) => String(ctx.apiKeyId) },
    errors: [NotFound, Validation],
    run: ({ ctx, input }) => uploadBuild(ctx, input.id, input.file),
  }),
};
