/**
 * `npm run checker`: a build checker (issue #36). It needs two settings and nothing else:
 *   PORTAL_URL      the portal's address (http://portal.example:3000)
 *   CHECKER_TOKEN   a token an admin made for it (POST /api/admin/checkers)
 * and Chromium (CHROMIUM_PATH, else the usual places). Started as root, it runs itself again as
 * an unprivileged user (CHECKER_USER, else `nobody`) with only those settings. See docs/OPERATIONS.md.
 */
import { checkBuild } from '../domains/builds/checks';
import { runsAsRoot } from '../domains/builds/checks/unprivileged';
import { Checker, TokenRefused } from './checker';
import { signalChecker, spawnCheckerProcess, SUPERVISED_VARIABLE } from './spawn';

const portalUrl = process.env.PORTAL_URL;
const token = process.env.CHECKER_TOKEN;
const chromiumPath = process.env.CHROMIUM_PATH || undefined;
if (!portalUrl || !token) {
  console.error('Usage: PORTAL_URL=http://portal.example:3000 CHECKER_TOKEN=pfchk_… npm run checker (an admin makes tokens: POST /api/admin/checkers)');
  process.exit(2);
}

if (runsAsRoot()) {
  // Never check builds as root: the same program again, as an unprivileged user, with a clean environment.
  const child = spawnCheckerProcess({ portalUrl, token, user: process.env.CHECKER_USER, chromiumPath });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => signalChecker(child, signal));
  child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  // Started by another process (the portal): stop with it, even when it was killed outright.
  if (process.env[SUPERVISED_VARIABLE]) {
    process.stdin.resume();
    process.stdin.once('close', () => process.exit(0));
  }
  const checker = new Checker({
    portalUrl,
    token,
    check: ({ url, files, timeoutMs, compressedFiles }) => checkBuild({ url, files, timeoutMs, chromiumPath, compressedFiles }),
  });
  // A check under way ends with this process (its worker stops when the IPC channel closes); its lease lets another checker take it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
  console.info(`checker: checking builds for ${portalUrl} as uid ${process.getuid?.()}`);
  checker.run().catch((error: unknown) => {
    console.error(`checker: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof TokenRefused ? 3 : 1);
  });
}
