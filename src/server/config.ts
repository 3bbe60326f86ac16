// Reads and validates every environment variable once at start; a bad value stops the process
// with a message naming the variable. The README's configuration table lists the same variables.
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
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
  // Web Push for staff notifications when the tab is closed (optional).
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(102_400),
});

const checkedConfigSchema = configSchema.superRefine((c, ctx) => {
  const need = (when: boolean, key: keyof typeof c, why: string) => {
    if (when && !c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required when ${why}` });
  };
  need(c.MAPS_PROVIDER === 'google', 'GOOGLE_MAPS_SERVER_KEY', 'MAPS_PROVIDER=google');
  need(c.SMS_PROVIDER === 'http', 'SMS_HTTP_URL', 'SMS_PROVIDER=http');
  need(c.PAYMENT_PROVIDER === 'razorpay', 'RAZORPAY_KEY_ID', 'PAYMENT_PROVIDER=razorpay');
  need(c.PAYMENT_PROVIDER === 'razorpay', 'RAZORPAY_KEY_SECRET', 'PAYMENT_PROVIDER=razorpay');
  need(c.PAYMENT_PROVIDER === 'razorpay', 'RAZORPAY_WEBHOOK_SECRET', 'PAYMENT_PROVIDER=razorpay');
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
