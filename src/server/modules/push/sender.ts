// Sends one Web Push message: `web-push` encrypts the payload (RFC 8291, aes128gcm) and signs the
// VAPID JWT (RFC 8292); the request itself goes out through fetch, so an http:// push service works
// in tests and development (web-push's own sender speaks https only), with a time-out and no redirects.
import { createECDH, createPublicKey } from 'node:crypto';
import webpush from 'web-push';

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface SendOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces an undelivered older one (base64url, <= 32). */
  topic?: string;
  timeoutMs?: number;
}

export type SendResult =
  | { ok: true; status: number }
  | {
      ok: false;
      /** The push service's status, or null when it could not be reached. */
      status: number | null;
      /** 404/410: the subscription is gone for good. */
      gone: boolean;
      /** Worth another try later (network trouble, 429, 5xx). */
      retry: boolean;
      /** Seconds the push service asked us to wait (Retry-After), if any. */
      retryAfterS?: number;
      error: string;
    };

export type PushSender = (target: PushTarget, payload: string, opts: SendOptions) => Promise<SendResult>;

export function webPushSender(vapid: VapidKeys): PushSender {
  return async (target, payload, opts) => {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: vapid,
        TTL: opts.ttl,
        urgency: opts.urgency,
        ...(opts.topic ? { topic: opts.topic } : {}),
        contentEncoding: 'aes128gcm',
      });
    } catch (err) {
      // Keys the encryption refuses: no retry will change that.
      return { ok: false, status: null, gone: false, retry: false, error: (err as Error).message };
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) {
      if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
    }
    let res: Response;
    try {
      res = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ?? null,
        redirect: 'error',
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      return {
        ok: false,
        status: null,
        gone: false,
        retry: true,
        error: `push service unreachable: ${cause ?? (err as Error).message}`,
      };
    }
    const text = await res.text().catch(() => '');
    if (res.ok) return { ok: true, status: res.status };
    const gone = res.status === 404 || res.status === 410;
    const retry = res.status === 429 || res.status >= 500;
    const retryAfter = Number(res.headers.get('retry-after'));
    return {
      ok: false,
      status: res.status,
      gone,
      retry,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterS: retryAfter } : {}),
      error: `push service answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    };
  };
}

/** Whether the private key's public half is the configured public key (a mismatched pair fails every push). */
export function vapidPairMatches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** Whether a browser's p256dh is a point on P-256 (uncompressed, 65 bytes). */
export function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}
