/** vitest.config.ts's split: the files that start the rooms' match-maker get a worker of their own, every other file shares one. */
import { expect, it } from 'vitest';
import { testFilesUnder } from './engine-blind';
import { testFilesByWorker } from './own-worker-files';

const FOLDERS = ['server', 'shared', 'tests', 'src'];

it('puts the files that call startRooms or the rooms bed in their own worker, and every other file in a shared one, each once', () => {
  const { ownWorker, sharedWorker } = testFilesByWorker(FOLDERS);
  // startRooms itself, the rooms bed, and a file in another tree (src/) that starts an engine.
  expect(ownWorker).toEqual(expect.arrayContaining(['server/rooms/room-process-killed.test.ts', 'server/rooms/quick-join.test.ts', 'src/features/rooms/RoomSession.test.ts']));
  // Files that only spawn a room process or read the rooms' rules share a worker.
  expect(sharedWorker).toEqual(expect.arrayContaining(['server/rooms/rules.test.ts', 'server/rooms/two-processes.test.ts', 'tests/fuzz/api.fuzz.test.ts']));
  expect([...ownWorker, ...sharedWorker].sort()).toEqual(testFilesUnder(FOLDERS));
});
