// Schema owned by the checkout module: carts (anonymous by session key, or a user's), their items,
// replayed-op records, payment webhook de-duplication and refund bookkeeping.
export const sql = /* sql */ `
create table carts (
  id serial primary key,
  session_key text unique,
  user_id integer unique references users(id) on delete cascade,
  restaurant_id integer references restaurants(id) on delete set null,
  coupon_code text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (session_key is not null or user_id is not null)
);

create table cart_items (
  cart_id integer not null references carts(id) on delete cascade,
  menu_item_id integer not null references menu_items(id) on delete cascade,
  quantity integer not null check (quantity > 0 and quantity <= 50),
  added_at timestamptz not null default now(),
  primary key (cart_id, menu_item_id)
);

-- Client operation ids already applied to a cart: a replayed offline change is a no-op.
create table cart_ops (
  cart_id integer not null references carts(id) on delete cascade,
  op_id text not null,
  created_at timestamptz not null default now(),
  primary key (cart_id, op_id)
);

-- Provider webhook events already handled (the provider retries; each event counts once).
create table payment_events (
  event_id text primary key,
  event text not null,
  received_at timestamptz not null default now()
);

alter table orders add column coupon_reserved boolean not null default false;
alter table orders add column distance_m integer;
alter table payments add column refund_id text;
alter table payments add column refunded_at timestamptz;
create index orders_pending_user_idx on orders (user_id) where payment_status = 'pending';
`;
