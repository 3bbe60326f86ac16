// Reorder (issue 16): a past order's dishes go back in the cart with their choices and quantities at
// today's menu, and the answer says what changed since: a repriced dish (in the cart at its price now),
// an unavailable one and one whose choices are gone (both left out). Another restaurant's cart is
// replaced only when the customer says so; only the customer's own orders can be reordered.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CART_ERROR_CODES,
  reorderResponseSchema,
  type CreateOrderResponse,
} from '../../src/shared/api/checkout.ts';
import { makeCheckoutFixture, makePizza, makeUser, type CheckoutFixture } from './factories/index.ts';
import { setupApp, type TestClient, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;
/** Restaurant 1's pizza: Size (Regular +0, Large +₹300), required. */
let pizza: number;
let large: number;

beforeAll(async () => {
  ctx = await setupApp({
    seed: async (db) => {
      f = await makeCheckoutFixture(db);
      const dish = await makePizza(db, { restaurantId: f.r1 });
      pizza = dish.id;
      large = dish.options['Large']!;
    },
  });
});

async function customer(): Promise<TestClient> {
  const c = ctx.client.fork();
  c.token = (await makeUser(ctx.app)).token;
  return c;
}

/** A placed (unpaid) order of 2 biryani, 1 paneer and 1 large pizza; the cart is emptied afterwards. */
async function pastOrder(c: TestClient): Promise<number> {
  for (const body of [
    { item: f.biryani, quantity: 2 },
    { item: f.paneer, quantity: 1 },
    { item: pizza, quantity: 1, options: [large] },
  ]) {
    expect((await c.post('/api/v1/checkout/add/', body)).statusCode).toBe(200);
  }
  const res = await c.post('/api/v2/orders/createorder/', {
    address: { address: '80 Feet Road, Koramangala', flat: '4B', ...f.near },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The cart is emptied when the order is paid; this one never is.
  await emptyCart(c);
  return res.json<CreateOrderResponse>().order.id;
}

const reorder = (c: TestClient, body: Record<string, unknown>) => c.post('/api/v1/checkout/reorder/', body);

async function emptyCart(c: TestClient) {
  for (const item of [f.biryani, f.paneer, pizza, f.dosa]) await c.delete(`/api/v1/checkout/delete/${item}`);
}

describe('reorder', () => {
  it('puts every dish back with its quantity and choices, and says nothing changed', async () => {
    const c = await customer();
    const orderId = await pastOrder(c);
    const res = await reorder(c, { order_id: orderId });
    expect(res.statusCode, res.body).toBe(200);
    const body = reorderResponseSchema.parse(res.json());
    expect(body.reorder).toEqual({ added: 3, warnings: [] });
    expect(body.cart_items.map((i) => [i.id, i.quantity, i.choices, i.price])).toEqual(
      expect.arrayContaining([
        [f.biryani, 2, [], 25000],
        [f.paneer, 1, [], 18000],
        [pizza, 1, ['Large'], 59900],
      ]),
    );
  });

  it('says which dish was repriced, which is unavailable and whose choices are gone', async () => {
    const c = await customer();
    const orderId = await pastOrder(c);
    await ctx.db.query('update menu_items set price = 27000 where id = $1', [f.biryani]);
    await ctx.db.query('update menu_items set in_stock = false where id = $1', [f.paneer]);
    await ctx.db.query('update item_options set in_stock = false where id = $1', [large]);
    try {
      const body = reorderResponseSchema.parse((await reorder(c, { order_id: orderId })).json());
      expect(body.reorder.added).toBe(1);
      expect(body.reorder.warnings).toEqual(
        expect.arrayContaining([
          { kind: 'price', item: f.biryani, options: [], name: 'Chicken Biryani', from: 25000, to: 27000 },
          { kind: 'unavailable', item: f.paneer, options: [], name: 'Paneer Tikka' },
          { kind: 'choices', item: pizza, options: [large], name: 'Farmhouse Pizza (Large)' },
        ]),
      );
      expect(body.reorder.warnings).toHaveLength(3);
      // In the cart at today's price; the others left out.
      expect(body.cart_items.map((i) => [i.id, i.quantity, i.price])).toEqual([[f.biryani, 2, 27000]]);
    } finally {
      await ctx.db.query('update menu_items set price = 25000 where id = $1', [f.biryani]);
      await ctx.db.query('update menu_items set in_stock = true where id = $1', [f.paneer]);
      await ctx.db.query('update item_options set in_stock = true where id = $1', [large]);
    }
  });

  it("asks before replacing another restaurant's cart, and replaces it when told to", async () => {
    const c = await customer();
    const orderId = await pastOrder(c);
    expect((await c.post('/api/v1/checkout/add/', { item: f.dosa, quantity: 1 })).statusCode).toBe(200);
    const asked = await reorder(c, { order_id: orderId });
    expect(asked.statusCode).toBe(409);
    expect(asked.json<{ code: string }>().code).toBe(CART_ERROR_CODES.storeConflict);
    const cart = await c.get('/api/v1/checkout/');
    expect(cart.json<{ cart_items: { id: number }[] }>().cart_items.map((i) => i.id)).toEqual([f.dosa]);

    const replaced = reorderResponseSchema.parse(
      (await reorder(c, { order_id: orderId, replace: true })).json(),
    );
    expect(replaced.reorder.added).toBe(3);
    expect(replaced.cart_items.map((i) => i.id).sort()).toEqual([f.biryani, f.paneer, pizza].sort());
  });

  it('refuses with a message when nothing can be ordered, leaving the cart as it was', async () => {
    const c = await customer();
    const orderId = await pastOrder(c);
    await emptyCart(c);
    await ctx.db.query('update menu_items set in_stock = false where id = any($1)', [
      [f.biryani, f.paneer, pizza],
    ]);
    try {
      const res = await reorder(c, { order_id: orderId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: CART_ERROR_CODES.nothingToReorder,
        message: 'None of the dishes of this order can be ordered now.',
      });
      expect((await c.get('/api/v1/checkout/')).json<{ cart_items: unknown[] }>().cart_items).toEqual([]);
    } finally {
      await ctx.db.query('update menu_items set in_stock = true where id = any($1)', [
        [f.biryani, f.paneer, pizza],
      ]);
    }
  });

  it("reorders only the customer's own orders, and only when signed in", async () => {
    const owner = await customer();
    const orderId = await pastOrder(owner);
    const other = await customer();
    const res = await reorder(other, { order_id: orderId });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('Order not found.');
    const anonymous = await reorder(ctx.client.fork(), { order_id: orderId });
    expect(anonymous.statusCode).toBe(401);
    expect((await reorder(owner, { order_id: 'x' })).statusCode).toBe(400);
  });
});
