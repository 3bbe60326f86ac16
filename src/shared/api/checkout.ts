// The cart, coupon, order-creation and payment calls (docs/product.md#cart-and-checkout): zod schemas and
// types shared by the server (validation) and the client (typed calls). Money is integer paise.
import { z } from './zod.ts';
import { MAX_ITEM_QUANTITY, quantityLimitMessage } from '../cart-rules.ts';
import { MAX_LINE_OPTIONS } from '../customisation.ts';
import { ORDER_INSTRUCTION_LIMITS } from '../order-instructions.ts';
import { TIP_MAX, tipProblem } from '../bill.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { VPA_MESSAGE, VPA_PATTERN, normaliseVpa } from '../upi.ts';
import { boundedNumberQuery, idParamSchema, idSchema, text, textCheck } from './fields.ts';

// ---------------------------------------------------------------- fields (paths: paths.ts)

/** Session keys carry at least 128 random bits, base64url. */
export const sessionKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Invalid session key');

/** A client operation id: makes a replayed cart change a no-op. */
export const opIdSchema = z.string().regex(/^[A-Za-z0-9_:.-]{8,64}$/, 'Invalid op_id');

export { MAX_ITEM_QUANTITY };

// ---------------------------------------------------------------- cart

export const cartItemSchema = z.object({
  id: z.number().int(), // the menu item id
  name: z.string(),
  /** One unit with its choices. */
  price: z.number().int(),
  quantity: z.number().int(),
  line_total: z.number().int(),
  is_veg: z.boolean(),
  in_stock: z.boolean(),
  image: z.string().nullable(),
  restaurant_id: z.number().int(),
  /** The chosen option ids (ascending) and their names: one line per dish and choices. Optional for
   * carts kept on a device from before customisation. */
  options: z.array(z.number().int()).optional(),
  choices: z.array(z.string()).optional(),
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
  /**
   * Why an applied coupon gives no discount right now (e.g. below its minimum), else null. Such a
   * coupon stays on the cart (it applies again once the cart qualifies) but the bill and an order
   * placed now are without it.
   */
  coupon_error: z.string().nullable(),
  /** The reason's code (coupon_below_minimum, coupon_used_up, ...), null when it applies. */
  coupon_error_code: z.string().nullable(),
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
  /**
   * Opening hours (minutes after midnight IST) and delivery time, for the checkout's delivery slots
   * (src/shared/schedule-slots.ts). Always sent; optional for carts kept on a device from before.
   */
  open_minute: z.number().int().optional(),
  close_minute: z.number().int().optional(),
  delivery_time_min: z.number().int().optional(),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;

/** The account's saved cart, when it holds another restaurant's items than this browser's cart. */
export const savedCartSchema = z.object({
  store_name: z.string(),
  store_slug: z.string(),
  item_count: z.number().int(),
  item_total: z.number().int(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
});
export type SavedCart = z.infer<typeof savedCartSchema>;

export const cartResponseSchema = z.object({
  session_key: z.string(),
  cart_items: z.array(cartItemSchema),
  cart_info: cartInfoSchema.nullable(),
  cart_meta: cartMetaSchema.nullable(),
  store_info: storeInfoSchema.nullable(),
  /**
   * Set after signing in when this browser's cart and the account's saved cart hold different
   * restaurants' items: the body above is this browser's cart, `saved` the other one. Until the
   * customer answers POST keep-cart, changes to the cart and orders answer 409 cart_conflict.
   */
  cart_conflict: z.object({ saved: savedCartSchema }).nullable().optional(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const cartQuerySchema = z.object({
  lat: boundedNumberQuery('lat', -90, 90).optional(),
  lng: boundedNumberQuery('lng', -180, 180).optional(),
});

/** DELETE /checkout/delete/{item}: the menu item id (every line of that dish, whatever its choices). */
export const cartItemParamsSchema = z.object({ item: idParamSchema('item') });

export const addToCartBodySchema = z.object({
  item: idSchema('item'),
  quantity: z
    .number()
    .int()
    .min(0, 'Quantity cannot be negative')
    .max(MAX_ITEM_QUANTITY, quantityLimitMessage()),
  /** The line's chosen option ids (a dish with choices); none for a plain dish. */
  options: z.array(idSchema('options')).max(MAX_LINE_OPTIONS, 'Too many choices').optional(),
  op_id: opIdSchema.optional(),
  /** Empty the cart first when it holds another restaurant's items (the "Replace cart?" answer). */
  replace: z.boolean().optional(),
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

/** POST keep-cart: "this" keeps this browser's cart (the saved one is emptied), "saved" the account's. */
export const keepCartBodySchema = z.object({
  keep: z.enum(['this', 'saved'], { message: 'Choose "this" or "saved"' }),
});
export type KeepCartBody = z.infer<typeof keepCartBodySchema>;

/** POST reorder: the signed-in customer's past order; `replace` as for add (another restaurant's cart). */
export const reorderBodySchema = z.object({
  order_id: idSchema('order_id'),
  replace: z.boolean().optional(),
});
export type ReorderBody = z.infer<typeof reorderBodySchema>;

/**
 * What changed in a dish since the order: its price now (it is in the cart at that price), or it is
 * not in the cart because it is unavailable or its choices no longer exist (choose them again).
 */
/** The past order's line a warning is about: its dish, the options it was sold with, and its label. */
const reorderLine = { item: z.number().int(), options: z.array(z.number().int()), name: z.string() };
export const reorderWarningSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price'), ...reorderLine, from: z.number().int(), to: z.number().int() }),
  z.object({ kind: z.literal('unavailable'), ...reorderLine }),
  z.object({ kind: z.literal('choices'), ...reorderLine }),
]);
export type ReorderWarning = z.infer<typeof reorderWarningSchema>;

export const reorderResponseSchema = cartResponseSchema.extend({
  reorder: z.object({ added: z.number().int(), warnings: z.array(reorderWarningSchema) }),
});
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;

export { CART_ERROR_CODES } from '../cart-rules.ts';

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

export const getCouponsBodySchema = z.object({ store_id: idSchema('store_id') });
export const getCouponsResponseSchema = z.object({ data: z.array(couponSchema) });
export type GetCouponsResponse = z.infer<typeof getCouponsResponseSchema>;

export const couponCodeParamSchema = z.object({
  coupon_code: text({
    label: 'Coupon code',
    min: 1,
    max: 40,
    required: 'Enter a coupon code',
    tooLong: 'Coupon codes are at most 40 characters',
  }),
});

export const applyCouponResponseSchema = cartResponseSchema.extend({
  coupon_code: z.string(),
  coupon_discount: z.number().int(),
  message: z.string(),
});
export type ApplyCouponResponse = z.infer<typeof applyCouponResponseSchema>;

// ---------------------------------------------------------------- orders and payment

export const inlineAddressSchema = z.object({
  address: textCheck(z.string().trim().min(3, 'Enter the address').max(300), 'Address'),
  flat: textCheck(z.string().trim().min(1, 'Enter the door / flat number').max(100), 'Door / flat number'),
  landmark: textCheck(z.string().trim().max(150), 'Landmark').default(''),
  address_type: z.enum(['home', 'work', 'other']).optional(),
  latitude: boundedNumberQuery('latitude', -90, 90),
  longitude: boundedNumberQuery('longitude', -180, 180),
});
export type InlineAddress = z.infer<typeof inlineAddressSchema>;

/** What the customer asks of the kitchen and of the rider; both reach the staff console and ticket. */
export const orderInstructionsSchema = z.object({
  cooking: text({
    label: 'Cooking instructions',
    max: ORDER_INSTRUCTION_LIMITS.cooking,
    multiline: true,
  }).default(''),
  delivery: text({ label: 'Delivery instructions', max: ORDER_INSTRUCTION_LIMITS.delivery }).default(''),
});
export type OrderInstructions = z.infer<typeof orderInstructionsSchema>;

/** The rider's tip in paise: whole rupees, 0 to TIP_MAX (₹500). */
export const tipSchema = z
  .number({ error: `The tip must be an amount from ₹0 to ₹${TIP_MAX / 100}.` })
  .superRefine((tip, ctx) => {
    const problem = tipProblem(tip);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: tip });
  });

/** A delivery slot (ISO 8601 with its offset); which slots the restaurant offers is checked after. */
export const scheduledForSchema = text({
  label: 'Delivery time',
  max: 40,
  required: 'Choose a delivery time from the list.',
}).refine((s) => {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(s);
  // A real calendar day (no 30 February), not just the shape of one.
  const day = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : null;
  return day !== null && day.getUTCDate() === +m![3]! && day.getUTCMonth() === +m![2]! - 1;
}, 'The delivery time must be an ISO 8601 date and time, such as 2026-11-25T19:30:00+05:30.');

export const createOrderBodySchema = z
  .object({
    address_id: idSchema('address_id').optional(),
    address: inlineAddressSchema.optional(),
    instructions: orderInstructionsSchema.optional(),
    /** The rider's tip (paise, whole rupees); none when absent. */
    tip: tipSchema.optional(),
    /** Deliver at this slot (today or tomorrow, inside the restaurant's hours); now when absent or null. */
    scheduled_for: scheduledForSchema.nullable().optional(),
  })
  .refine((b) => b.address_id !== undefined || b.address !== undefined, {
    message: 'Choose a delivery address',
    path: ['address_id'],
  });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** cancel-order/{orderID}: the order's id or its order number. */
export const orderRefParamsSchema = z.object({
  orderID: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'Invalid order id'),
});

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_:.-]{8,100}$/, 'Invalid Idempotency-Key');

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentStatusSchema = z.enum(['pending', 'paid', 'failed', 'refunded']);

export const orderItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  is_veg: z.boolean(),
  choices: z.array(z.string()).optional(),
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
  /** The rider's tip in paise (part of to_pay). */
  tip: z.number().int(),
  /** The chosen delivery slot (ISO 8601), null when delivered now. */
  scheduled_for: z.string().nullable(),
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
  order_id: idSchema('order_id').optional(),
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
  amountMismatch: 'payment_amount_mismatch',
  addressOutOfRange: 'address_out_of_range',
  addressNotFound: 'address_not_found',
  restaurantClosed: 'restaurant_closed',
  scheduleInvalid: 'schedule_invalid',
  notCancellable: 'order_not_cancellable',
} as const;

