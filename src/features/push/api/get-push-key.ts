// GET the server's public VAPID key once per page load: null when push is not configured (or the
// call failed), and then no opt-in is offered.
import { api } from '../../../lib/http.ts';
import type { PushPublicKey } from '../../../shared/api/push.ts';
import { pushPaths } from '../../../shared/api/paths.ts';

let cached: Promise<string | null> | undefined;

export function getPushKey(): Promise<string | null> {
  cached ??= api<PushPublicKey>(pushPaths.publicKey).then(
    (r) => r.public_key,
    () => {
      cached = undefined; // offline or failing: ask again next time
      return null;
    },
  );
  return cached;
}

/** Tests: forget the cached answer. */
export function resetPushKey(): void {
  cached = undefined;
}
