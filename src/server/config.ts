// Reads and validates every environment variable once at start; a bad value stops the process
// with a message naming the variable. The README's configuration table lists the same variables.
import path from 'node:path';
import { z } from 'zod';
import { WS_HEARTBEAT_DEFAULT_MS } from '../shared/constants.ts';

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * Why a tile URL template is unusable, or undefined: an absolute http(s) URL with {z}, {x} and {y}
 * in its path and a plain host (no {s} subdomains), so the CSP can allow exactly that one origin.
 */
export function tileUrlProblem(template: string): string | undefined {
  let url: URL;
  try {
    url = new URL(template);
  } catch {
    return 'must be an absolute URL such as https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https:// or http://';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (/[{}%]/.test(url.host)) return 'must name one host ({s} subdomains are not supported)';
  for (const part of ['{z}', '{x}', '{y}']) {
    if (!template.includes(part)) return `must contain ${part}`;
  }
  return undefined;
}

/** The one origin the street-map tiles come from (the CSP allows images from it and no other). */
export function tileOrigin(template: string): string {
  return new URL(template).origin;
}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // API processes on this machine (node:cluster); more than one needs DATABASE_URL.
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  // Where every process counts the per-route flood limits; PostgreSQL (or memory on PGlite) when unset.
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  // Proxy hops whose X-Forwarded-For is believed (0: none, so clients cannot spoof their IP).
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  DEMO_MODE: bool.default(false),
  JWT_SECRET: z.string().min(32).optional(),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  // Maps: the bundled gazetteer needs nothing; Google needs a server key (and a browser key for the map).
  MAPS_PROVIDER: z.enum(['gazetteer', 'google']).default('gazetteer'),
  GOOGLE_MAPS_SERVER_KEY: z.string().min(1).optional(),
  GOOGLE_MAPS_BROWSER_KEY: z.string().min(1).optional(),
  GOOGLE_MAPS_API_BASE: z.url().default('https://maps.googleapis.com'),
  // Street-map tiles for the maps shown without a Google browser key (docs/decisions/0005).
  MAP_TILE_URL: z
    .string()
    .superRefine((v, ctx) => {
      const problem = tileUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default(DEFAULT_MAP_TILE_URL),
  // OTP SMS: console/outbox by default; an HTTP gateway in production.
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).default('BHOJAN'),
  ACCOUNT_REMOVAL_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(14),
  // Payments: the local sandbox by default; Razorpay with its keys.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  // How often failed refunds are retried and unconfirmed payments checked with the provider.
  PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  // How long a sandbox UPI collect request waits for approval in the sandbox UPI app (tests shorten it).
  SANDBOX_UPI_EXPIRY_S: z.coerce.number().int().min(2).max(3600).default(300),
  // Kitchen controls (docs/kitchen-controls.md): how often timed pauses and out-of-stock marks are
  // ended and unattended restaurants checked; how long without a staff device pauses one (0: never).
  KITCHEN_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  UNATTENDED_PAUSE_AFTER_S: z.coerce.number().int().min(0).max(86_400).default(300),
  // Order websockets: the server pings every socket this often and drops one that missed a ping; the
  // staff tab treats two intervals without a ping as a dead connection. Shorter only in tests (at most
  // 10 s: the kitchen counts a staff device live for three beats of 10 s).
  WS_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .min(200)
    .max(WS_HEARTBEAT_DEFAULT_MS)
    .default(WS_HEARTBEAT_DEFAULT_MS),
  // Web Push for staff and customer notifications with the app closed (optional; both keys or neither).
  // `npx web-push generate-vapid-keys` prints a pair: the public key is 65 bytes, the private 32, base64url.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key: 65 bytes in unpadded base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key: 32 bytes in unpadded base64url')
    .optional(),
  // Who push services may contact about our pushes (RFC 8292 "sub"): a mailto: or https: URL.
  VAPID_SUBJECT: z
    .url({ protocol: /^(mailto|https)$/, error: 'must be a mailto: or https: URL' })
    .default('mailto:push@bhojan.example'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(102_400),
});

const checkedConfigSchema = configSchema.superRefine((c, ctx) => {
  const need = (when: boolean, key: keyof typeof c, why: string) => {
    if (when && !c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required when ${why}` });
  };
  if (c.WORKERS > 1 && !c.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['WORKERS'],
      message:
        'more than one process needs DATABASE_URL: the embedded database lives inside one process (unset WORKERS, or set DATABASE_URL to a PostgreSQL database)',
    });
  need(c.MAPS_PROVIDER === 'google', 'GOOGLE_MAPS_SERVER_KEY', 'MAPS_PROVIDER=google');
  need(c.SMS_PROVIDER === 'http', 'SMS_HTTP_URL', 'SMS_PROVIDER=http');
  need(c.PAYMENT_PROVIDER === 'razorpay', 'RAZORPAY_KEY_ID', 'PAYMENT_PROVIDER=razorpay');
  need(c.PAYMENT_PROVIDER === 'razorpay', 'RAZORPAY_KEY_SECRET', 'PAYMENT_PROVIDER=razorpay');
  need(c.PAYMENT_PROVIDER === 'razorpay', 'RAZORPAY_WEBHOOK_SECRET', 'PAYMENT_PROVIDER=razorpay');
  need(Boolean(c.VAPID_PUBLIC_KEY), 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY is set');
  need(Boolean(c.VAPID_PRIVATE_KEY), 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY is set');
});

export type EnvConfig = z.infer<typeof configSchema>;

export interface Config extends EnvConfig {
  /** Absolute folder holding the built PWA (index.html, assets, sw.js). */
  clientDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedConfigSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, clientDir: path.resolve(parsed.data.CLIENT_DIR) };
}

/** An empty variable (PORT=) means "use the default", as in most shells' intent. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') out[k] = v;
  return out;
}
