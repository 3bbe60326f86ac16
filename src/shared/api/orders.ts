// The orders API contract (customer orders, payments, tracking, staff live orders, websockets):
// zod schemas and types shared by the server routes and the client.
import { z } from './zod.ts';
import { LEDGER_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, PREP_TIME_LIMITS } from '../order-status.ts';
import { pageSchema } from './errors.ts';
import { boundedNumber, idParamSchema, text, textCheck } from './fields.ts';

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const pointSchema = z.object({ lat: z.number(), lng: z.number() });
export type Point = z.infer<typeof pointSchema>;

export const orderItemSchema = z.object({
  menu_item_id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  is_veg: z.boolean(),
  /** The customisation it was ordered with, e.g. ["Full", "Extra raita"] (absent: none). */
  choices: z.array(z.string()).optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderRestaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  area: z.string(),
  image: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const deliveryPointSchema = z.object({
  address: z.string(),
  flat: z.string(),
  landmark: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

/** One order as lists, details and websocket messages show it. Money in paise, times ISO 8601. */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  refund_pending: z.boolean(),
  restaurant: orderRestaurantSchema,
  items: z.array(orderItemSchema),
  item_count: z.number().int(),
  amount: z.number().int(),
  bill: z.object({
    item_total: z.number().int(),
    packaging: z.number().int(),
    delivery_fee: z.number().int(),
    taxes: z.number().int(),
    coupon_code: z.string().nullable(),
    coupon_discount: z.number().int(),
    /** The rider's tip, passed on in full (part of to_pay). */
    tip: z.number().int(),
    to_pay: z.number().int(),
  }),
  customer_name: z.string(),
  /** The customer's phone, for the kitchen to call ('' when none). */
  customer_phone: z.string(),
  delivery_address: deliveryPointSchema,
  /** What the customer asked of the kitchen and the rider ('' when nothing). */
  instructions: z.object({ cooking: z.string(), delivery: z.string() }),
  /** The delivery slot the customer chose (ISO 8601); null: deliver now. */
  scheduled_for: z.string().nullable(),
  /**
   * When the kitchen should start a scheduled order: scheduled_for minus the restaurant's delivery
   * time (src/shared/schedule-slots.ts prepareAt). Until then it waits apart and does not ring.
   */
  prepare_at: z.string().nullable(),
  date: z.string(),
  prep_time_min: z.number().int().nullable(),
  reject_reason: z.string().nullable(),
  eta: z.string().nullable(),
  placed_at: z.string(),
  paid_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  preparing_at: z.string().nullable(),
  ready_at: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  updated_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderPageSchema = pageSchema(orderSummarySchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** {id} of an order in a path: 1-10 digits within the database's integer range. */
export const orderIdParamsSchema = z.object({ id: idParamSchema('Order id') });

/** {orderNumber} in a path (e.g. "OD1A2B3C"). */
export const orderNumberParamsSchema = z.object({
  orderNumber: text({ label: 'Order number', min: 1, max: 64 }),
});

/**
 * A signed, expiring link to one order's bare status page (/m/{id}?t=<token>), minted for the order's
 * customer to share or send by SMS: it shows that order's status to anyone holding it, without
 * signing in, until expires_at (ISO 8601).
 */
export const statusLinkSchema = z.object({ path: z.string(), expires_at: z.string() });
export type StatusLink = z.infer<typeof statusLinkSchema>;

/**
 * How an order is being paid: the payment that paid it, else its newest attempt. method: card, upi,
 * ...; vpa: the UPI ID, masked (pr***@okhdfc); status `pending`: a UPI request waiting for the
 * customer's approval in their UPI app until expires_at (null when the provider does not say).
 */
export const orderPaymentSchema = z.object({
  method: z.string(),
  vpa: z.string().nullable(),
  status: z.enum(LEDGER_STATUSES),
  expires_at: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/**
 * GET /api/v1/orders/details/{orderNumber}/ and details/id/{id}/ answer {order, status_link, payment};
 * POST /api/v1/orders/check-payment/{id}/ answers the same after asking the payment provider about an
 * unpaid order's payments (a lost webhook or a closed app never leaves a paid order unpaid).
 */
export const orderDetailsSchema = z.object({
  order: orderSummarySchema,
  status_link: statusLinkSchema,
  payment: orderPaymentSchema.nullable().optional(),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

export const courierSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  updated_at: z.string(),
});
export type Courier = z.infer<typeof courierSchema>;

export const timelineStepSchema = z.object({
  status: orderStatusSchema,
  label: z.string(),
  at: z.string().nullable(),
  done: z.boolean(),
  current: z.boolean(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

/** GET /api/v1/orders/tracking/{id}/ */
export const trackingSchema = z.object({
  order: orderSummarySchema,
  timeline: z.array(timelineStepSchema),
  eta: z.string().nullable(),
  restaurant_point: pointSchema.extend({ name: z.string() }),
  delivery_point: pointSchema.extend({ address: z.string() }).nullable(),
  courier: courierSchema.nullable(),
  status_link: statusLinkSchema,
});
export type Tracking = z.infer<typeof trackingSchema>;

/** ?t=<token> of a status link; anything but a valid, unexpired token for that order answers 404. */
export const statusTokenQuerySchema = z.object({ t: z.string().max(256).default('') });

/**
 * GET /api/v1/orders/status/{id}/?t=<token> (no sign-in): only what the status page shows. No
 * address, items, amounts or names: the link may be forwarded.
 */
export const publicOrderStatusSchema = z.object({
  order: z.object({
    id: z.number().int(),
    order_number: z.string(),
    status: orderStatusSchema,
    restaurant_name: z.string(),
    updated_at: z.string(),
  }),
  timeline: z.array(timelineStepSchema),
  eta: z.string().nullable(),
  expires_at: z.string(),
});
export type PublicOrderStatus = z.infer<typeof publicOrderStatusSchema>;

/** GET /api/v1/orders/get-order-location/{id}/ */
export const orderLocationSchema = z.object({
  order_id: z.number().int(),
  status: orderStatusSchema,
  courier: courierSchema.nullable(),
});
export type OrderLocation = z.infer<typeof orderLocationSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  restaurant_name: z.string(),
  amount: z.number().int(),
  method: z.string(),
  /** The UPI ID of a UPI payment, masked (pr***@okhdfc); null otherwise. */
  vpa: z.string().nullable().optional(),
  status: z.enum(LEDGER_STATUSES),
  date: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentPageSchema = pageSchema(paymentSchema);
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** A calendar day the database can store: YYYY-MM-DD, a real date (no 30 February), years 1900-9999. */
const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900';
  }, 'Not a real date');

/**
 * GET /api/v1/orders/restaurant/ (staff). delivery_status: empty for every status, `active` for every
 * status that is not final (the console's board, up to 100 at once); q: an order number or phone.
 */
export const restaurantOrdersQuerySchema = pageQuerySchema
  .extend({
    limit: z.coerce.number().int().min(1).max(100).default(10),
    delivery_status: z.union([z.literal(''), z.literal('active'), orderStatusSchema]).default(''),
    startDate: ymd.optional(),
    endDate: ymd.optional(),
    q: text({ label: 'Search', min: 1, max: 40 }).optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  });
export type RestaurantOrdersQuery = z.input<typeof restaurantOrdersQuerySchema>;

/** The staff list's page, with the totals of every order matching its filters (revenue in paise). */
export const restaurantOrderPageSchema = orderPageSchema.extend({
  totals: z.object({ orders: z.number().int(), revenue: z.number().int() }),
});
export type RestaurantOrderPage = z.infer<typeof restaurantOrderPageSchema>;

/** POST /api/v1/orders/restaurant/{id}/status/ (staff) */
export const statusChangeSchema = z.object({
  status: orderStatusSchema,
  prep_time_min: z.number().int().min(PREP_TIME_LIMITS.min).max(PREP_TIME_LIMITS.max).optional(),
  reason: textCheck(z.string().trim().min(3, 'Give a reason of at least 3 characters').max(300), 'Reason', {
    multiline: true,
  }).optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** POST /api/v1/orders/{id}/courier-location/ (staff, while picked_up) */
export const courierLocationSchema = z.object({
  lat: boundedNumber('lat', -90, 90),
  lng: boundedNumber('lng', -180, 180),
});

/**
 * Websocket messages: order events with their place in the restaurant's sequence (staff and tracking
 * sockets; order.acknowledged to staff only), courier moves (tracking only), the server's heartbeat
 * (every socket) and, to a staff socket once any replay is done, the sequence to resume after.
 */
export type OrderSocketMessage =
  | { type: 'order.created' | 'order.updated' | 'order.acknowledged'; order: OrderSummary; seq?: number }
  | { type: 'courier.location'; order_id: number; courier: Courier }
  | { type: 'hello'; seq: number; heartbeat_ms: number }
  /** A tracking socket's greeting: when its order last changed (updated_at of the order). */
  | { type: 'order.current'; updated_at: string }
  | { type: 'ping' }
  | { type: 'pong' };

export { WS_CLOSE } from '../constants.ts';
