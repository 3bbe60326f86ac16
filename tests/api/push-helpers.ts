// Shared by the push tests: a VAPID key pair made with node:crypto (not by the library under test),
// and a way to wait until every order event heard so far has been handled by an app's push service.
import { createECDH } from 'node:crypto';
import type { App } from '../../src/server/app.ts';

export type TestVapid = {
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
};

export function makeVapidEnv(subject = 'mailto:push-test@bhojan.example'): TestVapid {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    VAPID_PUBLIC_KEY: publicKey.toString('base64url'),
    VAPID_PRIVATE_KEY: privateKey.toString('base64url'),
    VAPID_SUBJECT: subject,
  };
}

/** Lets NOTIFYs arrive, then waits for the apps' push work (events queued, sends in flight). */
export async function settle(...apps: App[]): Promise<void> {
  await new Promise((r) => setTimeout(r, 250));
  for (const app of apps) await app.push.idle();
}
