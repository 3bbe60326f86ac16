// The cards of a board lane or a history page, and the list's load error: the board and the history
// show an order list the same way.
import type { OrderSummary } from '../../shared/api/orders.ts';
import type { OrderStatus } from '../../shared/order-status.ts';
import { OrderCard } from './order-card.tsx';
import type { OrderList } from './use-order-list.ts';

export function OrderCardList({
  orders,
  list,
  busy,
  onAction,
  now,
  className,
}: {
  orders: OrderSummary[];
  list: OrderList;
  /** The order whose action is under way (useOrderActions). */
  busy: number | null;
  onAction: (order: OrderSummary, status: OrderStatus) => void;
  now?: number;
  /** Added to `board__cards`. */
  className?: string;
}) {
  return (
    <ol className={className ? `board__cards ${className}` : 'board__cards'}>
      {orders.map((o) => (
        <li key={o.id}>
          <OrderCard
            order={o}
            now={now}
            flash={list.fresh.has(o.id)}
            busy={busy === o.id}
            onAction={onAction}
            onChange={list.put}
          />
        </li>
      ))}
    </ol>
  );
}

export function OrderListError({ list }: { list: OrderList }) {
  if (!list.error) return null;
  return (
    <div className="live-orders__error" role="alert">
      <span>{list.error}</span>
      <button type="button" className="button" onClick={list.refresh}>
        Try again
      </button>
    </div>
  );
}
