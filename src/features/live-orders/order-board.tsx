// The live board: every order still in the kitchen's hands, in lanes by stage with their counts,
// newest on top. Cards tick every 15 s so each ticket's clock and colour follow the wait.
import { useEffect, useState } from 'react';
import { useRenderTime } from '../../lib/use-render-time.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { STAFF_STATUS_LABELS } from '../../shared/order-status.ts';
import type { ActionDialogProps } from './action-dialog.tsx';
import type { LazyPart } from './lazy-parts.tsx';
import { BOARD_QUERY } from './order-list-query.ts';
import { LANES, SCHEDULED_LANE, laneOrders, onBoard, waitingToStart } from './board.ts';
import { OrderCardList, OrderListError } from './order-card-list.tsx';
import { useOrderActions } from './use-order-actions.tsx';
import { useOrderList } from './use-order-list.ts';

const TICK_MS = 15_000;
const BOARD_RULES = { belongs: onBoard, takesNew: true };

function useNow(every: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(t);
  }, [every]);
  return now;
}

export function OrderBoard({
  restaurantId,
  actionDialog,
  onCount,
}: {
  restaurantId: string | undefined;
  /** The Accept / Reject dialog, loaded on use. */
  actionDialog: LazyPart<ActionDialogProps>;
  /** How many orders wait in each lane, for the tab's label. */
  onCount?: (newOrders: number, active: number) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  const list = useOrderList(restaurantId, BOARD_QUERY, BOARD_RULES, (o) =>
    setAnnouncement(`Order ${o.order_number}: ${STAFF_STATUS_LABELS[o.status].toLowerCase()}`),
  );
  const { busy, onAction, dialog } = useOrderActions(list.put, list.refresh, actionDialog);
  // While hydrating the server's board, its clocks read as they were rendered.
  const ticking = useNow(TICK_MS);
  const now = useRenderTime() ?? ticking;
  const orders: OrderSummary[] = list.orders ?? [];
  const newCount = orders.filter((o) => o.status === 'placed' && !waitingToStart(o, now)).length;
  const scheduled = laneOrders(orders, SCHEDULED_LANE, now);
  useEffect(() => onCount?.(newCount, orders.length), [onCount, newCount, orders.length]);

  return (
    <div className="board">
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <OrderListError list={list} />
      {scheduled.length > 0 && (
        <section className="board__scheduled" aria-labelledby="lane-scheduled" data-lane="scheduled">
          <h2 className="board__lane-title" id="lane-scheduled">
            {SCHEDULED_LANE.title}{' '}
            <span className="board__count" aria-hidden="true">
              {scheduled.length}
            </span>
            <span className="visually-hidden">
              {scheduled.length} order{scheduled.length === 1 ? '' : 's'}, each joins New when its cooking
              should start
            </span>
          </h2>
          <OrderCardList
            orders={scheduled}
            list={list}
            busy={busy}
            onAction={onAction}
            now={now}
            className="board__scheduled-cards"
          />
        </section>
      )}
      {/* One placeholder for the whole board until the first answer: lanes drawn empty and then filled
          would move every lane below the first as its cards arrived (a layout shift on each open). */}
      {list.orders === null && !list.error ? (
        <div
          key="loading"
          className="skeleton board__skeleton board__skeleton--all"
          aria-busy="true"
          aria-label="Loading orders"
        />
      ) : (
        <div key="lanes" className="board__lanes">
          {LANES.map((lane) => {
            const cards = laneOrders(orders, lane, now);
            const titleId = `lane-${lane.id}`;
            return (
              <section
                key={lane.id}
                className={`board__lane board__lane--${lane.id}`}
                aria-labelledby={titleId}
                data-lane={lane.id}
              >
                <h2 className="board__lane-title" id={titleId}>
                  {lane.title}{' '}
                  <span className="board__count" aria-hidden="true">
                    {cards.length}
                  </span>
                  <span className="visually-hidden">
                    {cards.length} order{cards.length === 1 ? '' : 's'}
                  </span>
                </h2>
                {cards.length === 0 ? (
                  <p className="board__empty">
                    {lane.id === 'new' ? 'No new orders. A paid order appears here at once.' : 'None'}
                  </p>
                ) : (
                  <OrderCardList orders={cards} list={list} busy={busy} onAction={onAction} now={now} />
                )}
              </section>
            );
          })}
        </div>
      )}
      {dialog}
    </div>
  );
}
