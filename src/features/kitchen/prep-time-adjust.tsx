// Move an accepted order's prep time (and so the customer's ETA) by 5-minute steps. The server
// answers with the order; the live-orders socket brings the same change to every staff tab.
import { useState } from 'react';
import { firstMessage } from '../../lib/http.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { PREP_STEP_MIN } from '../../shared/kitchen.ts';
import { PREP_TIME_LIMITS } from '../../shared/order-status.ts';
import { formatTime } from '../../shared/india-time.ts';
import { adjustPrepTime } from './api/adjust-prep-time.ts';
import './prep-time-adjust.css';

type Adjustable = Pick<
  OrderSummary,
  'id' | 'order_number' | 'status' | 'prep_time_min' | 'eta' | 'updated_at'
>;

export function PrepTimeAdjust({
  order,
  onChange,
}: {
  order: Adjustable;
  onChange?: (o: OrderSummary) => void;
}) {
  const [answer, setAnswer] = useState<OrderSummary | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (order.status !== 'accepted' && order.status !== 'preparing') return null;
  if (order.prep_time_min === null) return null;
  // The server's answer until the list catches up with it (the socket brings the same order).
  const shown = answer && answer.id === order.id && answer.updated_at > order.updated_at ? answer : order;
  const prep = shown.prep_time_min ?? 0;

  async function move(delta: number) {
    setWorking(true);
    setError(null);
    try {
      const updated = await adjustPrepTime(order.id, delta);
      setAnswer(updated);
      onChange?.(updated);
    } catch (err) {
      setError(firstMessage(err, 'Could not change the prep time.'));
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="prep-adjust" role="group" aria-label={`Prep time of order ${order.order_number}`}>
      <button
        type="button"
        className="button prep-adjust__step"
        disabled={working || prep - PREP_STEP_MIN < PREP_TIME_LIMITS.min}
        onClick={() => void move(-PREP_STEP_MIN)}
        aria-label={`−${PREP_STEP_MIN} minutes for order ${order.order_number}`}
      >
        −{PREP_STEP_MIN}
      </button>
      <output className="prep-adjust__value" aria-live="polite">
        Prep {prep} min{shown.eta ? ` · ETA ${formatTime(shown.eta)}` : ''}
      </output>
      <button
        type="button"
        className="button prep-adjust__step"
        disabled={working || prep + PREP_STEP_MIN > PREP_TIME_LIMITS.max}
        onClick={() => void move(PREP_STEP_MIN)}
        aria-label={`+${PREP_STEP_MIN} minutes for order ${order.order_number}`}
      >
        +{PREP_STEP_MIN}
      </button>
      {error && (
        <p className="prep-adjust__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
