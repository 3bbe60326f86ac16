// The two staff actions that need an answer first: Accept (prep time) and Reject (reason), in the
// console's one dialog (a native <dialog>: focus kept inside, Escape closes, focus returns).
import { useId, useState } from 'react';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { PREP_TIME_CHOICES } from '../../shared/order-status.ts';
import { KitchenDialog } from '../kitchen/index.ts';

export interface PendingAction {
  order: OrderSummary;
  status: 'accepted' | 'rejected';
}

export interface ActionDialogProps {
  action: PendingAction;
  onCancel: () => void;
  onConfirm: (extra: { prep_time_min?: number; reason?: string }) => void;
}

export function ActionDialog({ action, onCancel, onConfirm }: ActionDialogProps) {
  const [prep, setPrep] = useState<number>(20);
  const [reason, setReason] = useState('');
  const fieldId = useId();
  const accept = action.status === 'accepted';
  const reasonOk = reason.trim().length >= 3;

  return (
    <KitchenDialog
      title={`${accept ? 'Accept' : 'Reject'} order ${action.order.order_number}`}
      confirmLabel={accept ? 'Accept order' : 'Reject order'}
      tone={accept ? 'primary' : 'danger'}
      canConfirm={accept || reasonOk}
      onCancel={onCancel}
      onConfirm={() => onConfirm(accept ? { prep_time_min: prep } : { reason: reason.trim() })}
    >
      {accept ? (
        <label className="field" htmlFor={fieldId}>
          Preparation time
          <select id={fieldId} value={prep} onChange={(e) => setPrep(Number(e.target.value))}>
            {PREP_TIME_CHOICES.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label className="field" htmlFor={fieldId}>
          Reason (the customer sees it)
          <textarea
            id={fieldId}
            value={reason}
            rows={3}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. Out of Chicken Biryani"
          />
        </label>
      )}
    </KitchenDialog>
  );
}
