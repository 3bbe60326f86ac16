// Ratings and favourites (issue 16). One rating per order (its primary key), optional ratings of the
// order's dishes, and hearted restaurants per customer. The restaurant keeps its shown rating and
// count in `rating`/`rating_count` (what the list and menu read); the seeded values move to
// prior_rating/prior_rating_count when its first real rating lands (src/shared/api/ratings.ts says how
// they combine). Updating the restaurant row fires the discovery notify triggers of 011, so every
// process drops its list and menu caches.
export const sql = /* sql */ `
alter table restaurants
  add column prior_rating numeric(2,1),
  add column prior_rating_count integer;

create table order_ratings (
  order_id integer primary key references orders(id) on delete cascade,
  restaurant_id integer not null references restaurants(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  comment text,
  created_at timestamptz not null default now()
);
create index order_ratings_restaurant on order_ratings (restaurant_id);

create table order_item_ratings (
  order_id integer not null references order_ratings(order_id) on delete cascade,
  menu_item_id integer not null,
  rating smallint not null check (rating between 1 and 5),
  primary key (order_id, menu_item_id)
);

create table favourites (
  user_id integer not null references users(id) on delete cascade,
  restaurant_id integer not null references restaurants(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, restaurant_id)
);
create index favourites_restaurant on favourites (restaurant_id);
`;
