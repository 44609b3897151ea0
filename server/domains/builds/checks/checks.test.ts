/**
 * The checks on real Chromium: small fixture builds served from a temporary folder by one local
 * server, each on its own `<name>.localhost` host (Chromium sends every *.localhost to loopback),
 * as the portal serves each build on its own origin.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildCheckId, BuildChecks } from '../../../../shared/schemas/builds';
import { CHROMIUM_CANDIDATES, checkBuild, findChromium } from './index';

const SDK = readFileSync(new URL('../../../../games/sdk/playfree-sdk.js', import.meta.url));
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';
const chromium = findChromium(process.env.CHROMIUM_PATH);

const FIXTURES: Record<string, Record<string, string>> = {
  // Loads a script and the SDK, draws, and says gameplayStart once its save is loaded; later.png is never asked for.
  good: {
    'index.html': `<!doctype html><html><head>${VIEWPORT}<script src="/__playfree/sdk.js"></script></head>
      <body style="margin:0"><canvas id="c" width="390" height="600"></canvas><script src="game.js"></script></body></html>`,
    'game.js': `PlayFree.load().then(() => {
      document.getElementById('c').getContext('2d').fillRect(0, 0, 10, 10);
      PlayFree.gameplayStart();
    });`,
    'levels/later.png': 'x'.repeat(5000),
  },
  // A script from a CDN, a console error, and a page wider than the phone (no viewport tag); no SDK.
  external: {
    'index.html': `<!doctype html><html><head><script src="https://cdn.example.com/x.js"></script></head>
      <body><div style="width:1200px">Wide game</div><script>console.error('boom: level missing')</script></body></html>`,
  },
  // Never draws anything and never calls the SDK.
  blank: {
    'index.html': `<!doctype html><html><head>${VIEWPORT}</head><body><script>let n = 0; setInterval(() => n++, 100)</script></body></html>`,
  },
  // Draws at once on a first visit, but on later ones waits for news.json, which only came after the start.
  'online-only': {
    'index.html': `<!doctype html><html><head>${VIEWPORT}</head><body><script>
      const draw = () => { document.body.textContent = 'Ready'; };
      if (localStorage.getItem('visited')) fetch('news.json').then((r) => r.json()).then(draw);
      else { localStorage.setItem('visited', '1'); draw(); }
    </script></body></html>`,
    'news.json': '{"news":[]}',
  },
  // Written for Poki: its SDK from Poki's site on line 5 (line 4's, commented out, loads nothing).
  poki: {
    'index.html': [
      '<!doctype html>',
      '<html>',
      `<head>${VIEWPORT}`,
      '  <!-- <script src="https://sdk.crazygames.com/crazygames-sdk-v3.js"></script> -->',
      '  <script src="//game-cdn.poki.com/scripts/v2/poki-sdk.js"></script>',
      '</head><body><p>Poki game</p></body></html>',
    ].join('\n'),
  },
  loop: {
    'index.html': `<!doctype html><html><body><p>Loading</p><script>while (true) {}</script></body></html>`,
  },
  // No index.html at the root.
  nested: { 'game/index.html': '<!doctype html><p>Hi</p>' },
  // Served with a strict security policy: the CDN script and the inline script are blocked by the
  // browser before any request, yet must be listed, and the refused inline script fails the start.
  policed: {
    'index.html': `<!doctype html><html><head>${VIEWPORT}<script src="https://cdn.example.com/lib.js"></script></head>
      <body><canvas id="c" width="300" height="300"></canvas><script>window.inlineRan = true</script><script src="game.js"></script></body></html>`,
    'game.js': `document.getElementById('c').getContext('2d').fillRect(0, 0, 10, 10);`,
  },
};

/** A policy that allows the build's own script files only (the games origin's before issue #47). */
const STRICT_CSP = "default-src 'none'; script-src 'self'; img-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'";

const TYPES: Record<string, string> = { html: 'text/html', js: 'text/javascript', json: 'application/json', png: 'image/png' };

