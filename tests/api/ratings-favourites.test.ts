// Ratings and favourites (issue 16) on the real app: a delivered order is rated once by the customer
// who placed it (anyone else, any other status, a second rating and bad input answer a 4xx with a
// clear message), the rating moves the restaurant's rating and count that the list and menu show
// (their caches follow at once), and a customer hearts, lists and un-hearts restaurants.
import { beforeAll, describe, expect, it } from 'vitest';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import {
  FAVOURITES_MAX,
  combinedRating,
  type FavouriteList,
  type OrderRatingState,
} from '../../src/shared/api/ratings.ts';
import { favouritesPaths, ratingsPaths } from '../../src/shared/api/paths.ts';
import {
  makeOrder,
  makeRestaurant,
  makeUser,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp();
const client = ctx.client;

let rest: RestaurantFixture;
let customer: UserFixture;
let stranger: UserFixture;
let staff: UserFixture;

beforeAll(async () => {
  rest = await makeRestaurant(ctx.db, { name: 'Rating Test House' });
  customer = await makeUser(ctx.app);
  stranger = await makeUser(ctx.app, { name: 'Someone Else' });
  staff = await makeUser(ctx.app, { role: 'staff', restaurantId: rest.id });
});

const delivered = () => makeOrder(ctx.db, { userId: customer.id, restaurant: rest, status: 'delivered' });
const rate = (orderId: number, body: unknown, token: string | null = customer.token) =>
  client.post(ratingsPaths.order(orderId), body, { token });
const shown = async (r: RestaurantFixture) => {
  const res = await client.get(discoveryPaths.restaurant(r.id), { token: null });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ rating: number; rating_count: number }>();
  return { rating: body.rating, count: body.rating_count };
};
const listed = async (r: RestaurantFixture) => {
  const res = await client.get(discoveryPaths.restaurantList(12.9352, 77.6245), { token: null });
  expect(res.statusCode).toBe(200);
  const card = res
    .json<{ results: Array<{ id: number; rating: number; rating_count: number }> }>()
    .results.find((c) => c.id === r.id);
  return card && { rating: card.rating, count: card.rating_count };
};

/** What `probe` answers once it equals `expected` (PostgreSQL's notify reaches the caches a moment after commit). */
async function soon<T>(probe: () => Promise<T>, expected: T, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last = await probe();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    last = await probe();
  }
  expect(last).toEqual(expected);
}

