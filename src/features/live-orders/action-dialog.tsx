// The two staff actions that need an answer first: Accept (prep time) and Reject (reason).
import { useEffect, useId, useRef, useState } from 'react';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { PREP_TIME_CHOICES } from '../../shared/order-status.ts';

export interface PendingAction {
  order: OrderSummary;
  status: 'accepted' | 'rejected';
}

export function ActionDialog({
  action,
  onCancel,
  onConfirm,
}: {
  action: PendingAction;
  onCancel: () => void;
  onConfirm: (extra: { prep_time_min?: number; reason?: string }) => void;
}) {
  const [prep, setPrep] = useState<number>(20);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const first = useRef<HTMLSelectElement & HTMLTextAreaElement>(null);
  const accept = action.status === 'accepted';
  const reasonOk = reason.trim().length >= 3;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onCancel]);

  return (
    <div className="live-orders__backdrop" onClick={onCancel}>
      <form
        className="live-orders__dialog card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          if (accept) onConfirm({ prep_time_min: prep });
          else if (reasonOk) onConfirm({ reason: reason.trim() });
        }}
      >
        <h2 id={titleId}>
          {accept ? 'Accept' : 'Reject'} order {action.order.order_number}
        </h2>
        {accept ? (
          <label className="field">
            Preparation time
            <select ref={first} value={prep} onChange={(e) => setPrep(Number(e.target.value))}>
              {PREP_TIME_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="field">
            Reason (the customer sees it)
            <textarea
              ref={first}
              value={reason}
              rows={3}
              maxLength={300}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. Out of Chicken Biryani"
            />
          </label>
        )}
        <div className="live-orders__dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${accept ? 'button--primary' : 'button--danger'}`}
            disabled={!accept && !reasonOk}
          >
            {accept ? 'Accept order' : 'Reject order'}
          </button>
        </div>
      </form>
    </div>
  );
}
