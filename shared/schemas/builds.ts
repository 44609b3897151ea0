/** Uploaded game builds (issue #24): what the API answers about one. */
import { z } from 'zod';

/** What becomes of an uploaded build (entities/GameBuild.ts says what each means). */
export const BUILD_STATUSES = ['CHECKING', 'READY', 'FAILED', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;

/** One uploaded build of a game, as /api/v1 answers it (snake_case, like the rest of v1). */
export const v1BuildOutput = z
  .object({
    id: z.number().int().meta({ description: 'The build’s id.' }),
    game_id: z.number().int(),
    version: z.number().int().meta({ description: 'Its number among the game’s builds: 1, 2, 3… in upload order.' }),
    status: z.enum(BUILD_STATUSES).meta({ description: 'READY: stored and checked, may be submitted for review.' }),
    file_count: z.number().int(),
    total_bytes: z.number().int().meta({ description: 'All its files, uncompressed.' }),
    new_files: z.number().int().meta({ description: 'Files the portal did not hold yet: unchanged files of earlier builds are stored once.' }),
    new_bytes: z.number().int(),
    created_at: z.string().meta({ description: 'When it was uploaded (ISO 8601).' }),
  })
  .meta({
    examples: [{ id: 7, game_id: 42, version: 3, status: 'READY', file_count: 18, total_bytes: 2_310_455, new_files: 2, new_bytes: 48_210, created_at: '2026-11-25T09:30:00Z' }],
  });
export type V1Build = z.output<typeof v1BuildOutput>;
