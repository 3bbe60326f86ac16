// POST (save) and DELETE (remove) this browser's push subscription for the signed-in user.
import { api } from '../../../lib/http.ts';
import { PUSH_PATHS, type PushSubscribed } from '../../../shared/api/push.ts';

export function savePushSubscription(subscription: PushSubscriptionJSON): Promise<PushSubscribed> {
  return api<PushSubscribed>(PUSH_PATHS.subscriptions, { method: 'POST', body: subscription });
}

export function deletePushSubscription(endpoint: string): Promise<PushSubscribed> {
  return api<PushSubscribed>(PUSH_PATHS.subscriptions, { method: 'DELETE', body: { endpoint } });
}
