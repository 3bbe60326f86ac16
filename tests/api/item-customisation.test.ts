// Item customisation (issue 16): the menu carries a dish's variant and add-on groups; add-to-cart and
// createorder both enforce them (a required choice missing, too many add-ons, an option of another
// dish or one that left the menu is refused with a message); one dish with different choices is two
// cart lines, each priced with its options; the order, the staff view and the customer's history keep
// the names of the choices.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, CreateOrderResponse } from '../../src/shared/api/checkout.ts';
import type { RestaurantDetail } from '../../src/shared/api/discovery.ts';
import type { OrderDetails } from '../../src/shared/api/orders.ts';
import { makeCheckoutFixture, makePizza, makeUser, type CheckoutFixture } from './factories/index.ts';
import { setupApp, type TestClient, type TestContext } from './helper.ts';

let ctx: TestContext;
let f: CheckoutFixture;
/** A pizza of restaurant 1: Size (Regular +0, Large +₹300, required) and Toppings (up to 2). */
let pizza: number;
const o = { regular: 0, large: 0, cheese: 0, olives: 0, jalapenos: 0, mushrooms: 0 };

beforeAll(async () => {
  ctx = await setupApp({
    seed: async (db) => {
      f = await makeCheckoutFixture(db);
      const dish = await makePizza(db, {
        restaurantId: f.r1,
        addons: [
          {
            name: 'Toppings',
            kind: 'addon',
            min: 0,
            max: 2,
            options: [
              { name: 'Extra cheese', price: 6000 },
              { name: 'Olives', price: 4000 },
              { name: 'Jalapeños', price: 4000, inStock: false },
              { name: 'Mushrooms', price: 5000 },
            ],
          },
        ],
      });
      pizza = dish.id;
      o.regular = dish.options['Regular']!;
      o.large = dish.options['Large']!;
      o.cheese = dish.options['Extra cheese']!;
      o.olives = dish.options['Olives']!;
      o.jalapenos = dish.options['Jalapeños']!;
      o.mushrooms = dish.options['Mushrooms']!;
    },
  });
});

async function customer(): Promise<TestClient> {
  const c = ctx.client.fork();
  c.token = (await makeUser(ctx.app)).token;
  return c;
}

const add = (c: TestClient, body: Record<string, unknown>) =>
  c.post('/api/v1/checkout/add/', { item: pizza, quantity: 1, ...body });

const address = () => ({
  address: '80 Feet Road, Koramangala',
  flat: '4B',
  latitude: f.near.latitude,
  longitude: f.near.longitude,
});

describe('the menu', () => {
  it('carries the groups of a dish with choices, in menu order, and nothing for a plain dish', async () => {
    const menu = (await ctx.client.get(`/api/v1/restaurant/${f.r1}/`)).json<RestaurantDetail>();
    const items = menu.categories.flatMap((c) => c.items);
    const p = items.find((i) => i.id === pizza)!;
    expect(p.option_groups).toEqual([
      {
        id: expect.any(Number),
        name: 'Size',
        kind: 'variant',
        min: 1,
        max: 1,
        options: [
          { id: o.regular, name: 'Regular', price: 0, in_stock: true },
          { id: o.large, name: 'Large', price: 30000, in_stock: true },
        ],
      },
      {
        id: expect.any(Number),
        name: 'Toppings',
        kind: 'addon',
        min: 0,
        max: 2,
        options: [
          { id: o.cheese, name: 'Extra cheese', price: 6000, in_stock: true },
          { id: o.olives, name: 'Olives', price: 4000, in_stock: true },
          { id: o.jalapenos, name: 'Jalapeños', price: 4000, in_stock: false },
          { id: o.mushrooms, name: 'Mushrooms', price: 5000, in_stock: true },
        ],
      },
    ]);
    expect(items.find((i) => i.id === f.biryani)).not.toHaveProperty('option_groups');
  });
});

