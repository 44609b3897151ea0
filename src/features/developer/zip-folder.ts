/**
 * A folder the developer chose in the browser (`<input webkitdirectory>`), zipped on the device
 * with fflate (8 KB, streaming): the same upload then sends it. Files are read and deflated a
 * chunk at a time, yielding between chunks, so a large folder does not freeze the page; media
 * that is compressed already is stored as it is. The folder's own name stays the zip's one top
 * folder, which the server strips.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Formats that gain nothing from deflate: stored as they are. */
const STORED = /\.(png|jpe?g|webp|gif|avif|mp3|ogg|oga|m4a|aac|opus|mp4|webm|woff2?|zip|br|gz)$/i;

/** Files operating systems leave in folders (the server leaves them out of a build too). */
const JUNK = /(^|\/)(\.DS_Store|Thumbs\.db|__MACOSX\/.*)$/i;

/** Each file's path inside the zip: its path within the chosen folder, with forward slashes. */
export function pathInFolder(file: { name: string; webkitRelativePath?: string }): string {
  return (file.webkitRelativePath || file.name).replace(/\\/g, '/');
}

/** The files of a chosen folder worth zipping, in a stable order. */
export function folderFiles<T extends { name: string; webkitRelativePath?: string }>(files: readonly T[]): T[] {
  return files.filter((file) => !JUNK.test(pathInFolder(file))).sort((a, b) => pathInFolder(a).localeCompare(pathInFolder(b)));
}

/** Zips the files (see folderFiles) into one Blob; `onFile` is told how many are done. */
export async function zipFolder(files: readonly File[], onFile: (done: number, total: number) => void): Promise<Blob> {
  const chosen = folderFiles(files);
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else parts.push(chunk);
  });
  for (const [index, file] of chosen.entries()) {
    const entry = STORED.test(file.name) ? new ZipPassThrough(pathInFolder(file)) : new ZipDeflate(pathInFolder(file), { level: 6 });
    entry.mtime = file.lastModified || Date.now();
    zip.add(entry);
    const reader = file.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
      // Let the page paint and answer between chunks.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    entry.push(new Uint8Array(0), true);
    onFile(index + 1, chosen.length);
    if (failure) throw failure;
  }
  zip.end();
  if (failure) throw failure;
  return new Blob(parts as BlobPart[], { type: 'application/zip' });
}
