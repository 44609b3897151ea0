import { defineEntity, p } from '@mikro-orm/core';

/**
 * One file's bytes in the PostgreSQL build storage (BUILD_STORAGE=postgres), by content: the
 * sha256 of its bytes. A blob row is written in the same transaction as all its chunks, so a blob
 * that has a row is whole. Identical files of any builds are stored once.
 */
export const BuildBlobSchema = defineEntity({
  name: 'BuildBlob',
  tableName: 'build_blobs',
  properties: {
    /** sha256 of the bytes, lower-case hex. */
    hash: p.string().length(64).primary(),
    size: p.bigint('number'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class BuildBlob extends BuildBlobSchema.class {}
BuildBlobSchema.setClass(BuildBlob);
