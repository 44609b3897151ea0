import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { folderFiles, zipFolder } from './zip-folder';

/** A File as a folder pick gives it: its path within the folder. */
function picked(path: string, content: string | Uint8Array<ArrayBuffer>): File {
  const file = new File([content], path.split('/').pop()!, { lastModified: Date.UTC(2026, 10, 25) });
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('zipping a chosen folder', () => {
  it('keeps every file under the folder’s name, leaves out what operating systems add, and stores media as it is', async () => {
    const png = new Uint8Array(3000).map((_, index) => (index * 7919) % 251);
    const files = [
      picked('rock-hopper/index.html', '<!doctype html><title>Rock Hopper</title>'),
      picked('rock-hopper/js/game.js', 'console.log("hop");\n'.repeat(500)),
      picked('rock-hopper/thumb.png', png),
      picked('rock-hopper/.DS_Store', 'junk'),
      picked('rock-hopper/__MACOSX/._index.html', 'junk'),
    ];
    expect(folderFiles(files).map((file) => file.webkitRelativePath)).toEqual(['rock-hopper/index.html', 'rock-hopper/js/game.js', 'rock-hopper/thumb.png']);
    const progress: string[] = [];
    const zip = await zipFolder(files, (done, total) => progress.push(`${done}/${total}`));
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
    const unzipped = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(unzipped).sort()).toEqual(['rock-hopper/index.html', 'rock-hopper/js/game.js', 'rock-hopper/thumb.png']);
    expect(new TextDecoder().decode(unzipped['rock-hopper/js/game.js'])).toBe('console.log("hop");\n'.repeat(500));
    expect(unzipped['rock-hopper/thumb.png']).toEqual(png);
    // The script deflated, the image stored: the zip is far smaller than the script alone.
    expect(zip.size).toBeLessThan(3000 + 1000);
  });
});
