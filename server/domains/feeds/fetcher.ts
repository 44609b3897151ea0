/**
 * The requests the portal makes on an admin's word (a feed, a thumbnail): only to public
 * addresses unless FEEDS_ALLOW_PRIVATE, every redirect checked again, the body and the time
 * capped. The address is checked where the connection is made (the lookup the socket uses), so a
 * name that resolves to a public address for a check and a private one for the request cannot
 * slip through; an IP written in the URL is checked before any connection.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createGunzip, createBrotliDecompress } from 'node:zlib';

/** Loopback, private, link-local, shared (CGNAT), unspecified, multicast and reserved ranges, both families. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether a resolved address may be fetched from (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return !NOT_PUBLIC.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a fetch failed, in words an admin reads on the Feeds tab. */
export class FetchFailed extends Error {}

export type FetchLimits = {
  maxBytes: number;
  timeoutMs: number;
  allowPrivate: boolean;
  what: string;
  /** Which resolved addresses may be reached when private ones are not allowed (tests narrow it); default: the public ones. */
  isAllowed?: (address: string) => boolean;
};

const MAX_REDIRECTS = 5;

function checkedLookup(limits: FetchLimits): LookupFunction {
  const allowed = limits.allowPrivate ? () => true : (limits.isAllowed ?? isPublicAddress);
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => !allowed(entry.address));
      if (refused) return callback(new FetchFailed(`${hostname} resolves to ${refused.address}, a private address`), '', 0);
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new FetchFailed(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

function describe(limits: FetchLimits, error: unknown): FetchFailed {
  if (error instanceof FetchFailed) return error;
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FetchFailed(`the ${limits.what}'s host name could not be resolved`);
  if (code === 'ECONNREFUSED') return new FetchFailed(`the ${limits.what}'s server refused the connection`);
  return new FetchFailed(`the ${limits.what} could not be read: ${(error as Error).message}`);
}

/** One GET, no redirect followed: the answer's status, location and (for a 2xx) body. */
function getOnce(url: URL, limits: FetchLimits, deadline: number): Promise<{ status: number; location: string | null; body: Buffer; type: string }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!limits.allowPrivate && isIP(host) && !(limits.isAllowed ?? isPublicAddress)(host)) {
      return reject(new FetchFailed(`${host} is a private address`));
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, {
      lookup: checkedLookup(limits),
      headers: { 'user-agent': 'PlayFree feed import', accept: '*/*', 'accept-encoding': 'gzip, br' },
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new FetchFailed(`the ${limits.what} took longer than ${limits.timeoutMs / 1000} s`)), Math.max(0, deadline - Date.now()));
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(describe(limits, error));
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.resume();
        clearTimeout(timer);
        return resolve({ status, location: response.headers.location ?? null, body: Buffer.alloc(0), type: '' });
      }
      const declared = Number(response.headers['content-length']);
      if (declared > limits.maxBytes) {
        request.destroy();
        return fail(new FetchFailed(`the ${limits.what} is larger than ${limits.maxBytes / (1024 * 1024)} MB`));
      }
      const encoding = response.headers['content-encoding'];
      // The cap is on what the body becomes: a small compressed body must not unpack into gigabytes.
      const stream = encoding === 'gzip' ? response.pipe(createGunzip()) : encoding === 'br' ? response.pipe(createBrotliDecompress()) : response;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          request.destroy();
          stream.destroy();
          fail(new FetchFailed(`the ${limits.what} is larger than ${limits.maxBytes / (1024 * 1024)} MB`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', fail);
      stream.on('end', () => {
        clearTimeout(timer);
        resolve({ status, location: null, body: Buffer.concat(chunks), type: String(response.headers['content-type'] ?? '') });
      });
    });
  });
}

/** GETs `address`, following up to 5 redirects that pass the same rules; a non-2xx end is FetchFailed. */
export async function safeFetch(address: string, limits: FetchLimits): Promise<{ body: Buffer; type: string; url: string }> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = parseHttpUrl(address, limits.what);
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(url, limits, deadline);
    if (answer.status >= 200 && answer.status < 300) return { body: answer.body, type: answer.type, url: url.href };
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (redirects === MAX_REDIRECTS) throw new FetchFailed(`the ${limits.what} redirects more than ${MAX_REDIRECTS} times`);
      url = parseHttpUrl(new URL(answer.location, url).href, limits.what);
      continue;
    }
    throw new FetchFailed(`the ${limits.what}'s server answered ${answer.status}`);
  }
}

function parseHttpUrl(address: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchFailed(`the ${what}'s address is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailed(`the ${what}'s address must be http or https`);
  return url;
}