/** The sandbox provider's test cards (docs/product.md#orders-and-payments). */
/** POST /api/v1/payments/sandbox/pay: the sandbox checkout's card form. */
export const sandboxPayBodySchema = z.object({
  order_id: z.string().regex(/^order_[A-Za-z0-9]{6,40}$/, 'Invalid order_id'),
  card_number: z.string().regex(/^\d{12,19}$/, 'Enter a valid card number'),
  expiry: z.string().regex(/^\d{2}\/\d{2}$/, 'Enter the expiry as MM/YY'),
  cvv: z.string().regex(/^\d{3,4}$/, 'Enter the CVV'),
  name: text({ label: 'Name', max: 100 }).optional(),
});

export const SANDBOX_CARDS = {
  success: '4111111111111111',
  failure: '4000000000000002',
} as const;

/** POST /api/v1/payments/sandbox/upi: the sandbox checkout's UPI form starts a collect request. */
export const sandboxUpiBodySchema = z.object({
  order_id: z.string().regex(/^order_[A-Za-z0-9]{6,40}$/, 'Invalid order_id'),
  vpa: text({ label: 'UPI ID', max: 320, required: VPA_MESSAGE })
    .transform(normaliseVpa)
    .refine((v) => VPA_PATTERN.test(v), VPA_MESSAGE),
});

/** {payment_id} of a sandbox payment in a path. */
export const sandboxPaymentParamsSchema = z.object({
  payment_id: z.string().regex(/^pay_[A-Za-z0-9]{6,40}$/, 'Invalid payment_id'),
});

/** GET .../upi-app/requests?vpa=: the collect requests waiting for one UPI ID. */
export const sandboxUpiAppQuerySchema = z.object({
  vpa: text({ label: 'UPI ID', max: 320, required: VPA_MESSAGE })
    .transform(normaliseVpa)
    .refine((v) => VPA_PATTERN.test(v), VPA_MESSAGE),
});

/**
 * POST .../upi-app/approve and .../decline: the customer's answer in the sandbox UPI app. webhook
 * 'lose' (approve only) plays a webhook the network lost: only reconciliation can then find it.
 */
export const sandboxUpiAnswerBodySchema = z.object({
  payment_id: z.string().regex(/^pay_[A-Za-z0-9]{6,40}$/, 'Invalid payment_id'),
  webhook: z.enum(['deliver', 'lose'], { message: 'webhook is "deliver" or "lose"' }).default('deliver'),
});
