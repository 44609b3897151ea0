/**
 * Serves uploaded games on the games origin, each from its own host name
 * (`{slug}.<games host>`: space-rocks.localhost:3001 locally, space-rocks.games.example.org in
 * production), so one developer's game can never read another's storage, cookies or service
 * worker caches: browsers keep those per origin. The files are the game's live build, read from
 * the build storage by content hash.
 *
 * Every build, live or not, can also be tried on a preview host of its own,
 * `build--{previewToken}.<games host>` (not cached, not indexed; a rejected build's is gone).
 *
 * Under /__playfree/ each of those hosts serves the portal's own files instead of the build's
 * (game-host-assets.ts): the SDK (sdk.js), and on a game's host its offline helper
 * (offline.html, offline.js), worker (offline-sw.js) and the list of files that worker keeps
 * (offline.json: the live build's files loaded at start, when the build passed the offline check).
 */
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_PATH_PREFIX, type GameHost } from '../../shared/urls';
import { GameHostAssets } from './game-host-assets';
import { BuildFileAnswers, type FileOffload } from './build-file-answers';
import { gameHeadersOf } from './game-headers';
import type { BlobStore } from '../domains/builds/storage/blob-store';
import { thumbnailPathOf } from '../domains/builds/thumbnails';
import { buildFiles } from '../domains/builds/queries';
import { liveServedBuildOf, offlineFactsOf, previewServedBuildOf, type ServedBuild } from '../domains/builds/serving-queries';

/**
 * How long a game's live build is trusted: an approved new build or a rollback shows within this,
 * or at once to a player whose page asks for the new version (the frame opens `/?v={version}`).
 */
const LIVE_BUILD_FRESH_MS = 5_000;

/** Games whose live build, and builds whose file lists, are kept (a build's files never change). */
const MAX_KEPT_GAMES = 1_000;

type BuildFiles = Map<string, { hash: string; size: number }>;

/** Where the portal's SDK is on every game host, as the offline list names it. */
const SDK_PATH = `${PORTAL_PATH_PREFIX.slice(1)}sdk.js`;

/**
 * What a game's worker keeps for offline play (/__playfree/offline.json): the live build's files
 * loaded at start, with their content hashes (their ETags), and the SDK. `key` changes with any of
 * them: the worker keeps each list in a cache of that name.
 */
export type OfflineList = {
  build: number;
  version: number;
  key: string;
  files: { path: string; hash: string; size: number }[];
  sdk: { path: string; hash: string; size: number };
};

/** A path the automatic checks saw loaded, as a path of the build's files (no leading slash, no query, index.html for a folder). */
function buildPathOf(loaded: string): string | null {
  let raw = loaded;
  // A whole address (the checks' browser saw the preview's): its path.
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
    try {
      raw = new URL(raw).pathname;
    } catch {
      return null;
    }
  }
  let path = raw.split(/[?#]/)[0]!.replace(/^\/+/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (path === '' || path.endsWith('/')) path += 'index.html';
  return path.normalize('NFC');
}

/** Drops the oldest entry of `map` once it holds `max`: maps iterate in insertion order. */
function makeRoom(map: Map<unknown, unknown>, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value);
}

/** Whether a request's path is under the portal's own /__playfree/ (any letter case: never a build's file). */
function isPortalPath(path: string): boolean {
  return path.toLowerCase().startsWith(PORTAL_PATH_PREFIX.slice(1));
}

/** `askedFor`: the version a page asked for when this was read (it is not read again for the same one). */
type Kept<T> = { until: number; value: Promise<T>; askedFor: number | null };

/** The version a game's page asks its frame for (`?v=3`), or null. */
function askedVersionOf(url: string): number | null {
  const match = /[?&]v=(\d{1,9})(?:&|$)/.exec(url.split('#')[0]!);
  return match ? Number(match[1]) : null;
}

export class BuildServer {
  private readonly liveBuilds = new Map<string, Kept<ServedBuild | null>>();
  private readonly previewBuilds = new Map<string, Kept<ServedBuild | null>>();
  private readonly filesOfBuilds = new Map<number, Promise<BuildFiles>>();
  /** Offline lists by build: a live build's checks are final; a build without one is asked again after LIVE_BUILD_FRESH_MS. */
  private readonly offlineLists = new Map<number, { until: number; list: Promise<OfflineList | null> }>();
  private readonly files: BuildFileAnswers;

