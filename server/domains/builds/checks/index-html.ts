/**
 * Reads a build's index.html as its origin serves it, without the browser, for the checks that
 * read the page's text (portal-sdk.ts): they are judged even when Chromium cannot run. Only text is
 * read, nothing of it runs. Names under `localhost` (the preview hosts of a portal's own checks,
 * `build--….localhost`) go to this machine, as browsers send them.
 */
import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { IndexHtml } from './verdicts';

/** More than any index.html needs; a bigger one is read this far. */
const INDEX_HTML_MAX_BYTES = 2 * 1024 * 1024;
/** The longest a page is waited for, whatever time the checks have. */
const MAX_WAIT_MS = 10_000;

const lookup: LookupFunction = (hostname, options, callback) => {
  if (hostname !== 'localhost' && !hostname.endsWith('.localhost')) return dnsLookup(hostname, options, callback);
  if (options.all) {
    callback(null, [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
  } else callback(null, '127.0.0.1', 4);
};

/** The page at `url` (index.html at `/`), or why it could not be read, within `timeoutMs` (at most MAX_WAIT_MS). Never throws. */
export function readIndexHtml(url: string, timeoutMs = MAX_WAIT_MS): Promise<IndexHtml> {
  timeoutMs = Math.min(timeoutMs, MAX_WAIT_MS);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: IndexHtml) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish({ problem: 'its address is not valid' });
    }
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, { lookup, headers: { accept: 'text/html' } }, (response) =>
      readBody(response, finish, () => request.destroy()),
    );
    const timer = setTimeout(() => {
      finish({ problem: `no answer within ${Math.round(timeoutMs / 1000)} s` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ problem: `the game’s site could not be reached: ${error.code ?? error.message}` }));
    request.end();
  });
}

function readBody(response: IncomingMessage, finish: (result: IndexHtml) => void, stop: () => void): void {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    finish({ problem: `the page answered ${status} ${response.statusMessage ?? ''}`.trim() });
    stop();
    return;
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  const done = () => finish({ html: new TextDecoder('utf-8').decode(Buffer.concat(chunks)) });
  response.on('data', (chunk: Buffer) => {
    chunks.push(chunk.subarray(0, INDEX_HTML_MAX_BYTES - bytes));
    bytes += chunk.length;
    if (bytes >= INDEX_HTML_MAX_BYTES) {
      done();
      stop();
    }
  });
  response.on('end', done);
  response.on('error', (error) => finish({ problem: error.message }));
}
