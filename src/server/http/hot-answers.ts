// Hot answers: a cached GET answer replayed before Fastify sees the request. The browsing routes
// answer the same few questions over and over from their response cache (etag.ts sendCached), yet
// each request still walked Fastify's routing, every hook (security headers, cookies, CSRF, auth,
// websocket), validation and the reply's header checks: about two thirds of a cached answer's CPU.
// The first time Fastify sends such an answer, its complete result is kept here (status, every
// header as written, the body bytes) under the request's URL and content coding; the next request
// for it is answered with those bytes while the cache that made the body says it is still the
// answer (CachedBody.fresh). The answer itself is defined once, by the route: this only repeats it.
//
// Only plain reads are replayed: a GET with no credentials, no conditional or body headers and no
// upgrade; everything else (and every answer that set a cookie) goes through Fastify as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache } from '../bounded-cache.ts';
import { pickEncoding, replayableAnswer } from './etag.ts';

/** How many URL and coding pairs keep their answer (bodies are shared with the response caches). */
const ANSWERS_KEPT = 8000;

interface HotAnswer {
  /** Header names and values as Fastify wrote them, in order, flat (writeHead's raw form). */
  headers: string[];
  body: Buffer;
  fresh: () => boolean;
}

/** Request headers whose presence may change the answer or its status: such requests go to Fastify. */
const PERSONAL = [
  'authorization',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'range',
];
const WITH_BODY = ['content-length', 'transfer-encoding', 'content-encoding'];

/** Whether a request is a plain read whose answer depends only on its URL and accepted coding. */
function plainRead(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  const h = req.headers;
  if (h.upgrade !== undefined) return false;
  for (const name of PERSONAL) if (h[name] !== undefined) return false;
  for (const name of WITH_BODY) if (h[name] !== undefined) return false;
  return true;
}

/** The key of one answer: the coding the client's Accept-Encoding picks, then the raw URL. */
const keyOf = (req: IncomingMessage, url: string) =>
  `${pickEncoding(req.headers['accept-encoding']) ?? '-'} ${url}`;

/** Names Node writes itself on every response: not recorded, so the replay gets fresh ones. */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The response's header names as written, in order (Node has it; its typings only on requests). */
const rawHeaderNames = (res: ServerResponse) =>
  (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();

export class HotAnswers {
  private readonly answers = new BoundedCache<HotAnswer>(ANSWERS_KEPT);
  private open = true;
  /** Answers replayed so far (the tests and the benchmark read it). */
  served = 0;
  /** Where each replay's access log line goes (set when request logging is on). */
  log: { info(obj: object, msg: string): void } | undefined;

  /** Answers `req` from the kept answers and returns true, or returns false for Fastify to answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || !plainRead(req)) return false;
    const key = keyOf(req, req.url ?? '');
    const hot = this.answers.get(key);
    if (!hot) return false;
    if (!hot.fresh()) {
      this.answers.delete(key);
      return false;
    }
    const started = this.log ? performance.now() : 0;
    res.writeHead(200, hot.headers);
    res.end(hot.body);
    this.served++;
    // The access log line Fastify would have written (at info), from the same place in the log.
    this.log?.info(
      {
        req: { method: 'GET', url: req.url, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: 200 },
        responseTime: performance.now() - started,
        hot: true,
      },
      'request completed',
    );
    return true;
  }

  /** Keeps the answer Fastify just sent for `request`, when its route offered it. */
  record(request: FastifyRequest, reply: FastifyReply): void {
    const offer = replayableAnswer(reply);
    if (!offer || !this.open || reply.statusCode !== 200 || !plainRead(request.raw)) return;
    const res = reply.raw;
    if (res.hasHeader('set-cookie')) return;
    const headers: string[] = [];
    for (const name of rawHeaderNames(res)) {
      if (NODE_OWN.has(name.toLowerCase())) continue;
      const value = res.getHeader(name);
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.push(name, v);
      else headers.push(name, String(value));
    }
    this.answers.set(keyOf(request.raw, request.originalUrl), {
      headers,
      body: offer.body,
      fresh: offer.fresh,
    });
  }

  /** Stops replaying (the server is closing: Fastify answers, with its 503 for new requests). */
  close(): void {
    this.open = false;
    this.answers.clear();
  }
}

/** Records offered answers as Fastify sends them, and stops replaying when the app closes. */
export function registerHotAnswers(app: FastifyInstance, hot: HotAnswers): void {
  app.addHook('onResponse', (req, reply, done) => {
    hot.record(req, reply);
    done();
  });
  app.addHook('preClose', (done) => {
    hot.close();
    done();
  });
}