let root: string;
let server: Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'playfree-check-fixtures-'));
  for (const [name, files] of Object.entries(FIXTURES)) {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name, path)), { recursive: true });
      writeFileSync(join(root, name, path), content);
    }
  }
  server = createServer((request, response) => {
    const build = (request.headers.host ?? '').split('.')[0]!;
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    try {
      const body = path === '/__playfree/sdk.js' ? SDK : readFileSync(join(root, build, path === '/' ? 'index.html' : path));
      response.writeHead(200, {
        'content-type': TYPES[path.split('.').pop()!] ?? 'text/html',
        'cache-control': 'no-cache',
        ...(build === 'policed' ? { 'content-security-policy': STRICT_CSP } : {}),
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

function filesOf(build: string): { path: string; size: number }[] {
  const base = join(root, build);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(base, join(dir, entry.name))],
    );
  return walk(base).map((path) => ({ path, size: statSync(join(base, path)).size }));
}

function check(build: string, timeoutMs?: number): Promise<BuildChecks> {
  return checkBuild({ url: `http://${build}.localhost:${port}/`, files: filesOf(build), chromiumPath: chromium ?? undefined, timeoutMs });
}

function item(result: BuildChecks, id: BuildCheckId) {
  return result.items.find((found) => found.id === id)!;
}

function verdicts(result: BuildChecks): Record<string, string> {
  return Object.fromEntries(result.items.map((found) => [found.id, found.verdict]));
}

/** Processes still running whose command line names `text` (a zombie's command line is empty). */
function processesMentioning(text: string): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return command.includes(text) ? [`${pid}: ${command.replaceAll('\0', ' ').slice(0, 120)}`] : [];
      } catch {
        return [];
      }
    });
}