  private readonly assets: GameHostAssets;

  /** `offload`: nginx in front sends the folder store's files (BUILD_FILES_OFFLOAD; build-file-answers.ts). */
  constructor(
    private readonly orm: MikroORM,
    store: BlobStore,
    options: { assets?: GameHostAssets; offload?: FileOffload | null } = {},
  ) {
    this.assets = options.assets ?? new GameHostAssets();
    this.files = new BuildFileAnswers(store, orm, options.offload ?? null);
  }

  /**
   * What `read` answers for `key`, kept LIVE_BUILD_FRESH_MS. A page asking for another version than
   * the one kept (`asked`) has it read again at once, once per version asked: a stale page (or a
   * made-up version) asking again costs nothing more.
   */
  private async fresh<T>(kept: Map<string, Kept<T>>, key: string, read: () => Promise<T>, asked?: { version: number; outdated: (value: T) => boolean }): Promise<T> {
    const now = Date.now();
    let entry = kept.get(key);
    if (entry && entry.until > now && asked && entry.askedFor !== asked.version) {
      const value = await entry.value.catch(() => undefined);
      if (value !== undefined && asked.outdated(value)) entry = undefined;
    }
    if (!entry || entry.until <= now) {
      makeRoom(kept, MAX_KEPT_GAMES);
      const reading: Kept<T> = { until: now + LIVE_BUILD_FRESH_MS, value: read(), askedFor: asked?.version ?? null };
      // A failed read is not kept: the next request asks again.
      reading.value.catch(() => {
        if (kept.get(key) === reading) kept.delete(key);
      });
      kept.set(key, reading);
      entry = reading;
    }
    return entry.value;
  }

  /**
   * The build a host serves: a game's live build, or the build a preview token names (null: none,
   * or a rejected one). `askedVersion`: the version the player's page says is live; the live build
   * is read again when the one kept is another (a rollback or an approval a moment ago).
   */
  private buildOf(host: GameHost, askedVersion: number | null = null): Promise<ServedBuild | null> {
    if (host.kind === 'preview') return this.fresh(this.previewBuilds, host.token, () => previewServedBuildOf(this.orm.em.fork(), host.token));
    return this.fresh(
      this.liveBuilds,
      host.slug,
      () => liveServedBuildOf(this.orm.em.fork(), host.slug),
      askedVersion === null ? undefined : { version: askedVersion, outdated: (kept) => kept?.version !== askedVersion },
    );
  }

  /** A build's files by path (they never change). */
  private filesOf(buildId: number): Promise<BuildFiles> {
    let files = this.filesOfBuilds.get(buildId);
    if (!files) {
      makeRoom(this.filesOfBuilds, MAX_KEPT_GAMES);
      files = buildFiles(this.orm.em.fork(), buildId).then((rows) => new Map(rows.map(({ path, hash, size }) => [path, { hash, size }])));
      files.catch(() => this.filesOfBuilds.delete(buildId));
      this.filesOfBuilds.set(buildId, files);
    }
    return files;
  }

  /** The offline list of a build, or null when it did not pass the offline check. */
  private offlineList(buildId: number): Promise<OfflineList | null> {
    const now = Date.now();
    const kept = this.offlineLists.get(buildId);
    if (kept && kept.until > now) return kept.list;
    makeRoom(this.offlineLists, MAX_KEPT_GAMES);
    const entry = { until: Number.POSITIVE_INFINITY, list: this.readOfflineList(buildId) };
    entry.list.then(
      (list) => {
        if (!list) entry.until = Date.now() + LIVE_BUILD_FRESH_MS;
      },
      () => this.offlineLists.delete(buildId),
    );
    this.offlineLists.set(buildId, entry);
    return entry.list;
  }

