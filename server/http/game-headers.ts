/**
 * Every header rule of the games origin, in one place to audit: which policy a game runs under,
 * which answers are cross-origin isolated, and how a build's file is typed, encoded and cached.
 *
 * `GAME_HEADER_RULES` is the table: read it top to bottom; each row that applies to an answer
 * adds its headers, a later row overriding an earlier one. server/games-origin.ts sends the rows
 * about the origin on every answer; build-files.ts sends the rows about a build's file.
 */
import type { Env } from '../env';
import type { CompressedFilesServing } from '../../shared/schemas/builds';
import { servedFormOf } from '../domains/builds/file-forms';

/** Origins allowed to frame the games: the portal, plus any localhost port in development. */
export function frameAncestors(env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV'>): string {
  const portal = new URL(env.PUBLIC_URL).origin;
  const local = env.NODE_ENV === 'production' ? [] : ['http://localhost:*', 'http://127.0.0.1:*'];
  return [portal, ...local].join(' ');
}

/**
 * The policy of every game. Inside its own origin a game runs its code as engines export it:
 * inline scripts (the default index.html of Unity, Godot, Emscripten, GameMaker and Construct),
 * eval (Emscripten's embind, some engines' scripting), WebAssembly, and blob: scripts and workers
 * (Unity's decompressed framework, Emscripten's pthread workers). What keeps other sites out is
 * unchanged: nothing is fetched from or sent to another origin (`default-src`, `connect-src`),
 * only the portal may frame it (`frame-ancestors`), no form posts anywhere and no <base> elsewhere;
 * the portal's sandboxed frame forbids top navigation. docs/SECURITY.md says why this is safe.
 */
export function gameContentSecurityPolicy(env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV'>): string {
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    // An engine may fetch what it unpacked itself (blob:) or inlined (data:); never another origin.
    "connect-src 'self' data: blob:",
    // The offline worker (/__playfree/offline-sw.js) and a game's own workers, blob: ones included.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors(env)}`,
  ].join('; ');
}

/** Files whose names carry a content hash (`index-3f9a1c2b.js`, a bundler's output) never change under that name. */
export function looksHashed(path: string): boolean {
  return /[.-](?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i.test(path.replace(/\.(br|gz)$/i, ''));
}

/** What decides an answer's headers. */
export type AnswerFacts = {
  /** Answered on a build's preview host (`build--{token}.<games host>`). */
  preview?: boolean;
  /** The build answered for needs SharedArrayBuffer (GameBuild.threads): its host is cross-origin isolated. */
  threads: boolean;
  /** A build's file (absent for the origin's other answers: the SDK, 404s, thumbnails' misses), and how its build's compressed files go. */
  file?: { path: string; compressedFiles?: CompressedFilesServing };
};

type Rule = { why: string; when: (facts: AnswerFacts) => boolean; headers: (facts: AnswerFacts, csp: string) => Record<string, string>; everyAnswer?: true };

const fileOf = (facts: AnswerFacts) => facts.file!;
const formOf = (facts: AnswerFacts) => servedFormOf(fileOf(facts).path, fileOf(facts).compressedFiles);
const immutable = (facts: AnswerFacts) => facts.file !== undefined && looksHashed(fileOf(facts).path) && formOf(facts).type !== 'text/html';

/** The table. Rows apply top to bottom; a header set again by a later row replaces the earlier value. */
export const GAME_HEADER_RULES: readonly Rule[] = [
  {
    why: 'every answer: the game policy above, no sniffing, no referrer to other sites; files may be embedded anywhere (thumbnails on the portal, the frame of an isolated game page)',
    when: () => true,
    everyAnswer: true,
    headers: (_facts, csp) => ({
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'cross-origin',
    }),
  },
  {
    why: 'a build that needs threads: its pages and workers run cross-origin isolated (SharedArrayBuffer); its own files are same-origin, so require-corp costs it nothing',
    when: (facts) => facts.threads,
    headers: () => ({ 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }),
  },
  {
    why: "a build's file: the type of its name (of the name without .br/.gz for one sent with its encoding), text in UTF-8",
    when: (facts) => facts.file !== undefined,
    headers: (facts) => {
      const { type } = formOf(facts);
      return { 'content-type': /^text\/|javascript|json/.test(type) ? `${type}; charset=utf-8` : type, 'accept-ranges': 'bytes' };
    },
  },
  {
    why: "a pre-compressed file of a build whose loader needs the browser to decode it: sent with its encoding, as stored (build-file-answers.ts decodes it for a client that does not take that encoding)",
    when: (facts) => facts.file !== undefined && formOf(facts).storedEncoding !== null,
    headers: (facts) => ({ 'content-encoding': formOf(facts).storedEncoding!, vary: 'Accept-Encoding' }),
  },
  {
    why: 'a file whose name carries its content hash never changes under it',
    when: immutable,
    headers: () => ({ 'cache-control': 'public, max-age=31536000, immutable' }),
  },
  {
    // Kept for minutes, a file of the build live before a rollback or an approval would run beside the new build's index.html.
    why: "any other file of a live build is asked again each time (a 304 by its ETag when unchanged)",
    when: (facts) => facts.file !== undefined && !immutable(facts),
    headers: () => ({ 'cache-control': 'no-cache' }),
  },
  {
    why: "a preview's answers: for the developer, the checks and the reviewer, never in a search engine",
    when: (facts) => facts.preview === true,
    headers: () => ({ 'x-robots-tag': 'noindex, nofollow' }),
  },
  {
    why: "a preview's files: tried while the build may still change hands (approved, rejected), so never kept",
    when: (facts) => facts.preview === true && facts.file !== undefined,
    headers: () => ({ 'cache-control': 'private, no-store' }),
  },
];

/** The headers the rows marked everyAnswer give, with the origin's policy `csp`: games-origin.ts sends them on every answer. */
export function everyAnswerHeaders(csp: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of GAME_HEADER_RULES) if (rule.everyAnswer) Object.assign(headers, rule.headers({ threads: false }, csp));
  return headers;
}

/** The headers the other rows give an answer (build-files.ts sends them; everyAnswerHeaders come on top). */
export function gameHeadersOf(facts: AnswerFacts): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of GAME_HEADER_RULES) if (!rule.everyAnswer && rule.when(facts)) Object.assign(headers, rule.headers(facts, ''));
  return headers;
}
