/**
 * The portal's own games (games/<slug>/) are ordinary uploaded builds of the portal's own account
 * (issue #24: one way games are served). Each start compares a game's folder with its live build
 * and, when a file changed, records a new version and puts it live; unchanged files are stored
 * once, like any developer's. The build is the game's folder at its root, with the kit its pages
 * load (`../kit/…` resolves to `/kit/…` on the game's own origin) and the SDK where its pages name
 * it (`../sdk/playfree-sdk.js`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Game, User } from '../../../entities';
import { gameOriginOf } from '../../../shared/urls';
import { storeMissing, type BlobStore } from './storage/blob-store';
import { buildFiles, insertBuild, setMissingChecks } from './queries';
import { recordedChecksOf, type RecordedChecks } from './recorded-checks';
import { thumbnailUrlOf } from './thumbnails';

export const gamesDir = fileURLToPath(new URL('../../../games', import.meta.url));

/** The account the built-in games belong to: it has no mailbox (`.invalid`), so nobody signs in as it. */
export const PORTAL_ACCOUNT = { email: 'originals@playfree.invalid', name: 'PlayFree Originals' } as const;

/** Every file of a folder, by path relative to `base`, in a stable order. */
function filesUnder(folder: string, base: string): { path: string; file: string }[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) return filesUnder(file, base);
      return entry.isFile() && !entry.name.startsWith('.') ? [{ path: relative(base, file).split('\\').join('/'), file }] : [];
    });
}

/** Whether `root` (games/) holds a folder for `slug` (the test catalogs' games have none). */
export function hasBuiltInFolder(slug: string, root = gamesDir): boolean {
  return existsSync(join(root, slug, 'index.html'));
}

/** The files of built-in game `slug`'s build: its path inside the build, and the file on disk. */
export function builtInBuildFiles(slug: string, root = gamesDir): { path: string; file: string }[] {
  return [
    ...filesUnder(join(root, slug), join(root, slug)),
    ...filesUnder(join(root, 'kit'), root),
    { path: 'sdk/playfree-sdk.js', file: join(root, 'sdk', 'playfree-sdk.js') },
  ];
}

/** builtInBuildFiles with each file's size and sha256 (as the build storage addresses it). */
export function hashedBuiltInBuildFiles(slug: string, root = gamesDir): { path: string; file: string; size: number; hash: string }[] {
  return builtInBuildFiles(slug, root).map(({ path, file }) => {
    const bytes = readFileSync(file);
    return { path, file, size: bytes.length, hash: createHash('sha256').update(bytes).digest('hex') };
  });
}

/** The portal's own account, made on first use. */
export async function portalAccount(tx: EntityManager): Promise<User> {
  return (await tx.findOne(User, { email: PORTAL_ACCOUNT.email })) ?? tx.create(User, { email: PORTAL_ACCOUNT.email, name: PORTAL_ACCOUNT.name, studioName: PORTAL_ACCOUNT.name });
}

export type BuiltInBuild = { slug: string; files: { path: string; hash: string; size: number }[]; newFiles: number; newBytes: number };

/**
 * Reads built-in game `slug`'s files and stores those the build storage lacks. Run before the
 * seed's transaction: blobs first, then the rows naming them, as for an upload.
 */
export async function storeBuiltInBuild(storage: BlobStore, slug: string, root = gamesDir): Promise<BuiltInBuild> {
  const files = hashedBuiltInBuildFiles(slug, root);
  return { slug, files: files.map(({ path, hash, size }) => ({ path, hash, size })), ...(await storeMissing(storage, files)) };
}

/**
 * Makes the stored build the built-in game's live build, in the caller's transaction (the game
 * flushed first): nothing is recorded when the live build already holds exactly these files. A new
 * build is APPROVED at once (the portal's own). Its checks' verdicts are the ones recorded for these
 * very files and checks (recorded-checks.ts), also for a live build still waiting for its checks;
 * without such a record its automatic checks run afterwards, like any other build's.
 */
export async function publishBuiltInBuild(
  tx: EntityManager,
  build: BuiltInBuild,
  game: Game,
  owner: User,
  gamesPublicUrl: string,
  recorded: RecordedChecks = {},
): Promise<void> {
  game.srcUrl = `${gameOriginOf(gamesPublicUrl, game.slug)}/`;
  game.thumbUrl = thumbnailUrlOf(gamesPublicUrl, game.slug);
  game.owner = owner;
  const checks = recordedChecksOf(recorded, game.slug, build.files);
  const live = game.liveBuildId ? await buildFiles(tx, game.liveBuildId) : [];
  const byPath = new Map(build.files.map((file) => [file.path, file.hash]));
  if (live.length === build.files.length && live.every((file) => byPath.get(file.path) === file.hash)) {
    if (checks && game.liveBuildId) await setMissingChecks(tx, game.liveBuildId, checks);
    return;
  }
  game.liveBuildId = await insertBuild(tx, {
    gameId: game.id,
    uploadedById: owner.id,
    previewToken: randomBytes(10).toString('hex'),
    status: 'APPROVED',
    checks,
    totalBytes: build.files.reduce((sum, file) => sum + file.size, 0),
    newFiles: build.newFiles,
    newBytes: build.newBytes,
    files: build.files,
  });
}
