// Public door of the push feature. Both pieces load lazily, in their own chunks, only on the pages
// that mount them (a customer's order page, the staff tab); a chunk that cannot load (offline) shows
// nothing rather than breaking the page.
import { Suspense } from 'react';
import { preloadable } from '../../lib/preloadable.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';

const nothing = () => null;
// Preloadable: the server loads them before rendering a tracking page or the staff console
// (src/app/first-paint.tsx), so its HTML is complete and the browser hydrates it instead of rendering
// that part again.
const orderOptIn = preloadable(() =>
  import('./order-push-opt-in.tsx').then(
    (m) => m.OrderPushOptIn,
    () => nothing,
  ),
);
const LazyOrderOptIn = orderOptIn.Component;
export const preloadOrderPushOptIn = orderOptIn.preload;
const staffPush = preloadable(() =>
  import('./staff-push.tsx').then(
    (m) => m.StaffPush,
    () => nothing,
  ),
);
const LazyStaffPush = staffPush.Component;
export const preloadStaffPush = staffPush.preload;

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
