// Schema owned by the discovery module: change notifications that keep the in-memory restaurant,
// menu and offer caches of every API process fresh, and indexes for search.
export const sql = /* sql */ `
-- Any change to browsing data notifies channel discovery_changed (one message per statement); each
-- API process drops its computed list/menu/offer responses when it hears it.
create or replace function discovery_notify_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('discovery_changed', tg_table_name);
  return null;
end
$$;

create trigger restaurants_discovery_changed
  after insert or update or delete or truncate on restaurants
  for each statement execute function discovery_notify_changed();
create trigger cities_discovery_changed
  after insert or update or delete or truncate on cities
  for each statement execute function discovery_notify_changed();
create trigger menu_categories_discovery_changed
  after insert or update or delete or truncate on menu_categories
  for each statement execute function discovery_notify_changed();
create trigger menu_items_discovery_changed
  after insert or update or delete or truncate on menu_items
  for each statement execute function discovery_notify_changed();
create trigger banners_discovery_changed
  after insert or update or delete or truncate on banners
  for each statement execute function discovery_notify_changed();
-- Coupons: only what customers see; usage counters change on every order and do not matter here.
create trigger coupons_discovery_changed_rows
  after insert or delete or truncate on coupons
  for each statement execute function discovery_notify_changed();
create trigger coupons_discovery_changed_fields
  after update of coupon_code, subtitle, description, coupon_terms, discount_type, discount_value,
    max_discount, min_order, store_type, store_ids, is_week_days, allowed_weeks, is_time_of_day,
    allowed_time, can_terms_change, end_date, active on coupons
  for each statement execute function discovery_notify_changed();

-- Search. Dishes repeat across menus (hundreds of distinct names over tens of thousands of items),
-- so typo-tolerant matching runs over the distinct names (menu_dish_names, kept by a trigger) and
-- joins back to the items by name.
create table menu_dish_names (
  name text primary key,
  name_tsv tsvector generated always as (to_tsvector('simple', name)) stored
);
create index menu_dish_names_trgm on menu_dish_names using gin (name gin_trgm_ops);
create index menu_dish_names_tsv on menu_dish_names using gin (name_tsv);
insert into menu_dish_names (name) select distinct name from menu_items on conflict do nothing;

create or replace function discovery_collect_dish_names() returns trigger
language plpgsql as $$
begin
  insert into menu_dish_names (name) select distinct name from new_items on conflict do nothing;
  return null;
end
$$;
create trigger menu_items_dish_names_ins
  after insert on menu_items referencing new table as new_items
  for each statement execute function discovery_collect_dish_names();
create trigger menu_items_dish_names_upd
  after update on menu_items referencing new table as new_items
  for each statement execute function discovery_collect_dish_names();

create index menu_items_name_idx on menu_items (name);
alter table restaurants add column name_tsv tsvector generated always as (to_tsvector('simple', name)) stored;
create index restaurants_name_tsv on restaurants using gin (name_tsv);
create index restaurants_active_idx on restaurants (is_active);
create index menu_items_category_idx on menu_items (category_id, position);
`;