describe('rating a delivered order', () => {
  it('records the stars, dish ratings and comment, and answers them on GET', async () => {
    const order = await delivered();
    const before = await client.get(ratingsPaths.order(order.id), { token: customer.token });
    expect(before.statusCode).toBe(200);
    expect(before.json<OrderRatingState>()).toMatchObject({
      order_id: order.id,
      can_rate: true,
      rating: null,
    });
    expect(
      before
        .json<OrderRatingState>()
        .items.map((i) => i.name)
        .sort(),
    ).toEqual(['Chicken Biryani', 'Paneer Tikka']);

    const res = await rate(order.id, {
      rating: 4,
      items: [{ menu_item_id: rest.itemIds[0], rating: 5 }],
      comment: '  Hot and fresh.\nThe biryani could be spicier.  ',
    });
    expect(res.statusCode).toBe(201);
    const state = res.json<OrderRatingState>();
    expect(state.can_rate).toBe(false);
    expect(state.rating).toMatchObject({
      rating: 4,
      comment: 'Hot and fresh.\nThe biryani could be spicier.',
      items: [{ menu_item_id: rest.itemIds[0], name: 'Paneer Tikka', rating: 5 }],
    });
    const again = await client.get(ratingsPaths.order(order.id), { token: customer.token });
    expect(again.json<OrderRatingState>().rating).toEqual(state.rating);
  });

  it('allows exactly one rating per order: a second answers 409 with a message', async () => {
    const order = await delivered();
    expect((await rate(order.id, { rating: 5 })).statusCode).toBe(201);
    const second = await rate(order.id, { rating: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'already_rated',
      message: 'You have already rated this order.',
    });
    const state = (
      await client.get(ratingsPaths.order(order.id), { token: customer.token })
    ).json<OrderRatingState>();
    expect(state.rating?.rating).toBe(5);
  });

  it('keeps one rating when two arrive at once', async () => {
    const order = await delivered();
    const answers = await Promise.all([rate(order.id, { rating: 2 }), rate(order.id, { rating: 3 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses an order that is not delivered yet, with a clear message', async () => {
    for (const status of ['placed', 'preparing', 'picked_up', 'cancelled'] as const) {
      const order = await makeOrder(ctx.db, { userId: customer.id, restaurant: rest, status });
      const state = (
        await client.get(ratingsPaths.order(order.id), { token: customer.token })
      ).json<OrderRatingState>();
      expect(state.can_rate).toBe(false);
      const res = await rate(order.id, { rating: 4 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'not_delivered',
        message: 'You can rate this order once it has been delivered.',
      });
    }
  });

  it('is for the customer who placed the order only', async () => {
    const order = await delivered();
    const signedOut = await rate(order.id, { rating: 4 }, null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ message: 'Please log in to continue.' });
    for (const token of [stranger.token, staff.token]) {
      const res = await rate(order.id, { rating: 4 }, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Order not found.' });
      expect((await client.get(ratingsPaths.order(order.id), { token })).statusCode).toBe(404);
    }
    expect((await client.get(ratingsPaths.order(order.id), { token: null })).statusCode).toBe(401);
    expect((await rate(999_999, { rating: 4 })).statusCode).toBe(404);
    // Nobody else's attempt used up the customer's one rating.
    expect((await rate(order.id, { rating: 4 })).statusCode).toBe(201);
  });

  it('answers 400 with a message for bad stars, dishes and comments, and records nothing', async () => {
    const order = await delivered();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /Rating must be a whole number of stars from 1 to 5/],
      [{ rating: 0 }, /Rating must be a whole number of stars from 1 to 5/],
      [{ rating: 6 }, /Rating must be a whole number of stars from 1 to 5/],
      [{ rating: 3.5 }, /Rating must be a whole number of stars from 1 to 5/],
      [{ rating: '4' }, /Rating must be a whole number of stars from 1 to 5/],
      [{ rating: 4, items: [{ menu_item_id: rest.itemIds[0], rating: 9 }] }, /Dish rating must be/],
      [
        {
          rating: 4,
          items: [
            { menu_item_id: rest.itemIds[0], rating: 4 },
            { menu_item_id: rest.itemIds[0], rating: 5 },
          ],
        },
        /Each dish can be rated once/,
      ],
      [
        { rating: 4, items: [{ menu_item_id: 2_000_000, rating: 4 }] },
        /Dish 2000000 is not part of this order/,
      ],
      [{ rating: 4, comment: 'x'.repeat(501) }, /Comment must be at most 500 characters/],
      [{ rating: 4, comment: 'bad\u0007bell' }, /Comment must not contain control characters/],
      [{ rating: 4, comment: 'nul\u0000' }, /Comment must not contain NUL/],
    ];
    for (const [body, message] of cases) {
      const res = await rate(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const state = (
      await client.get(ratingsPaths.order(order.id), { token: customer.token })
    ).json<OrderRatingState>();
    expect(state).toMatchObject({ can_rate: true, rating: null });
  });
});

describe("the restaurant's rating", () => {
  it('combines seeded votes (as a capped prior) with real ones, on the menu and in the list at once', async () => {
    const house = await makeRestaurant(ctx.db, { name: 'Prior Test Kitchen' });
    // The factory seeds 4.3 from 1,200 ratings.
    expect(await shown(house)).toEqual({ rating: 4.3, count: 1200 });
    expect(await listed(house)).toEqual({ rating: 4.3, count: 1200 });

    const first = await makeOrder(ctx.db, { userId: customer.id, restaurant: house, status: 'delivered' });
    expect((await rate(first.id, { rating: 1 })).statusCode).toBe(201);
    const afterOne = combinedRating({ rating: 4.3, count: 1200 }, { sum: 1, count: 1 });
    expect(afterOne).toEqual({ rating: 4, count: 1201 });
    await soon(() => shown(house), afterOne);
    await soon(() => listed(house), afterOne);

    const second = await makeOrder(ctx.db, { userId: stranger.id, restaurant: house, status: 'delivered' });
    expect((await rate(second.id, { rating: 5 }, stranger.token)).statusCode).toBe(201);
    // The seeded 4.3 is kept aside, not replaced by the moved average: (4.3×10 + 1 + 5) / 12.
    await soon(() => shown(house), { rating: 4.1, count: 1202 });
    await soon(() => listed(house), { rating: 4.1, count: 1202 });
  });

  it('is the plain average for a restaurant with no seeded votes', () => {
    expect(combinedRating({ rating: 0, count: 0 }, { sum: 9, count: 2 })).toEqual({ rating: 4.5, count: 2 });
    expect(combinedRating({ rating: 3.9, count: 4 }, { sum: 0, count: 0 })).toEqual({
      rating: 3.9,
      count: 4,
    });
  });
});

describe('favourite restaurants', () => {
  const list = async (token: string) => {
    const res = await client.get(favouritesPaths.list, { token });
    expect(res.statusCode).toBe(200);
    return res.json<FavouriteList>().results;
  };

  it('are hearted, listed newest first with what a card shows, and un-hearted (both idempotent)', async () => {
    const user = await makeUser(ctx.app);
    const other = await makeRestaurant(ctx.db, { name: 'Second Favourite' });
    expect(await list(user.token)).toEqual([]);

    const put = await client.put(favouritesPaths.one(rest.id), undefined, { token: user.token });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ restaurant_id: rest.id, favourite: true });
    expect(
      (await client.put(favouritesPaths.one(rest.id), undefined, { token: user.token })).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await client.put(favouritesPaths.one(other.id), undefined, { token: user.token });

    const hearted = await list(user.token);
    expect(hearted.map((r) => r.name)).toEqual(['Second Favourite', 'Rating Test House']);
    expect(hearted[1]).toMatchObject({ id: rest.id, area: 'Koramangala', cuisines: ['Biryani'] });
    expect(typeof hearted[1]!.rating).toBe('number');
    // Another customer's favourites are their own.
    expect(await list(stranger.token)).toEqual([]);

    const del = await client.delete(favouritesPaths.one(rest.id), { token: user.token });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ restaurant_id: rest.id, favourite: false });
    expect((await client.delete(favouritesPaths.one(rest.id), { token: user.token })).statusCode).toBe(200);
    expect((await list(user.token)).map((r) => r.id)).toEqual([other.id]);
  });

  it('need a signed-in customer, an existing restaurant and a valid id', async () => {
    const anon = await client.put(favouritesPaths.one(rest.id), undefined, { token: null });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ message: 'Please log in to continue.' });
    expect((await client.get(favouritesPaths.list, { token: null })).statusCode).toBe(401);
    expect((await client.delete(favouritesPaths.one(rest.id), { token: null })).statusCode).toBe(401);

    const missing = await client.put(favouritesPaths.one(1_999_999), undefined, { token: customer.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Restaurant not found.' });

    const bad = await client.put(favouritesPaths.one('abc'), undefined, { token: customer.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/Restaurant id must be a whole number/);
  });

  it('are refused without the CSRF pair', async () => {
    const res = await client.call('PUT', favouritesPaths.one(rest.id), {
      token: customer.token,
      noCsrf: true,
    });
    expect(res.statusCode).toBe(403);
  });

  it(`stop at ${FAVOURITES_MAX} per customer with a message`, async () => {
    const user = await makeUser(ctx.app);
    await ctx.db.query(
      `insert into favourites (user_id, restaurant_id)
       select $1, r.id from restaurants r order by r.id limit 1`,
      [user.id],
    );
    // Fill up to the limit with more restaurants than the test made: fake ones are cheap.
    const [city] = await ctx.db.query<{ id: number }>('select city_id as id from restaurants limit 1');
    await ctx.db.query(
      `insert into restaurants (slug, name, city_id, area, address, lat, lng, cuisines, rating, rating_count,
         cost_for_two, delivery_time_min, delivery_radius_m, open_minute, close_minute, image)
       select 'fav-cap-' || g, 'Cap ' || g, $1, 'Area', 'Street', 12.5, 77.5, '{Thali}', 4.0, 10, 30000, 30, 5000,
              0, 1440, '/images/r.webp'
         from generate_series(1, $2::int) g`,
      [city!.id, FAVOURITES_MAX],
    );
    await ctx.db.query(
      `insert into favourites (user_id, restaurant_id)
       select $1, id from restaurants where slug like 'fav-cap-%' order by id limit $2 - 1`,
      [user.id, FAVOURITES_MAX],
    );
    const [spare] = await ctx.db.query<{ id: number }>(
      `select id from restaurants r where not exists (select 1 from favourites f where f.user_id = $1 and f.restaurant_id = r.id)
        order by id limit 1`,
      [user.id],
    );
    const over = await client.put(favouritesPaths.one(spare!.id), undefined, { token: user.token });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: `You can keep up to ${FAVOURITES_MAX} favourite restaurants.`,
    });
    // Hearting one already kept still answers fine.
    const [kept] = await ctx.db.query<{ restaurant_id: number }>(
      'select restaurant_id from favourites where user_id = $1 limit 1',
      [user.id],
    );
    expect(
      (await client.put(favouritesPaths.one(kept!.restaurant_id), undefined, { token: user.token }))
        .statusCode,
    ).toBe(200);
  });
});
