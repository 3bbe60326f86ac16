// "The order reached the restaurant" is one rule: the staff list (SQL) shows exactly the orders the
// shared function admits, for every payment state, including a failed payment (which the live-orders
// page once admitted while the server did not).
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, reachedRestaurant, type PaymentStatus } from '../../src/shared/order-status.ts';
import { makeOrder, makeRestaurant, makeUser, type UserFixture } from './factories/index.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp();

let staff: UserFixture;
const cases: Array<{ id: number; paid_at: Date | null; payment_status: PaymentStatus }> = [];

beforeAll(async () => {
  const restaurant = await makeRestaurant(ctx.db, { name: 'One Rule Kitchen' });
  const customer = await makeUser(ctx.app);
  staff = await makeUser(ctx.app, { role: 'staff', restaurantId: restaurant.id });
  for (const payment_status of PAYMENT_STATUSES) {
    for (const paid_at of [null, new Date()]) {
      const { id } = await makeOrder(ctx.db, { userId: customer.id, restaurant, paid: false });
      await ctx.db.query(`update orders set payment_status = $2, paid_at = $3 where id = $1`, [
        id,
        payment_status,
        paid_at,
      ]);
      cases.push({ id, paid_at, payment_status });
    }
  }
});

describe('an order reaches the restaurant', () => {
  it('the staff list and the shared rule agree on every payment state', async () => {
    const res = await ctx.client.get('/api/v1/orders/restaurant/?limit=50&offset=0&delivery_status=', {
      token: staff.token,
    });
    expect(res.statusCode).toBe(200);
    const listed = res
      .json<{ results: Array<{ id: number }> }>()
      .results.map((o) => o.id)
      .sort((a, b) => a - b);
    const admitted = cases
      .filter((o) => reachedRestaurant(o))
      .map((o) => o.id)
      .sort((a, b) => a - b);
    expect(listed).toEqual(admitted);
    // The edge that differed: a failed payment with no paid_at is not an order for the kitchen.
    expect(reachedRestaurant({ paid_at: null, payment_status: 'failed' })).toBe(false);
    expect(admitted.length).toBe(6); // paid_at set (4), and paid or refunded without it (2)
  });
});
