// Moving an order along its chain from a card: Accept and Reject ask first (prep time, reason), the
// other steps go at once. The server's answer is shown at once (`put`); a refusal is said in the
// snackbar in the server's words, and a conflict (someone else moved it) loads the list again. The
// dialog's code loads on use (the caller hands it over, console-parts.ts), and the dialog opens once
// that code is there, so it never shows half-loaded.
import { useState, type ReactNode } from 'react';
import { snackbar } from '../../lib/events.ts';
import { ApiError } from '../../lib/http.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { STAFF_STATUS_LABELS, type OrderStatus } from '../../shared/order-status.ts';
import type { ActionDialogProps, PendingAction } from './action-dialog.tsx';
import { changeOrderStatus } from './api/change-order-status.ts';
import type { LazyPart } from './lazy-parts.tsx';

export function useOrderActions(
  put: (o: OrderSummary) => void,
  refresh: () => void,
  { Part: ActionDialog, preload }: LazyPart<ActionDialogProps>,
) {
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
    if (status === 'accepted' || status === 'rejected')
      preload().then(
        () => setPending({ order, status }),
        () => snackbar.danger('Could not open that step. Check the connection and try again.'),
      );
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
