// POST (save) and DELETE (remove) this browser's push subscription for the signed-in user.
import { api } from '../../../lib/http.ts';
import type { PushSubscribed } from '../../../shared/api/push.ts';
import { pushPaths } from '../../../shared/api/paths.ts';

export function savePushSubscription(subscription: PushSubscriptionJSON): Promise<PushSubscribed> {
  return api<PushSubscribed>(pushPaths.subscriptions, { method: 'POST', body: subscription });
}

export function deletePushSubscription(endpoint: string): Promise<PushSubscribed> {
  return api<PushSubscribed>(pushPaths.subscriptions, { method: 'DELETE', body: { endpoint } });
}
