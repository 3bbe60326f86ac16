// Money exactly once and order events that survive gaps (docs/product.md#orders-and-payments,
// docs/architecture.md#order-events).
// - payments becomes a ledger of every provider payment we heard of; an order points at the ONE
//   payment that paid it (orders.payment_id); any other captured payment is refunded, with retries.
// - orders remember when the provider was last asked about their payments (reconciliation).
// - order events are rows with a per-restaurant sequence, written in the order's transaction, so a
//   socket or process that missed a NOTIFY can replay from the last sequence it saw.
// - the sandbox provider keeps its own side (payments and refunds) in sandbox_* tables, as Razorpay
//   keeps its own: our tables never stand in for the provider's.
export const sql = /* sql */ `
alter table payments drop constraint payments_status_check;
alter table payments add constraint payments_status_check
  check (status in ('authorized', 'failed', 'paid', 'refund_pending', 'refunded'));
alter table payments add column currency text not null default 'INR';
-- Why a payment is being or was refunded: cancelled, rejected, duplicate, amount_mismatch.
alter table payments add column refund_reason text;
alter table payments add column refund_attempts integer not null default 0;
alter table payments add column refund_next_at timestamptz;
alter table payments add column refund_error text;
alter table payments add column updated_at timestamptz not null default now();
create index payments_refund_due_idx on payments (refund_next_at) where status = 'refund_pending';

alter table orders add column payment_id integer references payments(id);
create unique index orders_payment_idx on orders (payment_id) where payment_id is not null;
update orders o set payment_id = (
  select p.id from payments p where p.order_id = o.id and p.status in ('paid', 'refunded') order by p.id limit 1)
 where o.payment_status in ('paid', 'refunded');
update payments p set status = 'refund_pending', refund_next_at = now(), refund_reason = o.status
  from orders o where o.payment_id = p.id and o.refund_pending and p.status = 'paid';

-- Reconciliation: how often and when the provider was last asked about an unpaid order's payments.
alter table orders add column payment_checks integer not null default 0;
alter table orders add column payment_checked_at timestamptz;
create index orders_reconcile_idx on orders (created_at) where provider_order_id is not null and payment_checks < 6;

create table order_event_seqs (
  restaurant_id integer primary key references restaurants(id) on delete cascade,
  seq bigint not null default 0
);
create table order_events (
  restaurant_id integer not null references restaurants(id) on delete cascade,
  seq bigint not null,
  order_id integer not null references orders(id) on delete cascade,
  type text not null check (type in ('order.created', 'order.updated')),
  created_at timestamptz not null default now(),
  primary key (restaurant_id, seq)
);
create index order_events_created_idx on order_events (created_at);

create table sandbox_orders (
  id text primary key,
  amount integer not null,
  currency text not null,
  receipt text not null,
  created_at timestamptz not null default now()
);
create table sandbox_payments (
  id text primary key,
  order_id text not null references sandbox_orders(id),
  amount integer not null,
  currency text not null,
  method text not null default 'card',
  status text not null check (status in ('authorized', 'captured', 'failed', 'refunded')),
  created_at timestamptz not null default now()
);
create index sandbox_payments_order_idx on sandbox_payments (order_id);
create table sandbox_refunds (
  id text primary key,
  payment_id text not null references sandbox_payments(id),
  amount integer not null,
  idempotency_key text not null unique,
  created_at timestamptz not null default now()
);
`;
