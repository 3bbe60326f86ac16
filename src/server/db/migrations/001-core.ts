// Core schema shared by every domain: places, restaurants and menus, banners, coupons, people, orders.
// Money is integer paise everywhere. Times of day are minutes after midnight, Indian Standard Time.
export const sql = /* sql */ `
create extension if not exists pg_trgm;

-- Server-side secrets generated on first start (token signing key) when none is configured, so
-- every API process on one database signs and verifies alike.
create table app_secrets (
  name text primary key,
  value text not null
);

create table cities (
  id serial primary key,
  slug text not null unique,
  name text not null,
  state text not null,
  lat double precision not null,
  lng double precision not null,
  popular boolean not null default false
);

create table restaurants (
  id serial primary key,
  slug text not null unique,
  name text not null,
  city_id integer not null references cities(id),
  area text not null,
  address text not null,
  lat double precision not null,
  lng double precision not null,
  cuisines text[] not null,
  pure_veg boolean not null default false,
  rating numeric(2,1) not null,
  rating_count integer not null,
  cost_for_two integer not null,
  delivery_time_min integer not null,
  delivery_radius_m integer not null,
  open_minute integer not null,
  close_minute integer not null,
  image text not null,
  offer_text text,
  packaging_fee integer not null default 0,
  is_active boolean not null default true,
  updated_at timestamptz not null default now()
);
create index restaurants_city_idx on restaurants (city_id);
create index restaurants_lat_lng_idx on restaurants (lat, lng);
create index restaurants_name_trgm on restaurants using gin (name gin_trgm_ops);

create table menu_categories (
  id serial primary key,
  restaurant_id integer not null references restaurants(id) on delete cascade,
  name text not null,
  position integer not null
);
create index menu_categories_restaurant_idx on menu_categories (restaurant_id, position);

create table menu_items (
  id serial primary key,
  restaurant_id integer not null references restaurants(id) on delete cascade,
  category_id integer not null references menu_categories(id) on delete cascade,
  name text not null,
  description text not null default '',
  price integer not null check (price > 0),
  is_veg boolean not null,
  is_bestseller boolean not null default false,
  in_stock boolean not null default true,
  image text,
  position integer not null,
  search_vector tsvector generated always as (
    to_tsvector('simple', name || ' ' || description)
  ) stored
);
create index menu_items_restaurant_idx on menu_items (restaurant_id, position);
create index menu_items_search_idx on menu_items using gin (search_vector);
create index menu_items_name_trgm on menu_items using gin (name gin_trgm_ops);

create table banners (
  id serial primary key,
  title text not null,
  subtitle text not null,
  image text not null,
  link text not null,
  position integer not null,
  active boolean not null default true
);

create table coupons (
  id serial primary key,
  coupon_code text not null unique,
  subtitle text not null,
  description text not null,
  coupon_terms text not null,
  discount_type text not null check (discount_type in ('percent', 'flat')),
  discount_value integer not null check (discount_value > 0),
  max_discount integer,
  min_order integer not null default 0,
  store_type text not null default 'all',
  store_ids integer[] not null default '{}',
  is_week_days boolean not null default false,
  allowed_weeks jsonb not null default '{}',
  is_time_of_day boolean not null default false,
  allowed_time jsonb not null default '{}',
  can_terms_change boolean not null default false,
  end_date timestamptz not null,
  usage_limit integer,
  per_user_limit integer,
  used_count integer not null default 0,
  active boolean not null default true
);

create table users (
  id serial primary key,
  phone_number text unique,
  name text not null default '',
  email text not null default '',
  password_hash text not null,
  role text not null default 'customer' check (role in ('customer', 'staff')),
  restaurant_id integer references restaurants(id),
  is_active boolean not null default true,
  removal_requested_at timestamptz,
  anonymised_at timestamptz,
  created_at timestamptz not null default now()
);

create table orders (
  id serial primary key,
  order_number text not null unique,
  user_id integer not null references users(id),
  restaurant_id integer not null references restaurants(id),
  delivery_address jsonb not null,
  item_total integer not null,
  packaging integer not null,
  delivery_fee integer not null,
  taxes integer not null,
  coupon_code text,
  coupon_discount integer not null default 0,
  to_pay integer not null,
  status text not null default 'placed' check (status in
    ('placed', 'accepted', 'preparing', 'ready', 'picked_up', 'delivered', 'cancelled', 'rejected')),
  payment_status text not null default 'pending' check (payment_status in
    ('pending', 'paid', 'failed', 'refunded')),
  refund_pending boolean not null default false,
  provider_order_id text unique,
  idempotency_key text,
  prep_time_min integer,
  reject_reason text,
  eta timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  accepted_at timestamptz,
  preparing_at timestamptz,
  ready_at timestamptz,
  picked_up_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz,
  rejected_at timestamptz,
  unique (user_id, idempotency_key)
);
create index orders_user_idx on orders (user_id, created_at desc);
create index orders_restaurant_idx on orders (restaurant_id, created_at desc);

create table order_items (
  order_id integer not null references orders(id) on delete cascade,
  menu_item_id integer not null references menu_items(id),
  name text not null,
  price integer not null,
  quantity integer not null check (quantity > 0),
  is_veg boolean not null,
  primary key (order_id, menu_item_id)
);

create table payments (
  id serial primary key,
  order_id integer not null references orders(id),
  provider text not null,
  provider_payment_id text not null unique,
  amount integer not null,
  method text not null default 'card',
  status text not null check (status in ('paid', 'failed', 'refunded')),
  created_at timestamptz not null default now()
);
`;
