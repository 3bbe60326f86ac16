// Public door of the push feature. Both pieces load lazily, in their own chunks, only on the pages
// that mount them (a customer's order page, the staff tab); a chunk that cannot load (offline) shows
// nothing rather than breaking the page.
import { lazy, Suspense } from 'react';
import type { OrderSummary } from '../../shared/api/orders.ts';

const nothing = { default: () => null };
const LazyOrderOptIn = lazy(() =>
  import('./order-push-opt-in.tsx').then(
    (m) => ({ default: m.OrderPushOptIn }),
    () => nothing,
  ),
);
const LazyStaffPush = lazy(() =>
  import('./staff-push.tsx').then(
    (m) => ({ default: m.StaffPush }),
    () => nothing,
  ),
);

/** "Notify me" for a customer's order (mounted on the tracking page). */
export function OrderPushOptIn({ order }: { order: OrderSummary }) {
  return (
    <Suspense fallback={null}>
      <LazyOrderOptIn order={order} />
    </Suspense>
  );
}

/** Subscribes a staff screen to Web Push once notifications are allowed (mounted on the staff tab). */
export function StaffPush() {
  return (
    <Suspense fallback={null}>
      <LazyStaffPush />
    </Suspense>
  );
}
