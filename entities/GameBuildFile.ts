import { defineEntity, p } from '@mikro-orm/core';
import { GameBuild } from './GameBuild';

/** One file of a build: its path in the build (forward slashes, no leading slash) and its blob. */
export const GameBuildFileSchema = defineEntity({
  name: 'GameBuildFile',
  tableName: 'game_build_files',
  properties: {
    build: () => p.manyToOne(GameBuild).primary().deleteRule('cascade'),
    path: p.string().length(512).primary(),
    /** sha256 of the bytes: the blob's key in the build storage. */
    hash: p.string().length(64).index(),
    size: p.bigint('number'),
  },
});

export class GameBuildFile extends GameBuildFileSchema.class {}
GameBuildFileSchema.setClass(GameBuildFile);
