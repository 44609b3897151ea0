import { defineEntity, p } from '@mikro-orm/core';
import { BuildBlob } from './BuildBlob';

/** A slice of a blob's bytes (at most 1 MB each), numbered from 0; read in order, they are the file. */
export const BuildBlobChunkSchema = defineEntity({
  name: 'BuildBlobChunk',
  tableName: 'build_blob_chunks',
  properties: {
    blob: () => p.manyToOne(BuildBlob).primary().deleteRule('cascade').fieldName('hash'),
    chunk: p.integer().primary(),
    data: p.blob(),
  },
});

export class BuildBlobChunk extends BuildBlobChunkSchema.class {}
BuildBlobChunkSchema.setClass(BuildBlobChunk);
