/** The checks both build stores make on what they are given: hashes, byte ranges, and a file's bytes against its hash. */
import { createHash, type Hash } from 'node:crypto';

const BLOB_HASH = /^[0-9a-f]{64}$/;

/** Throws unless `hash` is a sha256 in lower-case hex: the folder store makes paths of it. */
export function assertBlobHash(hash: string): void {
  if (typeof hash !== 'string' || !BLOB_HASH.test(hash)) {
    throw new TypeError(`Not a blob hash (sha256, lower-case hex): ${JSON.stringify(hash)?.slice(0, 80)}`);
  }
}

/** Throws unless `range` is whole bytes inside a blob of `size` bytes. */
export function assertRangeWithin(range: { start: number; end: number }, size: number): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end >= size) {
    throw new RangeError(`Bytes ${start}-${end} are not inside a blob of ${size} bytes`);
  }
}

/**
 * Checks bytes against the hash and size a put was given, as they stream past: `add` throws as
 * soon as there are more bytes than `size`, `verify` when the whole file is not the blob.
 */
export class BlobVerifier {
  private readonly sha256: Hash = createHash('sha256');
  private bytes = 0;

  constructor(
    private readonly hash: string,
    private readonly size: number,
  ) {}

  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.size) throw new Error(`The file is longer than ${this.size} bytes: it is not the blob ${this.hash}`);
    this.sha256.update(chunk);
  }

  verify(): void {
    const digest = this.sha256.digest('hex');
    if (this.bytes !== this.size || digest !== this.hash) {
      throw new Error(`The file (${this.bytes} bytes, sha256 ${digest}) is not the blob ${this.hash} of ${this.size} bytes`);
    }
  }
}
