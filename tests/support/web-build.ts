/**
 * One production build of the web app (dist and dist/.ssr, as `npm run build` makes) for the test
 * files that need the real one (the script budget), shared with Playwright's server in CI: building
 * it costs a minute or more on the 2-core machines. (The page-rendering tests build a server bundle
 * of their own: under their stand-in templates the production one renders loading skeletons.)
 *
 * WEB_BUILD_DIR names a build made before the run (`.ci/run` makes one for Vitest on both engines
 * and for Playwright). Without it, the first file that asks builds into a folder of this run
 * (VITEST_TEMPLATE_ID, set by global-setup.ts, which removes it at the end), and the files that ask
 * meanwhile, in other workers, wait for it: a lock folder says who builds, a marker that it is done.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Two builds on a machine at a load of 30 took 5 minutes; a builder that died is not waited for forever. */
const BUILD_WAIT_MS = 10 * 60_000;
const LOOK_MS = 500;

/** This run's own build folder, when no WEB_BUILD_DIR is given. */
export function runWebBuildDir(runId: string): string {
  return join(tmpdir(), `playfree-web-${runId}`);
}

async function buildInto(dir: string): Promise<void> {
  const vite = join(root, 'node_modules/.bin/vite');
  const env = { ...process.env, NODE_ENV: 'production' };
  const run = promisify(execFile);
  await run(vite, ['build', '--logLevel', 'error', '--outDir', dir, '--emptyOutDir'], { cwd: root, env });
  await run(vite, ['build', '--logLevel', 'error', '--ssr', 'src/entry-server.tsx', '--outDir', join(dir, '.ssr')], { cwd: root, env });
}

/** The folder of the run's production build (client in it, SSR bundle in its .ssr), built once. */
export async function sharedWebBuild(): Promise<string> {
  const given = process.env.WEB_BUILD_DIR;
  if (given) return given;
  const runId = process.env.VITEST_TEMPLATE_ID;
  if (!runId) throw new Error('sharedWebBuild: neither WEB_BUILD_DIR nor VITEST_TEMPLATE_ID (tests/support/global-setup.ts) is set');
  const dir = runWebBuildDir(runId);
  const done = `${dir}.done`;
  const failed = `${dir}.failed`;
  let builder = false;
  try {
    mkdirSync(`${dir}.lock`);
    builder = true;
  } catch {
    // Another file of this run builds it.
  }
  if (builder) {
    try {
      await buildInto(dir);
      writeFileSync(done, '');
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    return dir;
  }
  const started = Date.now();
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`the run's web build failed in another test file (${failed})`);
    if (Date.now() - started > BUILD_WAIT_MS) throw new Error(`the run's web build was not done within ${BUILD_WAIT_MS / 60_000} minutes (${dir})`);
    await new Promise((resolve) => setTimeout(resolve, LOOK_MS));
  }
  return dir;
}

/** Removes this run's build and its markers (global teardown). */
export function removeRunWebBuild(runId: string): void {
  const dir = runWebBuildDir(runId);
  for (const path of [dir, `${dir}.lock`, `${dir}.done`, `${dir}.failed`]) rmSync(path, { recursive: true, force: true });
}
