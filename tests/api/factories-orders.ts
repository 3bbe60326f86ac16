// Test data for the orders tests: a city, restaurants with menus, customers and staff, and paid orders
// written straight into the database (as the checkout's createorder + paymentsuccess would leave them).
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../src/server/db/index.ts';
import { publishOrderEvent } from '../../src/server/realtime/order-events.ts';
import type { OrderStatus } from '../../src/shared/order-status.ts';
import type { App } from '../../src/server/app.ts';

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(++seq).toString(36)}${randomBytes(2).toString('hex')}`;

export interface RestaurantFixture {
  id: number;
  itemIds: number[];
}

export async function makeRestaurant(
  db: Queryable,
  over: { name?: string; lat?: number; lng?: number } = {},
): Promise<RestaurantFixture> {
  const slug = `city-${uniq()}`;
  const [city] = await db.query<{ id: number }>(
    `insert into cities (slug, name, state, lat, lng) values ($1, 'Bengaluru', 'Karnataka', 12.97, 77.59)
     returning id`,
    [slug],
  );
  const [r] = await db.query<{ id: number }>(
    `insert into restaurants (slug, name, city_id, area, address, lat, lng, cuisines, rating, rating_count,
       cost_for_two, delivery_time_min, delivery_radius_m, open_minute, close_minute, image)
     values ($1, $2, $3, 'Koramangala', '80 Feet Road', $4, $5, '{Biryani}', 4.3, 1200, 50000, 35, 7000,
       0, 1440, '/images/r.webp') returning id`,
    [`rest-${uniq()}`, over.name ?? 'Meghana Test House', city!.id, over.lat ?? 12.9352, over.lng ?? 77.6245],
  );
  const [cat] = await db.query<{ id: number }>(
    `insert into menu_categories (restaurant_id, name, position) values ($1, 'Mains', 1) returning id`,
    [r!.id],
  );
  const items = await db.query<{ id: number }>(
    `insert into menu_items (restaurant_id, category_id, name, price, is_veg, position) values
       ($1, $2, 'Paneer Tikka', 24000, true, 1), ($1, $2, 'Chicken Biryani', 32000, false, 2)
     returning id`,
    [r!.id, cat!.id],
  );
  return { id: r!.id, itemIds: items.map((i) => i.id) };
}

export interface UserFixture {
  id: number;
  token: string;
  phone: string;
}

function phone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export async function makeUser(
  app: App,
  over: { role?: 'customer' | 'staff'; restaurantId?: number; name?: string } = {},
): Promise<UserFixture> {
  const role = over.role ?? 'customer';
  const p = phone();
  const [u] = await app.db.query<{ id: number }>(
    `insert into users (phone_number, name, email, password_hash, role, restaurant_id)
     values ($1, $2, $3, 'x', $4, $5) returning id`,
    [
      p,
      over.name ?? (role === 'staff' ? 'Ravi Kumar' : 'Asha Rao'),
      `${p}@example.com`,
      role,
      over.restaurantId ?? null,
    ],
  );
  const token = await app.tokens.sign({
    userId: u!.id,
    role,
    restaurantId: role === 'staff' ? (over.restaurantId ?? null) : null,
  });
  return { id: u!.id, token, phone: p };
}

export interface OrderOptions {
  userId: number;
  restaurant: RestaurantFixture;
  paid?: boolean;
  status?: OrderStatus;
  createdAt?: Date;
  delivery?: { lat: number; lng: number };
  /** The customer's cooking and delivery instructions ('' when left out). */
  instructions?: { cooking?: string; delivery?: string };
  /** Publish order.created as the checkout does on payment. */
  publish?: boolean;
}

/** A placed order with two items; paid unless told otherwise (payment row + paid_at). */
export async function makeOrder(db: Db, o: OrderOptions): Promise<{ id: number; orderNumber: string }> {
  const paid = o.paid ?? true;
  const orderNumber = `OD${uniq().toUpperCase()}`;
  const delivery = o.delivery ?? { lat: 12.9279, lng: 77.6271 };
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into orders (order_number, user_id, restaurant_id, delivery_address, item_total, packaging,
         delivery_fee, taxes, to_pay, status, payment_status, paid_at, created_at, updated_at,
         cooking_instructions, delivery_instructions)
       values ($1, $2, $3, $4, 80000, 2000, 3000, 4000, 89000, $5, $6, $7, $8, $8, $9, $10) returning id`,
      [
        orderNumber,
        o.userId,
        o.restaurant.id,
        JSON.stringify({
          address: '12, 5th Cross, Koramangala',
          flat: '4B',
          landmark: 'Near the park',
          latitude: delivery.lat,
          longitude: delivery.lng,
        }),
        o.status ?? 'placed',
        paid ? 'paid' : 'pending',
        paid ? (o.createdAt ?? new Date()) : null,
        o.createdAt ?? new Date(),
        o.instructions?.cooking ?? '',
        o.instructions?.delivery ?? '',
      ],
    );
    const id = row!.id;
    await tx.query(
      `insert into order_items (order_id, menu_item_id, name, price, quantity, is_veg) values
         ($1, $2, 'Paneer Tikka', 24000, 2, true), ($1, $3, 'Chicken Biryani', 32000, 1, false)`,
      [id, o.restaurant.itemIds[0], o.restaurant.itemIds[1]],
    );
    if (paid) {
      // Paid through the sandbox provider: its own records and ours agree, so refunds go through.
      const providerOrderId = `order_${uniq()}`;
      const providerPaymentId = `pay_${uniq()}`;
      await tx.query(
        `insert into sandbox_orders (id, amount, currency, receipt) values ($1, 89000, 'INR', $2)`,
        [providerOrderId, orderNumber],
      );
      await tx.query(
        `insert into sandbox_payments (id, order_id, amount, currency, status) values ($1, $2, 89000, 'INR', 'captured')`,
        [providerPaymentId, providerOrderId],
      );
      const [payment] = await tx.query<{ id: number }>(
        `insert into payments (order_id, provider, provider_payment_id, amount, method, status)
         values ($1, 'sandbox', $2, 89000, 'card', 'paid') returning id`,
        [id, providerPaymentId],
      );
      await tx.query('update orders set payment_id = $2, provider_order_id = $3 where id = $1', [
        id,
        payment!.id,
        providerOrderId,
      ]);
    }
    if (o.publish && paid) {
      await publishOrderEvent(tx, {
        type: 'order.created',
        orderId: id,
        restaurantId: o.restaurant.id,
        userId: o.userId,
      });
    }
    return { id, orderNumber };
  });
}
