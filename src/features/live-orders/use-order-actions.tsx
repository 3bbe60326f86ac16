// Moving an order along its chain from a card: Accept and Reject ask first (prep time, reason), the
// other steps go at once. The server's answer is shown at once (`put`); a refusal is said in the
// snackbar in the server's words, and a conflict (someone else moved it) loads the list again.
import { useState, type ReactNode } from 'react';
import { snackbar } from '../../lib/events.ts';
import { ApiError } from '../../lib/http.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { STAFF_STATUS_LABELS, type OrderStatus } from '../../shared/order-status.ts';
import { ActionDialog, type PendingAction } from './action-dialog.tsx';
import { changeOrderStatus } from './api/change-order-status.ts';

export function useOrderActions(put: (o: OrderSummary) => void, refresh: () => void) {
  const [busy, setBusy] = useState<number | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);

  async function move(
    order: OrderSummary,
    status: OrderStatus,
    extra: { prep_time_min?: number; reason?: string } = {},
  ) {
    setBusy(order.id);
    try {
      const updated = await changeOrderStatus(order.id, { status, ...extra });
      put(updated);
      snackbar.success(`Order ${updated.order_number} marked ${STAFF_STATUS_LABELS[status].toLowerCase()}`);
    } catch (err) {
      snackbar.danger(err instanceof ApiError ? err.message : 'Could not update the order.');
      if (err instanceof ApiError && err.status === 409) refresh();
    } finally {
      setBusy(null);
    }
  }

  function onAction(order: OrderSummary, status: OrderStatus) {
    if (status === 'accepted' || status === 'rejected') setPending({ order, status });
    else void move(order, status);
  }

  const dialog: ReactNode = pending ? (
    <ActionDialog
      action={pending}
      onCancel={() => setPending(null)}
      onConfirm={(extra) => {
        setPending(null);
        void move(pending.order, pending.status, extra);
      }}
    />
  ) : null;

  return { busy, onAction, dialog };
}
