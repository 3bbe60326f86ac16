// A local Web Push service for tests, written from the RFCs rather than from the library under test:
// browser-side subscription keys (ECDH P-256 and a 16-byte auth secret, as a browser makes them), an
// HTTP server that accepts pushes the way a push service does (POST to the subscription's endpoint with
// Content-Encoding: aes128gcm, TTL and Authorization: vapid t=<JWT>, k=<key>), checks the VAPID JWT's
// ES256 signature and claims (RFC 8292) and decrypts the payload (RFC 8291 over RFC 8188).
// Each endpoint answers what the test tells it to (201 by default; 410 for a gone subscription, 500...).
import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BrowserSubscription {
  /** What PushSubscription.toJSON() gives (and the app stores). */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The browser's secret half: decrypts what was pushed to it. */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
  id: string;
}

export interface ReceivedPush {
  /** Which subscription (endpoint path id) it was sent to. */
  id: string;
  headers: IncomingMessage['headers'];
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims, after its signature was verified with `k`. */
  vapid: { aud: string; exp: number; sub: string; k: string };
  /** The decrypted payload. */
  text: string;
  json: unknown;
  /** What this push service answered. */
  status: number;
}

export interface LocalPushService {
  url: string;
  received: ReceivedPush[];
  /** Requests it could not accept (bad headers, bad signature, undecryptable): must stay empty. */
  rejected: Array<{ id: string; reason: string }>;
  subscribe(): BrowserSubscription;
  /** Status codes the endpoint answers next, in turn (then 201 again). */
  answer(sub: BrowserSubscription, ...statuses: number[]): void;
  /** Resolves when `count` pushes in total were accepted, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** HMAC-based key derivation, one block (RFC 5869 with L <= 32). */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/**
 * RFC 8291 section 3.4 + RFC 8188: decrypts an aes128gcm Web Push body for the browser that owns
 * `privateKey`/`authSecret`. Throws on anything malformed (wrong key, altered bytes, bad padding).
 */
export function decryptPush(
  body: Buffer,
  sub: Pick<BrowserSubscription, 'privateKey' | 'publicKey' | 'authSecret'>,
): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error('keyid is not an uncompressed P-256 key');
  if (rs < 18) throw new Error('record size too small');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, asPublic]);
  const ikm = hkdf(sub.authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const records: Buffer[] = [];
  let offset = 21 + idlen;
  for (let seq = 0; offset < body.length; seq += 1) {
    const record = body.subarray(offset, offset + rs);
    offset += rs;
    const last = offset >= body.length;
    const iv = Buffer.from(nonce);
    // The record sequence number, XORed into the nonce (big-endian; four bytes are enough here).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the data, a delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('bad record padding delimiter');
    records.push(plain.subarray(0, end));
  }
  return Buffer.concat(records);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; verifies the ES256 signature with k and returns claims. */
export function verifyVapid(authorization: string | undefined): ReceivedPush['vapid'] {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
    authorization ?? '',
  );
  if (!m) throw new Error(`Authorization is not "vapid t=..., k=...": ${authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg is ${header.alg}, not ES256`);
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 public key');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  return { ...claims, k };
}

export async function startPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const rejected: LocalPushService['rejected'] = [];
  const subs = new Map<string, BrowserSubscription>();
  const answers = new Map<string, number[]>();
  const waiters: Array<() => void> = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const sub = subs.get(id);
      const refuse = (status: number, reason: string) => {
        rejected.push({ id, reason });
        res.writeHead(status).end(reason);
      };
      if (req.method !== 'POST' || !sub) return refuse(404, 'no such subscription');
      const queued = answers.get(id) ?? [];
      const status = queued.shift() ?? 201;
      // A gone subscription or a failing service answers before looking at the message, as real ones do.
      if (status !== 201) {
        res.writeHead(status).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error('Content-Encoding is not aes128gcm');
        const ttl = Number(req.headers['ttl']);
        if (!Number.isInteger(ttl) || ttl < 0)
          throw new Error(`TTL header missing or invalid: ${req.headers['ttl']}`);
        const vapid = verifyVapid(req.headers['authorization']);
        const text = decryptPush(Buffer.concat(chunks), sub).toString('utf8');
        received.push({
          id,
          headers: req.headers,
          ttl,
          urgency: req.headers['urgency'] as string | undefined,
          topic: req.headers['topic'] as string | undefined,
          vapid,
          text,
          json: JSON.parse(text) as unknown,
          status,
        });
      } catch (err) {
        return refuse(400, (err as Error).message);
      }
      res.writeHead(201, { location: `/message/${received.length}` }).end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    rejected,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomBytes(12).toString('base64url');
      const sub: BrowserSubscription = {
        id,
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
        json: {
          endpoint: `${url}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64u(publicKey), auth: b64u(authSecret) },
        },
      };
      subs.set(id, sub);
      return sub;
    },
    answer(sub, ...statuses) {
      answers.set(sub.id, [...(answers.get(sub.id) ?? []), ...statuses]);
    },
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve(received.slice());
          } else waiters.push(check);
        };
        const timer = setTimeout(
          () =>
            reject(
              new Error(`expected ${count} pushes, got ${received.length} (${JSON.stringify(rejected)})`),
            ),
          timeoutMs,
        );
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
