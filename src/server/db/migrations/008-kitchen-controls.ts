// Schema owned by the kitchen module (docs/kitchen-controls.md): pause, busy mode and auto-accept on
// the restaurant (so the discovery_changed trigger of 002 carries every change to the caches), timed
// out-of-stock items, staff device presence per server process, and the history of every control.
export const sql = /* sql */ `
alter table restaurants add column paused_until timestamptz;
alter table restaurants add column paused_until_reopened boolean not null default false;
alter table restaurants add column paused_at timestamptz;
alter table restaurants add column unattended_since timestamptz;
alter table restaurants add column busy_extra_min integer not null default 0
  check (busy_extra_min in (0, 10, 20, 30));
alter table restaurants add column auto_accept boolean not null default false;
alter table restaurants add column default_prep_time_min integer not null default 20
  check (default_prep_time_min between 1 and 180);
create index restaurants_paused_until_idx on restaurants (paused_until) where paused_until is not null;

-- in_stock = false with a time: out of stock until then; without one: until turned back on.
alter table menu_items add column out_of_stock_until timestamptz;
create index menu_items_out_of_stock_until_idx on menu_items (out_of_stock_until)
  where out_of_stock_until is not null;

-- One row per restaurant and server process holding its staff sockets: the count there, and when a
-- socket of it was last seen (connect, disconnect, every heartbeat while connected). A process that
-- dies stops refreshing its rows, so they age out by themselves.
create table restaurant_presence (
  restaurant_id integer not null references restaurants(id) on delete cascade,
  process_id text not null,
  connections integer not null check (connections >= 0),
  last_seen_at timestamptz not null,
  primary key (restaurant_id, process_id)
);

create table kitchen_log (
  id serial primary key,
  restaurant_id integer not null references restaurants(id) on delete cascade,
  -- null: the server itself (a pause that ran out, the unattended pause).
  actor_user_id integer references users(id) on delete set null,
  action text not null,
  subject text,
  subject_id integer,
  from_value text,
  to_value text,
  note text,
  created_at timestamptz not null default now()
);
create index kitchen_log_restaurant_idx on kitchen_log (restaurant_id, created_at desc, id desc);
`;