describe.skipIf(!chromium)('checkBuild in Chromium', () => {
  it('passes a small game that calls gameplayStart, and it starts again offline', async () => {
    const result = await check('good');
    expect(verdicts(result)).toEqual({
      'total-size': 'pass',
      'initial-download': 'pass',
      'file-count': 'pass',
      starts: 'pass',
      engine: 'pass',
      'external-requests': 'pass',
      'portal-sdk': 'pass',
      'console-errors': 'pass',
      'phone-fit': 'pass',
      offline: 'pass',
    });
    expect(result).toMatchObject({ verdict: 'pass', browser: true, offline: true, loaded: ['index.html', 'game.js'] });
    expect(item(result, 'starts').measured).toMatch(/^\d+\.\d s to gameplayStart$/);
    // PlayFree.load() was answered at once, not after the SDK's 8 s wait for a portal.
    expect(Number.parseFloat(item(result, 'starts').measured)).toBeLessThan(5);
    expect(item(result, 'file-count').measured).toBe('3');
  }, 30_000);

  it('lists the blocked CDN script and the console error, and sees the page is too wide', async () => {
    const result = await check('external');
    expect(result.verdict).toBe('warn');
    expect(item(result, 'starts')).toMatchObject({ verdict: 'pass' });
    expect(item(result, 'starts').measured).toMatch(/^\d+\.\d s to first frame \(the game does not call gameplayStart\)$/);
    expect(item(result, 'external-requests')).toMatchObject({ verdict: 'warn', measured: '1 address', details: ['https://cdn.example.com/x.js'] });
    // The blocked script's failed load is not counted again as a console error.
    expect(item(result, 'console-errors')).toMatchObject({ verdict: 'warn', measured: '1 error', details: ['boom: level missing'] });
    expect(item(result, 'phone-fit').verdict).toBe('warn');
    expect(item(result, 'phone-fit').measured).toContain('players would have to scroll');
    expect(result.offline).toBe(true);
  }, 30_000);

  it('lists what a security policy blocks, another site’s script and inline code, and fails the start on the refused inline script', async () => {
    const result = await check('policed');
    expect(item(result, 'starts')).toMatchObject({ verdict: 'fail', measured: "An inline script or style was refused by the games' security policy (script-src-elem)" });
    expect(item(result, 'external-requests')).toMatchObject({ verdict: 'warn', details: ['https://cdn.example.com/lib.js'] });
    const errors = item(result, 'console-errors');
    expect(errors.verdict).toBe('warn');
    expect(errors.details).toEqual([expect.stringMatching(/^An inline script or style was blocked by the games' security policy \(script-src/)]);
  }, 30_000);

  it('warns when the game needs a file at start that only the network has', async () => {
    const result = await check('online-only');
    expect(result).toMatchObject({ verdict: 'warn', offline: false, loaded: ['index.html'] });
    expect(item(result, 'starts').verdict).toBe('pass');
    expect(item(result, 'offline')).toMatchObject({ verdict: 'warn' });
    expect(item(result, 'offline').measured).toMatch(/^did not start again with no network: did not start within \d+ s$/);
  }, 30_000);

  it('fails a build whose index.html is not at its root', async () => {
    const result = await check('nested');
    expect(result.verdict).toBe('fail');
    expect(item(result, 'starts')).toMatchObject({ verdict: 'fail', measured: 'the page answered 404 Not Found' });
  }, 30_000);

  it('fails a game that never draws or starts when the time limit comes', async () => {
    const result = await check('blank', 4_000);
    expect(result).toMatchObject({ verdict: 'fail', browser: true, offline: false, loaded: [] });
    expect(item(result, 'starts')).toMatchObject({ verdict: 'fail', measured: 'did not finish within 4 s' });
    expect(result.seconds).toBeLessThan(7);
  }, 30_000);

  it('kills a game stuck in an endless loop, Chromium included, and removes its files', async () => {
    // The run's folder, named in its processes' command lines, goes under a folder of this test's
    // own (other checks may run on this machine meanwhile), short as Chromium needs TMPDIR to be.
    const ownTmp = mkdtempSync(join(tmpdir(), 'pfcheck-'));
    // mkdtemp makes it 0700: the check's unprivileged user (when the tests run as root) must reach its run folder inside.
    chmodSync(ownTmp, 0o755);
    const before = process.env.TMPDIR;
    process.env.TMPDIR = ownTmp;
    try {
      const result = await check('loop', 4_000);
      expect(item(result, 'starts')).toMatchObject({ verdict: 'fail', measured: 'did not finish within 4 s' });
      expect(result.seconds).toBeLessThan(7);
      // A sandboxed Chromium's zygotes, in namespaces of their own, exit a moment after the group is killed.
      await expect.poll(() => processesMentioning(ownTmp), { timeout: 15_000 }).toEqual([]);
      await expect.poll(() => readdirSync(ownTmp), { timeout: 15_000 }).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      rmSync(ownTmp, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('checkBuild without Chromium', () => {
  it('checks the files alone and leaves the game to the reviewer', async () => {
    const files = [
      { path: 'index.html', size: 1_000 },
      { path: 'big.bin', size: 120 * 1024 * 1024 },
    ];
    const result = await checkBuild({ url: 'http://nowhere.localhost:9/', files, chromiumPath: '/nonexistent/chromium', chromiumCandidates: [] });
    expect(result).toMatchObject({ verdict: 'warn', browser: false, offline: false, loaded: [] });
    expect(item(result, 'total-size')).toMatchObject({ verdict: 'warn', measured: '120.0 MB' });
    expect(item(result, 'file-count')).toMatchObject({ verdict: 'pass', measured: '2' });
    for (const id of ['initial-download', 'starts', 'external-requests', 'console-errors', 'phone-fit', 'offline'] as const) {
      expect(item(result, id)).toMatchObject({ verdict: 'warn', measured: 'not run' });
      expect(item(result, id).advice).toContain('Chromium is not installed on this server');
      expect(item(result, id).advice).toContain('the reviewer must try the game by hand');
    }
    expect(item(result, 'portal-sdk')).toMatchObject({ verdict: 'warn' });
    expect(item(result, 'portal-sdk').measured).toMatch(/^not checked: index\.html could not be read \(the game’s site could not be reached: /);
  });

  it('reads index.html from the build’s site and says which line loads Poki’s SDK, and what to write instead', async () => {
    const result = await checkBuild({ url: `http://poki.localhost:${port}/`, files: filesOf('poki'), chromiumPath: '/nonexistent/chromium', chromiumCandidates: [] });
    expect(item(result, 'portal-sdk')).toMatchObject({ verdict: 'warn', measured: 'Poki’s SDK on line 5', details: ['line 5: //game-cdn.poki.com/scripts/v2/poki-sdk.js'] });
    expect(item(result, 'portal-sdk').advice).toContain('On line 5 of index.html, replace the script tag with <script src="/__playfree/compat/poki-sdk.js"></script>');
    const good = await checkBuild({ url: `http://good.localhost:${port}/`, files: filesOf('good'), chromiumPath: '/nonexistent/chromium', chromiumCandidates: [] });
    expect(item(good, 'portal-sdk')).toMatchObject({ verdict: 'pass', measured: 'none' });
  });
});

describe('findChromium', () => {
  it('takes the configured executable, else the first candidate found, else none', () => {
    expect(findChromium(process.execPath, [])).toBe(process.execPath);
    expect(findChromium('/nonexistent/chromium', ['/nonexistent/other', process.execPath])).toBe(process.execPath);
    expect(findChromium('/nonexistent/chromium', ['sh'])).toMatch(/\/sh$/);
    expect(findChromium('/nonexistent/chromium', [])).toBeNull();
    // A folder is not an executable.
    expect(findChromium(tmpdir(), [])).toBeNull();
    expect(CHROMIUM_CANDIDATES[0]).toBe('/usr/bin/chromium');
  });
});
