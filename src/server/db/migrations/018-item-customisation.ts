// Item customisation (issue 16): a dish's variant groups (Half / Full, Regular / Large: choose one) and
// add-on groups (choose up to N), each option with the price it adds. A cart line and an order line are
// one dish with one set of choices: the same dish with other choices is another line, so the chosen
// option ids (sorted, '{}' for none) join the primary keys. An order line keeps the names it was sold
// with, for the staff console, the ticket and the customer's history.
export const sql = /* sql */ `
create table option_groups (
  id serial primary key,
  menu_item_id integer not null references menu_items(id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('variant', 'addon')),
  min_choices integer not null check (min_choices >= 0),
  max_choices integer not null check (max_choices >= 1 and max_choices >= min_choices),
  position integer not null
);
create index option_groups_item_idx on option_groups (menu_item_id, position);

create table item_options (
  id serial primary key,
  group_id integer not null references option_groups(id) on delete cascade,
  name text not null,
  price integer not null check (price >= 0),
  in_stock boolean not null default true,
  position integer not null
);
create index item_options_group_idx on item_options (group_id, position);

alter table cart_items add column options integer[] not null default '{}';
alter table cart_items drop constraint cart_items_pkey;
alter table cart_items add primary key (cart_id, menu_item_id, options);

alter table order_items
  add column options integer[] not null default '{}',
  add column choices text[] not null default '{}';
alter table order_items drop constraint order_items_pkey;
alter table order_items add primary key (order_id, menu_item_id, options);
`;
