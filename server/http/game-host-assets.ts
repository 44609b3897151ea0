/**
 * The portal's own files on every game and preview host (`{slug}.<games host>`,
 * `build--{token}.<games host>`), under /__playfree/ (shared/urls.ts PORTAL_PATH_PREFIX), which a
 * build's files never shadow (archive.ts refuses them): the game SDK, and the offline helper and
 * worker of uploaded games. They come from games/ and change only with the portal, so each is
 * read, hashed and compressed once per process.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressInPool, MIN_COMPRESSED_BYTES, negotiateEncoding, type ContentEncoding } from './compression';

const gamesDir = fileURLToPath(new URL('../../games/', import.meta.url));

/** `file`: one file, or several served as one (a compat layer after the SDK it calls). */
type AssetSpec = { file: string | readonly string[]; type: string; cacheControl: string; headers?: Record<string, string> };

/** Each asset by its name under /__playfree/. */
const ASSETS: Record<string, AssetSpec> = {
  // A game loads the SDK on every start: kept 5 minutes, then revalidated by its ETag (a portal update may change it).
  'sdk.js': { file: 'sdk/playfree-sdk.js', type: 'text/javascript; charset=utf-8', cacheControl: 'public, max-age=300' },
  // Other portals' SDKs on top of ours: a game written for them changes one <script src> (docs/API.md).
  'compat/poki-sdk.js': { file: ['sdk/playfree-sdk.js', 'sdk/compat/poki-sdk.js'], type: 'text/javascript; charset=utf-8', cacheControl: 'public, max-age=300' },
  'compat/crazygames-sdk-v3.js': { file: ['sdk/playfree-sdk.js', 'sdk/compat/crazygames-sdk-v3.js'], type: 'text/javascript; charset=utf-8', cacheControl: 'public, max-age=300' },
  'offline.html': { file: 'offline/builds/index.html', type: 'text/html; charset=utf-8', cacheControl: 'no-cache' },
  'offline.js': { file: 'offline/builds/offline.js', type: 'text/javascript; charset=utf-8', cacheControl: 'no-cache' },
  // Registered with scope / from under /__playfree/: the header lets it control the whole origin.
  'offline-sw.js': { file: 'offline/builds/sw.js', type: 'text/javascript; charset=utf-8', cacheControl: 'no-cache', headers: { 'service-worker-allowed': '/' } },
};

type LoadedAsset = { spec: AssetSpec; body: Buffer; hash: string; compressed: Map<ContentEncoding, Promise<Buffer>> };

export class GameHostAssets {
  private readonly loaded = new Map<string, Promise<LoadedAsset>>();

  constructor(private readonly root: string = gamesDir) {}

  /** Whether `name` (the path after /__playfree/) is one of these assets. */
  has(name: string): boolean {
    return Object.hasOwn(ASSETS, name);
  }

  private load(name: string): Promise<LoadedAsset> {
    let asset = this.loaded.get(name);
    if (!asset) {
      const spec = ASSETS[name]!;
      const files = typeof spec.file === 'string' ? [spec.file] : spec.file;
      asset = Promise.all(files.map((file) => readFile(`${this.root}/${file}`))).then((parts) => Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [Buffer.from('\n'), part])))).then((body) => ({ spec, body, hash: createHash('sha256').update(body).digest('hex'), compressed: new Map() }));
      // A failed read is not kept: the next request tries again.
      asset.catch(() => this.loaded.delete(name));
      this.loaded.set(name, asset);
    }
    return asset;
  }

  /** The sha256 of an asset's bytes (its ETag's value): the offline list names the SDK by it. */
  async hashOf(name: string): Promise<string> {
    return (await this.load(name)).hash;
  }

  /** An asset's size in bytes. */
  async sizeOf(name: string): Promise<number> {
    return (await this.load(name)).body.length;
  }

  /** Answers a GET or HEAD for the asset `name`: 200 (compressed when asked), or 304. */
  async serve(request: FastifyRequest, reply: FastifyReply, name: string, options: { noStore?: boolean } = {}): Promise<FastifyReply> {
    const asset = await this.load(name);
    const etag = `"${asset.hash}"`;
    void reply
      .header('content-type', asset.spec.type)
      .header('etag', etag)
      .header('cache-control', options.noStore ? 'no-store' : asset.spec.cacheControl)
      .headers(asset.spec.headers ?? {});
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    const encoding = asset.body.length >= MIN_COMPRESSED_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.header('content-length', asset.body.length).send(request.method === 'HEAD' ? undefined : asset.body);
    let compressed = asset.compressed.get(encoding);
    if (!compressed) {
      compressed = compressInPool(asset.body, encoding, 11);
      asset.compressed.set(encoding, compressed);
    }
    const body = await compressed;
    void reply.header('vary', 'Accept-Encoding').header('content-encoding', encoding).header('content-length', body.length);
    return reply.send(request.method === 'HEAD' ? undefined : body);
  }
}