  private async readOfflineList(buildId: number): Promise<OfflineList | null> {
    const facts = await offlineFactsOf(this.orm.em.fork(), buildId);
    if (!facts?.checks?.offline) return null;
    const files = await this.filesOf(buildId);
    // index.html always: it is what the frame opens.
    const paths = new Set(['index.html']);
    for (const loaded of facts.checks.loaded) {
      const path = buildPathOf(loaded);
      if (path && files.has(path) && !isPortalPath(path)) paths.add(path);
    }
    const listed = [...paths].filter((path) => files.has(path)).map((path) => ({ path, ...files.get(path)! }));
    const sdkHash = await this.assets.hashOf('sdk.js');
    const sdk = { path: SDK_PATH, hash: sdkHash, size: await this.assets.sizeOf('sdk.js') };
    const key = createHash('sha256')
      .update(JSON.stringify([buildId, listed.map((file) => [file.path, file.hash]), sdkHash]))
      .digest('hex')
      .slice(0, 24);
    return { build: buildId, version: facts.version, key, files: listed, sdk };
  }

  /** /__playfree/…: the portal's files on every game and preview host; the offline list only on a game's. */
  private async servePortalPath(request: FastifyRequest, reply: FastifyReply, host: GameHost, name: string): Promise<FastifyReply> {
    const preview = host.kind === 'preview';
    // The SDK and its compat layers on a preview host too: the reviewer plays the build as players will.
    if (name === 'sdk.js' || name.startsWith('compat/')) return this.assets.serve(request, reply, name, { noStore: preview });
    if (preview || (!this.assets.has(name) && name !== 'offline.json')) return reply.code(404).type('text/plain').send('Not found');
    if (name !== 'offline.json') return this.assets.serve(request, reply, name);
    const build = await this.buildOf(host, askedVersionOf(request.url));
    const list = build === null ? null : await this.offlineList(build.id);
    void reply.header('cache-control', 'no-store');
    if (!list) return reply.code(404).type('text/plain').send('This game does not play offline');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(list));
  }

  /**
   * Answers a GET or HEAD on a game's host (its live build) or a preview host (the build its token
   * names): a file, 304, a range (206/416), or 404; under /__playfree/, the portal's own files.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, host: GameHost): Promise<FastifyReply> {
    const preview = host.kind === 'preview';
    void reply.headers(gameHeadersOf({ preview, threads: false }));
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]!).replace(/^\/+/, '');
    } catch {
      return reply.code(400).type('text/plain').send('Bad path');
    }
    if (isPortalPath(path)) return this.servePortalPath(request, reply, host, path.slice(PORTAL_PATH_PREFIX.length - 1));
    const build = await this.buildOf(host, askedVersionOf(request.url));
    if (build === null) return reply.code(404).type('text/plain').send(preview ? 'No such preview' : 'No such game');
    // Every answer of an isolated build's host is isolated: a 404 page of its own included.
    if (build.threads) void reply.headers(gameHeadersOf({ preview, threads: true }));
    const files = await this.filesOf(build.id);
    if (path === '' || path.endsWith('/')) path += 'index.html';
    const file = files.get(path.normalize('NFC'));
    if (!file) return reply.code(404).type('text/plain').send('Not found');

    // A preview host may name the way (its checks try the other one there).
    const compressedFiles = (host.kind === 'preview' && host.compressedFiles) || build.compressedFiles;
    return this.files.send(request, reply, { path, ...file, preview, threads: build.threads, compressedFiles });
  }

  /** Resolves once the files of earlier builds found not compressed yet have been (tests and the bench). */
  compressedAll(): Promise<void> {
    return this.files.compressedAll();
  }

  /**
   * A game's thumbnail, on the games origin's own host (`/thumbs/{slug}`): its live build's
   * thumb.webp, .png or .jpg (builds/thumbnails.ts), so a page of game cards needs no connection
   * per game host. 404 when the game has no live build or the build no thumbnail.
   */
  async serveThumbnail(request: FastifyRequest, reply: FastifyReply, slug: string): Promise<FastifyReply> {
    const build = await this.buildOf({ kind: 'game', slug });
    const files = build === null ? null : await this.filesOf(build.id);
    const path = files ? thumbnailPathOf(files.keys()) : null;
    if (!files || !path) return reply.code(404).type('text/plain').send('No thumbnail');
    // Shown on the portal's pages, never inside the game: not isolated.
    return this.files.send(request, reply, { path, ...files.get(path)!, preview: false, threads: false });
  }
}
