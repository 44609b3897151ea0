import { defineEntity, p } from '@mikro-orm/core';

/**
 * The compressed forms of a stored blob (issue #56), made once when a build is stored (or once,
 * later, for a blob stored before): its brotli and gzip bytes, each a blob of its own in the build
 * storage under its own hash. A row means the blob was compressed; a null form did not gain enough
 * to be worth sending (a PNG, an already compressed file), so it is sent as it is.
 */
export const BuildBlobCompressionSchema = defineEntity({
  name: 'BuildBlobCompression',
  tableName: 'build_blob_compressions',
  properties: {
    /** sha256 of the original bytes. */
    hash: p.string().length(64).primary(),
    brHash: p.string().length(64).nullable(),
    brSize: p.bigint('number').nullable(),
    gzipHash: p.string().length(64).nullable(),
    gzipSize: p.bigint('number').nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class BuildBlobCompression extends BuildBlobCompressionSchema.class {}
BuildBlobCompressionSchema.setClass(BuildBlobCompression);