describe('add to cart', () => {
  it.each([
    ['no size', [], 'Choose a size for Farmhouse Pizza.'],
    ['two sizes', ['regular', 'large'], 'Choose at most one size for Farmhouse Pizza.'],
    [
      'three toppings',
      ['large', 'cheese', 'olives', 'mushrooms'],
      'Choose at most 2 toppings for Farmhouse Pizza.',
    ],
    ['an unavailable topping', ['large', 'jalapenos'], 'Jalapeños is not available right now. Choose again.'],
  ] as const)('refuses %s with 400 and a message, the cart unchanged', async (_, picked, message) => {
    const c = await customer();
    const res = await add(c, { options: picked.map((k) => o[k]) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'item_choices_invalid', message });
    expect((await c.get('/api/v1/checkout/')).json<CartResponse>().cart_items).toEqual([]);
  });

  it("refuses another dish's option and an option id that does not exist", async () => {
    const c = await customer();
    // An option of the pizza sent with the biryani (a dish without choices).
    const wrongDish = await c.post('/api/v1/checkout/add/', {
      item: f.biryani,
      quantity: 1,
      options: [o.cheese],
    });
    expect(wrongDish.statusCode).toBe(400);
    expect(wrongDish.json<{ message: string }>().message).toBe(
      'Some choices for Chicken Biryani are no longer on the menu. Choose again.',
    );
    const unknown = await add(c, { options: [o.large, 99_999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ code: string }>().code).toBe('item_choices_invalid');
  });

  it('keeps one dish with different choices as separate lines, each priced with its options', async () => {
    const c = await customer();
    expect((await add(c, { options: [o.regular] })).statusCode).toBe(200);
    // Options in any order and repeated name the same line.
    expect((await add(c, { options: [o.olives, o.large, o.cheese, o.olives], quantity: 2 })).statusCode).toBe(
      200,
    );
    const cart = (await add(c, { options: [o.cheese, o.large, o.olives], quantity: 3 })).json<CartResponse>();
    expect(cart.cart_items.map((i) => [i.choices, i.price, i.quantity, i.line_total])).toEqual([
      [['Regular'], 29900, 1, 29900],
      [['Large', 'Extra cheese', 'Olives'], 29900 + 30000 + 6000 + 4000, 3, 69900 * 3],
    ]);
    expect(cart.cart_items[1]!.options).toEqual([o.large, o.cheese, o.olives].sort((a, b) => a - b));
    expect(cart.cart_meta!.item_total).toBe(29900 + 69900 * 3);

    // Quantity 0 removes only the line with those choices.
    const after = (await add(c, { options: [o.regular], quantity: 0 })).json<CartResponse>();
    expect(after.cart_items.map((i) => i.choices)).toEqual([['Large', 'Extra cheese', 'Olives']]);
  });
});

describe('createorder', () => {
  it('carries the choices and their prices onto the order, the staff list and the history', async () => {
    const c = await customer();
    await add(c, { options: [o.large, o.mushrooms] });
    await add(c, { options: [o.regular], quantity: 2 });
    const res = await c.post('/api/v2/orders/createorder/', { address: address() });
    expect(res.statusCode).toBe(201);
    const created = res.json<CreateOrderResponse>();
    expect(created.order.item_total).toBe(29900 + 30000 + 5000 + 29900 * 2);
    expect(
      created.order.items
        .map((i) => [i.name, i.choices, i.price, i.quantity])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      ['Farmhouse Pizza', ['Large', 'Mushrooms'], 64900, 1],
      ['Farmhouse Pizza', ['Regular'], 29900, 2],
    ]);

    const details = (await c.get(`/api/v1/orders/details/id/${created.order.id}/`)).json<OrderDetails>();
    expect(details.order.items.map((i) => i.choices).sort()).toEqual([['Large', 'Mushrooms'], ['Regular']]);
  });

  it('refuses with 409 when a chosen option left the menu or a required group appeared since', async () => {
    const c = await customer();
    await add(c, { options: [o.large, o.olives] });
    await ctx.db.query('update item_options set in_stock = false where id = $1', [o.olives]);
    try {
      const res = await c.post('/api/v2/orders/createorder/', { address: address() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'item_choices_invalid',
        message: 'Olives is not available right now. Choose again.',
      });
    } finally {
      await ctx.db.query('update item_options set in_stock = true where id = $1', [o.olives]);
    }
    const [{ n } = { n: -1 }] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from orders o join order_items i on i.order_id = o.id
        where i.menu_item_id = $1 and $2 = any(i.options)`,
      [pizza, o.olives],
    );
    expect(n).toBe(0);
  });
});
