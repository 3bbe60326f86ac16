// Cacheable GET responses: a strong ETag (hash of the body), Cache-Control, 304 Not Modified when
// the client's If-None-Match names the current tag, and compressed variants made once per body
// (brotli or gzip, chosen from Accept-Encoding) instead of once per request. Build a CachedBody once
// (e.g. in a memory cache) and send it many times. Routes that answer only this way can leave the
// compress plugin out (route option `compress: false`): sendCached negotiates as the plugin would.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Browsing data: fresh for a minute, then served stale while revalidating for ten. */
export const CACHE_CONTROL_BROWSE = 'public, max-age=60, stale-while-revalidate=600';
/** Search answers: shorter. */
export const CACHE_CONTROL_SEARCH = 'public, max-age=15, stale-while-revalidate=60';

/** Bodies smaller than this go out uncompressed (as the compress plugin's threshold). */
const COMPRESS_MIN_BYTES = 1024;

export interface CachedBody {
  /** The serialised JSON body (UTF-8 bytes, ready to write). */
  body: Buffer;
  /** Strong ETag of the identity body, quoted. Compressed variants add a suffix ("...-br"). */
  etag: string;
  /** Compressed variants, made on first demand. */
  br?: Buffer;
  gzip?: Buffer;
  /** Their tags ("...-br"), made with them. */
  brEtag?: string;
  gzipEtag?: string;
  /**
   * Set by the cache that keeps this body: true while it is still the answer that cache would give.
   * Such an answer may be replayed without asking the route again (hot-answers.ts).
   */
  fresh?: () => boolean;
}

/** Strong ETag of a body: a quoted, URL-safe SHA-1 (27 chars). */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function cachedJson(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: etagOf(body) };
}

const bare = (tag: string) =>
  tag
    .trim()
    .replace(/^W\//, '')
    .replace(/-(br|gzip)"$/, '"');

/**
 * RFC 9110 If-None-Match (weak comparison): "*" or any listed tag equal to `etag`, ignoring W/ and
 * the content-coding suffix (every coding of one body is the same resource state).
 */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const want = bare(etag);
  return value.split(',').some((t) => bare(t) === want);
}

/**
 * The preferred coding the client accepts: br, then gzip, else none. `x-gzip` and `*` count as gzip,
 * as they do for the compress plugin.
 */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  const known = encodingOf.get(value);
  if (known !== undefined) return known;
  let br = false;
  let gzip = false;
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = true;
  }
  const encoding = br ? 'br' : gzip ? 'gzip' : null;
  // Browsers send a handful of spellings; anything beyond the first few is worked out each time.
  if (encodingOf.size < ENCODINGS_KEPT) encodingOf.set(value, encoding);
  return encoding;
}
const ENCODINGS_KEPT = 64;
const encodingOf = new Map<string, 'br' | 'gzip' | null>();

/** The tag of one coding of the body (made once per body). */
function etagFor(cached: CachedBody, encoding: 'br' | 'gzip' | null): string {
  if (encoding === 'br') return (cached.brEtag ??= `${cached.etag.slice(0, -1)}-br"`);
  if (encoding === 'gzip') return (cached.gzipEtag ??= `${cached.etag.slice(0, -1)}-gzip"`);
  return cached.etag;
}

function variant(cached: CachedBody, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    cached.br ??= brotliCompressSync(cached.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: cached.body.length,
      },
    });
    return cached.br;
  }
  cached.gzip ??= gzipSync(cached.body, { level: 6 });
  return cached.gzip;
}

/** Answers sent from a body that its cache keeps fresh: the bytes sent and that cache's test. */
const replayable = new WeakMap<FastifyReply, { body: Buffer; fresh: () => boolean }>();

/** The body a reply sent, when it may be replayed while `fresh()` holds (hot-answers.ts). */
export const replayableAnswer = (reply: FastifyReply) => replayable.get(reply);

/** Sends a cached JSON body with ETag and Cache-Control, or 304 when the client has it. */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  cacheControl: string = CACHE_CONTROL_BROWSE,
): FastifyReply {
  const encoding =
    cached.body.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  void reply
    .header('etag', etagFor(cached, encoding))
    .header('cache-control', cacheControl)
    .header('vary', 'Accept-Encoding');
  if (matchesIfNoneMatch(req.headers['if-none-match'], cached.etag)) {
    return reply.status(304).send();
  }
  void reply.type('application/json; charset=utf-8');
  const payload = encoding ? variant(cached, encoding) : cached.body;
  if (cached.fresh) replayable.set(reply, { body: payload, fresh: cached.fresh });
  if (!encoding) return reply.send(payload);
  // The compress plugin, where it runs, leaves bodies alone that already carry a Content-Encoding.
  return reply.header('content-encoding', encoding).send(payload);
}
