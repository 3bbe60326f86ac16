// Web Push (issue 14): browsers' push subscriptions and the notifications owed to each.
// - push_subscriptions: one row per push endpoint, bound to the signed-in session that saved it (a
//   sign-out stops its pushes at once) and, for staff, to their restaurant.
// - push_deliveries: one row per (subscription, order, kind). Every server process hears every order
//   event; the one whose insert wins (`on conflict do nothing ... returning`) sends, so a notification
//   goes out once however many processes listen. Failed sends wait in the same row for a retry.
export const sql = /* sql */ `
create table push_subscriptions (
  id serial primary key,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  user_id integer not null references users(id) on delete cascade,
  session_id text not null references auth_sessions(id) on delete cascade,
  -- Set for staff: the restaurant whose orders this device hears about; null for a customer.
  restaurant_id integer references restaurants(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index push_subscriptions_restaurant_idx on push_subscriptions (restaurant_id)
  where restaurant_id is not null;
create index push_subscriptions_user_idx on push_subscriptions (user_id, updated_at desc);
create index push_subscriptions_session_idx on push_subscriptions (session_id);

create table push_deliveries (
  id bigserial primary key,
  subscription_id integer not null references push_subscriptions(id) on delete cascade,
  order_id integer not null references orders(id) on delete cascade,
  -- staff:placed, staff:cancelled, or customer:<status>
  kind text not null,
  payload jsonb not null,
  state text not null default 'pending' check (state in ('pending', 'sent', 'failed')),
  -- Sends started so far; a claim (by the inserting process or the retry sweep) adds one.
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  -- A process is sending until then; after it (a crash mid-send), the sweep may claim the row again.
  claimed_until timestamptz,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (subscription_id, order_id, kind)
);
create index push_deliveries_due_idx on push_deliveries (next_at) where state = 'pending';
create index push_deliveries_created_idx on push_deliveries (created_at);
create index push_deliveries_order_idx on push_deliveries (order_id);
`;
