import { describe, expect, it } from 'vitest';
import { storedBuildChecksSchema } from '../../../../shared/schemas/builds';
import { findPortalSdkScripts } from './portal-sdk';
import { type BrowserOutcome, type IndexHtml, judgeBuild } from './verdicts';

const NOT_RUN: BrowserOutcome = { kind: 'not-run', reason: 'Chromium is not installed on this server' };
const RAN: BrowserOutcome = {
  kind: 'ran',
  firstLoad: {
    start: { started: true, signal: 'gameplayStart', seconds: 1.2, sdk: true },
    requested: ['index.html'],
    external: { count: 0, listed: [] },
    errors: { count: 0, listed: [] },
    page: { width: 390, height: 844 },
    isolated: false,
    globals: {},
  },
  offline: { started: true },
};

/** The portal-sdk item of a build whose index.html is `index`. */
function sdkCheck(index: IndexHtml, outcome: BrowserOutcome = RAN) {
  const result = judgeBuild({ files: [{ path: 'index.html', size: 500 }], index, outcome, seconds: 2 });
  expect(storedBuildChecksSchema.parse(result)).toEqual(result);
  const found = result.items.find((item) => item.id === 'portal-sdk');
  if (!found) throw new Error('no portal-sdk check');
  return { ...found, overall: result.verdict };
}

/** An index.html with `tag` on line 5. */
function page(tag: string): IndexHtml {
  return { html: ['<!doctype html>', '<html>', '<head>', '  <meta charset="utf-8">', `  ${tag}`, '</head>', '<body><canvas></canvas></body>', '</html>'].join('\n') };
}

describe('the Poki or CrazyGames SDK check', () => {
  it('warns about Poki’s SDK loaded from Poki’s site, naming the line and the tag to write instead', () => {
    const found = sdkCheck(page('<script src="https://game-cdn.poki.com/scripts/v2/poki-sdk.js"></script>'));
    expect(found).toMatchObject({
      title: 'Poki or CrazyGames SDK',
      verdict: 'warn',
      overall: 'warn',
      measured: 'Poki’s SDK on line 5',
      details: ['line 5: https://game-cdn.poki.com/scripts/v2/poki-sdk.js'],
    });
    expect(found.advice).toContain('Players’ browsers block scripts from other sites here');
    expect(found.advice).toContain('On line 5 of index.html, replace the script tag with <script src="/__playfree/compat/poki-sdk.js"></script>');
    expect(found.advice).not.toMatch(/build:|compat layer|CSP/);
  });

  it('tells CrazyGames v3 to use PlayFree’s v3, and CrazyGames v2 that only v3 is provided', () => {
    const v3 = sdkCheck(page('<script src="https://sdk.crazygames.com/crazygames-sdk-v3.js"></script>'));
    expect(v3).toMatchObject({ verdict: 'warn', measured: 'CrazyGames’ SDK on line 5' });
    expect(v3.advice).toContain('On line 5 of index.html, replace the script tag with <script src="/__playfree/compat/crazygames-sdk-v3.js"></script>');
    expect(v3.advice).toContain('CrazyGames.SDK calls then work here unchanged');

    const v2 = sdkCheck(page('<script type="text/javascript" src="https://sdk.crazygames.com/crazygames-sdk-v2.js"></script>'));
    expect(v2.verdict).toBe('warn');
    expect(v2.advice).toContain('On line 5 of index.html, replace the script tag with <script src="/__playfree/compat/crazygames-sdk-v3.js"></script>');
    expect(v2.advice).toContain('PlayFree provides only version 3 of CrazyGames’ SDK, and this line loads version 2');
    expect(v2.advice).not.toContain('unchanged');
  });

  it('passes an index.html with neither, and one that already loads PlayFree’s versions', () => {
    expect(sdkCheck(page('<script src="/__playfree/sdk.js"></script>'))).toMatchObject({ verdict: 'pass', measured: 'none', advice: null, details: [] });
    expect(sdkCheck(page('<script src="/__playfree/compat/poki-sdk.js"></script>'))).toMatchObject({ verdict: 'pass', overall: 'pass' });
    expect(sdkCheck(page('<script src="/__playfree/compat/crazygames-sdk-v3.js"></script>')).verdict).toBe('pass');
  });

  it('is judged without the browser, and warns when index.html could not be read', () => {
    const poki = sdkCheck(page('<script src="//game-cdn.poki.com/scripts/v2/poki-sdk.js"></script>'), NOT_RUN);
    expect(poki).toMatchObject({ verdict: 'warn', measured: 'Poki’s SDK on line 5' });
    const unread = sdkCheck({ problem: 'ECONNREFUSED' }, NOT_RUN);
    expect(unread).toMatchObject({ verdict: 'warn', measured: 'not checked: index.html could not be read (ECONNREFUSED)' });
    expect(unread.advice).toContain('/__playfree/compat/poki-sdk.js');
  });
});

describe('findPortalSdkScripts', () => {
  it('finds each tag with the line of its src, skipping comments, the game’s own files and other sites', () => {
    const html = [
      '<!doctype html>',
      '<!-- <script src="https://game-cdn.poki.com/scripts/v2/poki-sdk.js"></script>',
      '-->',
      '<script src="poki-sdk.js"></script>',
      '<script data-src="https://sdk.crazygames.com/crazygames-sdk-v3.js" src="game.js"></script>',
      "<SCRIPT async",
      "  SRC='//game-cdn.poki.com/scripts/v2/poki-sdk.js'></SCRIPT>",
      '<script src=https://sdk.crazygames.com/crazygames-sdk-v1.js></script>',
      '<script src="https://cdn.example.com/phaser.min.js"></script>',
    ].join('\r\n');
    expect(findPortalSdkScripts(html).map(({ portal, line, version }) => ({ portal, line, version }))).toEqual([
      { portal: 'Poki', line: 7, version: null },
      { portal: 'CrazyGames', line: 8, version: 1 },
    ]);
  });
});
