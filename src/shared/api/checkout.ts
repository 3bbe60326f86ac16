// The cart, coupon, order-creation and payment calls (SPEC.md section 7): zod schemas and types
// shared by the server (validation) and the client (typed calls). Money is integer paise.
import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status.ts';

// ---------------------------------------------------------------- paths

export const CHECKOUT_PATHS = {
  cart: '/api/v1/checkout/',
  add: '/api/v1/checkout/add/',
  delete: (item: number) => `/api/v1/checkout/delete/${item}`,
  coupons: '/api/v1/checkout/get-coupon/',
  applyCoupon: (code: string) => `/api/v1/checkout/get-coupon-value/${encodeURIComponent(code)}`,
  removeCoupon: '/api/v1/checkout/remove-coupon/',
  providerKey: '/api/v1/checkout/getrazorpayapi/',
  createOrder: '/api/v2/orders/createorder/',
  paymentSuccess: '/api/v1/orders/paymentsuccess/',
  cancelOrder: (orderId: number | string) => `/api/v1/orders/cancel-order/${orderId}`,
  webhook: '/api/v1/payments/webhook',
  sandboxScript: '/api/v1/payments/sandbox/checkout.js',
  sandboxPay: '/api/v1/payments/sandbox/pay',
} as const;

/** Session keys carry at least 128 random bits, base64url. */
export const sessionKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Invalid session key');

/** A client operation id: makes a replayed cart change a no-op. */
export const opIdSchema = z.string().regex(/^[A-Za-z0-9_:.-]{8,64}$/, 'Invalid op_id');

export const MAX_ITEM_QUANTITY = 50;

// ---------------------------------------------------------------- cart

