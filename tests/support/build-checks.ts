/**
 * The automatic checks as the API tests see them: decided from the build's file names, at once,
 * instead of loading each build in headless Chromium (server/domains/builds/checks has its own
 * tests in a real browser). A build with a file whose name contains `fails-check` fails; one with
 * `warns-check` gets a warning; any other passes.
 */
import type { CheckBuild } from '../../server/domains/builds/check-worker';
import type { BuildCheck } from '../../shared/schemas/builds';

export const checksFromFileNames: CheckBuild = async ({ files }) => {
  const fails = files.some((file) => file.path.includes('fails-check'));
  const warns = files.some((file) => file.path.includes('warns-check'));
  const starts: BuildCheck = fails
    ? { id: 'starts', title: 'Starts', verdict: 'fail', measured: 'never', limit: 'pass up to 10 s, fail over 20 s', advice: 'Call PlayFree.gameplayStart()', details: [] }
    : { id: 'starts', title: 'Starts', verdict: 'pass', measured: '0.4 s', limit: 'pass up to 10 s, fail over 20 s', advice: null, details: [] };
  const console: BuildCheck = warns
    ? { id: 'console-errors', title: 'Console errors', verdict: 'warn', measured: '1 error', limit: 'pass with none', advice: 'Fix the errors', details: ['Uncaught TypeError: x is undefined'] }
    : { id: 'console-errors', title: 'Console errors', verdict: 'pass', measured: 'none', limit: 'pass with none', advice: null, details: [] };
  return {
    verdict: fails ? 'fail' : warns ? 'warn' : 'pass',
    seconds: 0.1,
    browser: true,
    offline: !fails,
    loaded: files.map((file) => file.path).filter((path) => path.endsWith('.html') || path.endsWith('.js')),
    items: [starts, console],
  };
};
