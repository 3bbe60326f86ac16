// A new order rings on every staff screen until someone accepts it or presses Acknowledge (issue 14).
// The acknowledgement is kept on the order, so a screen that opens later does not ring for it, and
// relayed to every screen as an order event of its own type.
export const sql = /* sql */ `
alter table orders add column acknowledged_at timestamptz;
alter table orders add column acknowledged_by integer references users(id) on delete set null;
-- Orders that may still be ringing: placed and not acknowledged (the staff tab asks for these).
create index orders_unacknowledged_idx on orders (restaurant_id, created_at)
  where status = 'placed' and acknowledged_at is null;

alter table order_events drop constraint order_events_type_check;
alter table order_events add constraint order_events_type_check
  check (type in ('order.created', 'order.updated', 'order.acknowledged'));
`;
