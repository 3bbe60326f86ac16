// One delivery rule at the edge of a radius: the list, the menu's "delivers here" check, the cart's bill
// and order creation give the same answer for a point a fraction of a metre inside or outside. They
// once used three formulas (a rounded and an unrounded distance, two Earth radii) and disagreed there.
import { beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '../../src/shared/api/checkout.ts';
import { restaurantListResponseSchema } from '../../src/shared/api/discovery.ts';
import { discoveryPaths } from '../../src/shared/api/paths.ts';
import { haversineMeters, type LatLng } from '../../src/shared/geo.ts';
import { makeCheckoutFixture, makeUser, type CheckoutFixture } from './factories/index.ts';
import { setupApp, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;
const RESTAURANT = { lat: 12.9352, lng: 77.6245 }; // restaurant 1 of the checkout fixture
const RADIUS_M = 7000;

beforeAll(async () => {
  ctx = await setupApp({ seed: async (db) => (f = await makeCheckoutFixture(db)) });
});

/** A point north of the restaurant, on the 5-decimal grid the rule uses, whose exact distance is in [from, to). */
function pointAt(from: number, to: number): LatLng {
  for (let i = 6200; i < 6400; i++) {
    for (let j = 0; j < 200; j++) {
      const p = {
        lat: Math.round(RESTAURANT.lat * 1e5 + i) / 1e5,
        lng: Math.round(RESTAURANT.lng * 1e5 + j) / 1e5,
      };
      const d = haversineMeters(p, RESTAURANT);
      if (d >= from && d < to) return p;
    }
  }
  throw new Error(`no grid point between ${from} and ${to} m`);
}

async function answers(p: LatLng) {
  const list = restaurantListResponseSchema.parse(
    (await ctx.client.get(discoveryPaths.restaurantList(p.lat, p.lng))).json(),
  );
  const allowed = (await ctx.client.get(discoveryPaths.allowedLatLng(p.lat, p.lng, f.r1))).json<{
    status: boolean;
  }>();
  const c = ctx.client.fork();
  c.token = (await makeUser(ctx.app)).token;
  expect((await c.post('/api/v1/checkout/add/', { item: f.biryani, quantity: 1 })).statusCode).toBe(200);
  const cart = cartResponseSchema.parse((await c.get(`/api/v1/checkout/?lat=${p.lat}&lng=${p.lng}`)).json());
  const order = await c.post('/api/v2/orders/createorder/', {
    address: { address: 'Edge Road', flat: '1', landmark: '', latitude: p.lat, longitude: p.lng },
  });
  return {
    listed: list.results.some((r) => r.id === f.r1),
    allowed: allowed.status,
    priced: cart.cart_info?.distance_m !== null,
    ordered: order.statusCode === 201,
    refusal: order.statusCode === 201 ? null : order.json<{ code: string }>().code,
  };
}

describe('the delivery radius edge', () => {
  it('a point 0.1 to 0.5 m beyond the radius (rounding to it) delivers everywhere', async () => {
    const inside = pointAt(RADIUS_M + 0.1, RADIUS_M + 0.5);
    expect(await answers(inside)).toEqual({
      listed: true,
      allowed: true,
      priced: true,
      ordered: true,
      refusal: null,
    });
  });

  it('a point rounding to one metre beyond the radius is refused everywhere', async () => {
    const outside = pointAt(RADIUS_M + 0.5, RADIUS_M + 1.5);
    expect(await answers(outside)).toEqual({
      listed: false,
      allowed: false,
      priced: false,
      ordered: false,
      refusal: 'address_out_of_range',
    });
  });
});
