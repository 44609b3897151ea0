/**
 * Which test files run in a worker of their own (vitest.config.ts): those that start Colyseus'
 * match-maker in the test's own process (startRooms, or the rooms bed that calls it). The
 * match-maker is one object per process (@colyseus/core keeps its presence, driver, process id,
 * room-placement function and rooms in module variables), and part of it outlives its shutdown:
 * the engine waits 3 s for `gracefullyShutdown`, and a shutdown still running then goes on against
 * the next file's engine, under the same process id. In a shared worker a file's quick joins
 * failed that way once in CI (not reproduced). Every other file shares its worker's modules with
 * the files before it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, testFilesUnder } from './engine-blind.ts';

const STARTS_ROOMS_ENGINE = /\b(?:startRooms|useRoomsBed)\(/;

/** The test files (from the root) under `folders`, split by the worker they need. */
export function testFilesByWorker(folders: string[]): { ownWorker: string[]; sharedWorker: string[] } {
  const ownWorker: string[] = [];
  const sharedWorker: string[] = [];
  for (const file of testFilesUnder(folders)) {
    (STARTS_ROOMS_ENGINE.test(readFileSync(join(ROOT, file), 'utf8')) ? ownWorker : sharedWorker).push(file);
  }
  return { ownWorker, sharedWorker };
}
