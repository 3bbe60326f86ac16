// Schema owned by the orders module: the last known courier position per order being delivered, and
// indexes for the staff live-orders list and the customer's order history.
export const sql = /* sql */ `
create table courier_locations (
  order_id integer primary key references orders(id) on delete cascade,
  lat double precision not null,
  lng double precision not null,
  source text not null default 'staff' check (source in ('staff', 'demo')),
  updated_at timestamptz not null default now()
);

create index orders_restaurant_status_idx on orders (restaurant_id, status, created_at desc);
create index payments_order_idx on payments (order_id);
`;
