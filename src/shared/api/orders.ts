// The orders API contract (customer orders, payments, tracking, staff live orders, websockets):
// zod schemas and types shared by the server routes and the client.
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, PREP_TIME_LIMITS } from '../order-status.ts';
import { pageSchema } from './errors.ts';

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
    to_pay: z.number().int(),
  }),
  customer_name: z.string(),
  delivery_address: deliveryPointSchema,
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

/** GET /api/v1/orders/details/{orderNumber}/ and details/id/{id}/ answer {order}. */
export const orderDetailsSchema = z.object({ order: orderSummarySchema });
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
});
export type Tracking = z.infer<typeof trackingSchema>;

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
  status: z.enum(['paid', 'failed', 'refunded']),
  date: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentPageSchema = pageSchema(paymentSchema);
export type PaymentPage = z.infer<typeof paymentPageSchema>;

const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Not a real date');

/** GET /api/v1/orders/restaurant/ (staff). delivery_status empty means every status. */
export const restaurantOrdersQuerySchema = pageQuerySchema
  .extend({
    delivery_status: z.union([z.literal(''), orderStatusSchema]).default(''),
    startDate: ymd.optional(),
    endDate: ymd.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  });
export type RestaurantOrdersQuery = z.input<typeof restaurantOrdersQuerySchema>;

/** POST /api/v1/orders/restaurant/{id}/status/ (staff) */
export const statusChangeSchema = z.object({
  status: orderStatusSchema,
  prep_time_min: z.number().int().min(PREP_TIME_LIMITS.min).max(PREP_TIME_LIMITS.max).optional(),
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(300).optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** POST /api/v1/orders/{id}/courier-location/ (staff, while picked_up) */
export const courierLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** Websocket messages: order events (staff and tracking sockets), courier moves (tracking only). */
export type OrderSocketMessage =
  | { type: 'order.created' | 'order.updated'; order: OrderSummary }
  | { type: 'courier.location'; order_id: number; courier: Courier }
  | { type: 'pong' };

export const wsPaths = {
  restaurant: (restaurantId: number | string) => `/ws/orders/${restaurantId}/`,
  tracking: (orderId: number | string) => `/ws/track/${orderId}/`,
};

/** Close codes of the order sockets: the client stops retrying on these. */
export const WS_CLOSE = {
  unauthenticated: 4401,
  forbidden: 4403,
  notFound: 4404,
  unsupported: 1003,
} as const;

export const ordersApi = {
  customerList: '/api/v1/orders/all/customer/',
  details: (orderNumber: string) => `/api/v1/orders/details/${encodeURIComponent(orderNumber)}/`,
  detailsById: (id: number | string) => `/api/v1/orders/details/id/${id}/`,
  tracking: (id: number | string) => `/api/v1/orders/tracking/${id}/`,
  location: (id: number | string) => `/api/v1/orders/get-order-location/${id}/`,
  payments: '/api/v1/orders/payments/',
  cancel: (id: number | string) => `/api/v1/orders/cancel-order/${id}`,
  restaurantList: '/api/v1/orders/restaurant/',
  restaurantStatus: (id: number | string) => `/api/v1/orders/restaurant/${id}/status/`,
  courierLocation: (id: number | string) => `/api/v1/orders/${id}/courier-location/`,
};
