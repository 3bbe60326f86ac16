// The Web Push calls: the server's public VAPID key (null when push is not configured) and a signed-in
// browser's push subscription, saved or removed. Shared by the server routes and the client.
import { z } from './zod.ts';
import { boundedNumber, text } from './fields.ts';

/** The error code of every push call while the server has no VAPID keys. */
export const PUSH_NOT_CONFIGURED = 'push_not_configured';

/** GET public-key: the applicationServerKey for PushManager.subscribe, base64url; null: no push here. */
export const pushPublicKeySchema = z.object({ public_key: z.string().nullable() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** Longest endpoint accepted; real push services use a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;

/** Why a push endpoint is unusable (a sentence), or undefined: an absolute http(s) URL, no credentials. */
export function endpointProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'endpoint must be an absolute URL.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'endpoint must be an https URL.';
  if (url.username || url.password) return 'endpoint must not carry a user name or password.';
  return undefined;
}

const base64url = (label: string, bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  const message = `${label} must be ${bytes} bytes in unpadded base64url.`;
  return text({ label, max: chars + 2, required: message, tooLong: message })
    .transform((v) => v.replace(/=+$/, ''))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}$`), message));
};

export const pushEndpointSchema = text({ label: 'endpoint', max: PUSH_ENDPOINT_MAX, min: 1 }).superRefine(
  (v, ctx) => {
    const problem = endpointProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
  },
);

/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: boundedNumber('expirationTime', 0, 8.64e15).nullable().optional(),
  keys: z.object(
    {
      // The browser's P-256 public key, uncompressed (65 bytes), and its 16-byte auth secret.
      p256dh: base64url('keys.p256dh', 65),
      auth: base64url('keys.auth', 16),
    },
    { error: 'keys must hold p256dh and auth.' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeSchema>;

/** What a saved subscription hears about: a staff member's restaurant, or a customer's own orders. */
export const pushSubscribedSchema = z.object({
  subscribed: z.boolean(),
  audience: z.enum(['staff', 'customer']).optional(),
});
export type PushSubscribed = z.infer<typeof pushSubscribedSchema>;
