// Placed orders written straight into the database, as the checkout's createorder + paymentsuccess
// would leave them: two dishes (2 × the restaurant's first, 1 × its second), ₹890 to pay.
import type { Db } from '../../../src/server/db/index.ts';
import { publishOrderEvent } from '../../../src/server/realtime/order-events.ts';
import type { OrderStatus } from '../../../src/shared/order-status.ts';
import type { RestaurantFixture } from './restaurants.ts';
import { uniq } from './unique.ts';

export interface OrderOptions {
  userId: number;
  /** The order's dishes are the first two of `itemIds`. */
  restaurant: Pick<RestaurantFixture, 'id' | 'itemIds'>;
  paid?: boolean;
  status?: OrderStatus;
  createdAt?: Date;
  /** The customer's cooking and delivery instructions ('' when left out). */
  instructions?: { cooking?: string; delivery?: string };
  /** A coupon the order holds (reserved: it counts towards the coupon's limits). */
  coupon?: { code: string; discount: number };
  /** Publish order.created as the checkout does on payment. */
  publish?: boolean;
}

export interface OrderFixture {
  id: number;
  orderNumber: string;
}

/** A placed order; paid unless told otherwise (through the sandbox provider: payment row + paid_at). */
export async function makeOrder(db: Db, o: OrderOptions): Promise<OrderFixture> {
  const paid = o.paid ?? true;
  const orderNumber = `OD${uniq().toUpperCase()}`;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into orders (order_number, user_id, restaurant_id, delivery_address, item_total, packaging,
         delivery_fee, taxes, to_pay, status, payment_status, paid_at, created_at, updated_at,
         cooking_instructions, delivery_instructions, coupon_code, coupon_discount, coupon_reserved)
       values ($1, $2, $3, $4, 80000, 2000, 3000, 4000, 89000, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13)
       returning id`,
      [
        orderNumber,
        o.userId,
        o.restaurant.id,
        JSON.stringify({
          address: '12, 5th Cross, Koramangala',
          flat: '4B',
          landmark: 'Near the park',
          latitude: 12.9279,
          longitude: 77.6271,
        }),
        o.status ?? 'placed',
        paid ? 'paid' : 'pending',
        paid ? (o.createdAt ?? new Date()) : null,
        o.createdAt ?? new Date(),
        o.instructions?.cooking ?? '',
        o.instructions?.delivery ?? '',
        o.coupon?.code ?? null,
        o.coupon?.discount ?? 0,
        o.coupon !== undefined,
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
