// A payment attempt kept on this device (the checkout outbox) for user 7's order 42, as the outbox
// stores it: its Idempotency-Key and, once the provider answered, that answer.
import { OUTBOX_KEY, type OutboxEntry } from '../features/checkout/order-outbox.ts';
import { idb } from '../lib/idb.ts';

export const keepAttempt = (over: Partial<OutboxEntry> = {}) =>
  idb.set(OUTBOX_KEY, {
    owner: '7',
    key: 'pay-abc12345',
    signature: '[]',
    addressId: 3,
    orderId: 42,
    provider: null,
    updatedAt: Date.now(),
    ...over,
  } satisfies OutboxEntry);