export const cartItemSchema = z.object({
  id: z.number().int(), // the menu item id
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  line_total: z.number().int(),
  is_veg: z.boolean(),
  in_stock: z.boolean(),
  image: z.string().nullable(),
  restaurant_id: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const billSchema = z.object({
  item_total: z.number().int(),
  packaging: z.number().int(),
  delivery_fee: z.number().int(),
  taxes: z.number().int(),
  coupon_discount: z.number().int(),
  to_pay: z.number().int(),
});
export type BillBreakdown = z.infer<typeof billSchema>;

export const cartInfoSchema = billSchema.extend({
  coupon_code: z.string().nullable(),
  /** Why an applied coupon gives no discount right now (e.g. below its minimum), else null. */
  coupon_error: z.string().nullable(),
  /** Distance used for the delivery fee, when the caller sent lat/lng; else null (base fee). */
  distance_m: z.number().int().nullable(),
});
export type CartInfo = z.infer<typeof cartInfoSchema>;

export const cartMetaSchema = z.object({
  item_count: z.number().int(),
  item_total: z.number().int(),
  coupon_discount: z.number().int(),
});
export type CartMeta = z.infer<typeof cartMetaSchema>;

export const storeInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  area: z.string(),
  lat: z.number(),
  lng: z.number(),
  delivery_radius_m: z.number().int(),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;

export const cartResponseSchema = z.object({
  session_key: z.string(),
  cart_items: z.array(cartItemSchema),
  cart_info: cartInfoSchema.nullable(),
  cart_meta: cartMetaSchema.nullable(),
  store_info: storeInfoSchema.nullable(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const cartQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});

export const addToCartBodySchema = z.object({
  item: z.coerce.number().int().positive(),
  quantity: z.number().int().min(0).max(MAX_ITEM_QUANTITY),
  op_id: opIdSchema.optional(),
  /** Empty the cart first when it holds another restaurant's items (the "Replace cart?" answer). */
  replace: z.boolean().optional(),
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

export const CART_ERROR_CODES = {
  storeConflict: 'cart_store_conflict',
  userNotFound: 'user_not_found',
  itemNotFound: 'item_not_found',
  outOfStock: 'item_out_of_stock',
  cartEmpty: 'cart_empty',
} as const;

// ---------------------------------------------------------------- coupons

export { weekdayNames, type Weekday } from '../coupon-rules.ts';

export const couponSchema = z.object({
  id: z.number().int(),
  coupon_code: z.string(),
  subtitle: z.string(),
  description: z.string(),
  coupon_terms: z.string(),
  store_type: z.string(),
  isWeekDays: z.boolean(),
  allowed_weeks: z.record(z.string(), z.boolean()),
  isTimeofDay: z.boolean(),
  allowed_time: z.object({ startTime: z.string(), endTime: z.string() }),
  can_terms_change: z.boolean(),
  end_date: z.string(),
  discount_type: z.enum(['percent', 'flat']),
  discount_value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_order: z.number().int(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const getCouponsBodySchema = z.object({ store_id: z.coerce.number().int().positive() });
export const getCouponsResponseSchema = z.object({ data: z.array(couponSchema) });
export type GetCouponsResponse = z.infer<typeof getCouponsResponseSchema>;

export const couponCodeParamSchema = z.object({
  coupon_code: z
    .string()
    .trim()
    .min(1, 'Enter a coupon code')
    .max(40, 'Coupon codes are at most 40 characters'),
});

export const applyCouponResponseSchema = cartResponseSchema.extend({
  coupon_code: z.string(),
  coupon_discount: z.number().int(),
  message: z.string(),
});
export type ApplyCouponResponse = z.infer<typeof applyCouponResponseSchema>;

// ---------------------------------------------------------------- orders and payment

export const inlineAddressSchema = z.object({
  address: z.string().trim().min(3, 'Enter the address').max(300),
  flat: z.string().trim().min(1, 'Enter the door / flat number').max(100),
  landmark: z.string().trim().max(150).default(''),
  address_type: z.enum(['home', 'work', 'other']).optional(),
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});
export type InlineAddress = z.infer<typeof inlineAddressSchema>;

export const createOrderBodySchema = z
  .object({
    address_id: z.coerce.number().int().positive().optional(),
    address: inlineAddressSchema.optional(),
  })
  .refine((b) => b.address_id !== undefined || b.address !== undefined, {
    message: 'Choose a delivery address',
    path: ['address_id'],
  });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_:.-]{8,100}$/, 'Invalid Idempotency-Key');

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(['pending', 'paid', 'failed', 'refunded']);

export const orderItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  is_veg: z.boolean(),
});

export const checkoutOrderSchema = billSchema.extend({
  id: z.number().int(),
  order_number: z.string(),
  restaurant_id: z.number().int(),
  restaurant_name: z.string(),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  refund_pending: z.boolean(),
  coupon_code: z.string().nullable(),
  delivery_address: z.record(z.string(), z.unknown()),
  items: z.array(orderItemSchema),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

export const createOrderResponseSchema = z.object({
  order: checkoutOrderSchema,
  provider: z.enum(['sandbox', 'razorpay']),
  provider_order_id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  key: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const providerKeyResponseSchema = z.object({
  provider: z.enum(['sandbox', 'razorpay']),
  key: z.string(),
  script_url: z.string(),
});
export type ProviderKeyResponse = z.infer<typeof providerKeyResponseSchema>;

export const paymentSuccessBodySchema = z.object({
  razorpay_payment_id: z.string().regex(/^[A-Za-z0-9_]{4,64}$/, 'Invalid razorpay_payment_id'),
  razorpay_order_id: z.string().regex(/^[A-Za-z0-9_]{4,64}$/, 'Invalid razorpay_order_id'),
  razorpay_signature: z.string().regex(/^[a-f0-9]{64}$/i, 'Invalid razorpay_signature'),
  order_id: z.coerce.number().int().positive().optional(),
});
export type PaymentSuccessBody = z.infer<typeof paymentSuccessBodySchema>;

export const paymentSuccessResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  order: checkoutOrderSchema,
});
export type PaymentSuccessResponse = z.infer<typeof paymentSuccessResponseSchema>;

export const cancelOrderResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  order: checkoutOrderSchema,
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

export const PAYMENT_ERROR_CODES = {
  signatureInvalid: 'signature_invalid',
  orderUnknown: 'payment_order_unknown',
  providerUnavailable: 'payment_provider_unavailable',
  addressOutOfRange: 'address_out_of_range',
  addressNotFound: 'address_not_found',
  restaurantClosed: 'restaurant_closed',
  notCancellable: 'order_not_cancellable',
} as const;

/** The sandbox provider's test cards (DESIGN.md section 1). */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  failure: '4000000000000002',
} as const;
