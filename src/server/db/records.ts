// One record type per table of the migrated schema (migrations/), each column typed as node-postgres
// and PGlite return it: int2/int4/int8 and float8 as number (int8 by our parser in postgres-db.ts),
// numeric as a string, timestamptz as a Date, jsonb parsed, arrays as arrays. Modules type their rows
// from these (Pick, Omit, plus their computed columns); tests/api/records-schema.test.ts compares them
// with the migrated schema. Money in paise; times of day in IST minutes.
import type { AddressType } from '../../shared/api/accounts.ts';
import type { LedgerStatus, OrderStatus, PaymentStatus } from '../../shared/order-status.ts';
import type { PushMessage } from '../../shared/push-notifications.ts';

/** The table each record describes. */
export const RECORD_TABLES = {
  AddressRecord: 'addresses',
  AppSecretRecord: 'app_secrets',
  AuthSessionRecord: 'auth_sessions',
  BannerRecord: 'banners',
  CartItemRecord: 'cart_items',
  CartOpRecord: 'cart_ops',
  CartRecord: 'carts',
  CityRecord: 'cities',
  CouponRecord: 'coupons',
  CourierLocationRecord: 'courier_locations',
  FavouriteRecord: 'favourites',
  FloodLimitRecord: 'flood_limits',
  ItemOptionRecord: 'item_options',
  KitchenLogRecord: 'kitchen_log',
  LoginThrottleRecord: 'login_throttle',
  MenuCategoryRecord: 'menu_categories',
  MenuDishNameRecord: 'menu_dish_names',
  MenuItemRecord: 'menu_items',
  OptionGroupRecord: 'option_groups',
  OrderEventRecord: 'order_events',
  OrderEventSeqRecord: 'order_event_seqs',
  OrderItemRatingRecord: 'order_item_ratings',
  OrderItemRecord: 'order_items',
  OrderRatingRecord: 'order_ratings',
  OrderRecord: 'orders',
  OtpCodeRecord: 'otp_codes',
  PaymentEventRecord: 'payment_events',
  PaymentRecord: 'payments',
  PushDeliveryRecord: 'push_deliveries',
  PushSubscriptionRecord: 'push_subscriptions',
  RateLimitRecord: 'rate_limits',
  RefreshTokenRecord: 'refresh_tokens',
  RestaurantPresenceRecord: 'restaurant_presence',
  RestaurantRecord: 'restaurants',
  SandboxOrderRecord: 'sandbox_orders',
  SandboxPaymentRecord: 'sandbox_payments',
  SandboxRefundRecord: 'sandbox_refunds',
  SmsOutboxRecord: 'sms_outbox',
  UserRecord: 'users',
} as const;

/** Columns that no record carries, by table, and why. */
export const COLUMNS_LEFT_OUT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  restaurants: { name_tsv: 'generated tsvector, read only inside search SQL' },
  menu_items: { search_vector: 'generated tsvector, read only inside search SQL' },
  menu_dish_names: { name_tsv: 'generated tsvector, read only inside search SQL' },
};

/**
 * A record as written through JSON (the seed's jsonb_to_recordset batches): times as ISO strings.
 * Other columns keep their types.
 */
export type JsonRow<R> = { [K in keyof R]: JsonValue<R[K]> };
type JsonValue<V> = V extends Date ? string : V;

// ---------------------------------------------------------------- places, restaurants, menus (001)

/** Server-side secrets generated on first start (the token signing key). */
export type AppSecretRecord = {
  name: string;
  value: string;
};

export type CityRecord = {
  id: number;
  slug: string;
  name: string;
  state: string;
  lat: number;
  lng: number;
  popular: boolean;
};

/** The restaurant columns a customer is shown (discovery reads them, the seed writes them). */
export type RestaurantShownColumn =
  | 'id'
  | 'slug'
  | 'name'
  | 'area'
  | 'address'
  | 'lat'
  | 'lng'
  | 'cuisines'
  | 'pure_veg'
  | 'rating_count'
  | 'cost_for_two'
  | 'delivery_time_min'
  | 'delivery_radius_m'
  | 'open_minute'
  | 'close_minute'
  | 'image'
  | 'offer_text'
  | 'packaging_fee';

export type RestaurantRecord = {
  id: number;
  slug: string;
  name: string;
  city_id: number;
  area: string;
  address: string;
  lat: number;
  lng: number;
  cuisines: string[];
  pure_veg: boolean;
  /** numeric(2,1): readers cast it to float8. */
  rating: string;
  rating_count: number;
  cost_for_two: number;
  delivery_time_min: number;
  delivery_radius_m: number;
  open_minute: number;
  close_minute: number;
  image: string;
  offer_text: string | null;
  packaging_fee: number;
  is_active: boolean;
  updated_at: Date;
  // Kitchen controls (008).
  paused_until: Date | null;
  paused_until_reopened: boolean;
  paused_at: Date | null;
  unattended_since: Date | null;
  busy_extra_min: number;
  auto_accept: boolean;
  default_prep_time_min: number;
  // The seeded rating, kept aside once real ratings come in (013).
  prior_rating: string | null;
  prior_rating_count: number | null;
};

export type MenuCategoryRecord = {
  id: number;
  restaurant_id: number;
  name: string;
  position: number;
};

export type MenuItemRecord = {
  id: number;
  restaurant_id: number;
  category_id: number;
  name: string;
  description: string;
  price: number;
  is_veg: boolean;
  is_egg: boolean;
  is_bestseller: boolean;
  in_stock: boolean;
  /** With in_stock false: out of stock until then (null: until turned back on). */
  out_of_stock_until: Date | null;
  image: string | null;
  position: number;
};

/** Distinct dish names for search (002), with their spelling keys (010). */
export type MenuDishNameRecord = {
  name: string;
  name_keys: string[] | null;
  name_keys_version: number | null;
};

/** A dish's variant or add-on group (018). */
export type OptionGroupRecord = {
  id: number;
  menu_item_id: number;
  name: string;
  kind: 'variant' | 'addon';
  min_choices: number;
  max_choices: number;
  position: number;
};

export type ItemOptionRecord = {
  id: number;
  group_id: number;
  name: string;
  price: number;
  in_stock: boolean;
  position: number;
};

export type BannerRecord = {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  position: number;
  active: boolean;
};

export type CouponRecord = {
  id: number;
  coupon_code: string;
  subtitle: string;
  description: string;
  coupon_terms: string;
  discount_type: 'percent' | 'flat';
  /** Percent (1-100) or paise. */
  discount_value: number;
  max_discount: number | null;
  min_order: number;
  store_type: string;
  store_ids: number[];
  is_week_days: boolean;
  allowed_weeks: Record<string, boolean>;
  is_time_of_day: boolean;
  allowed_time: { startTime?: string | number; endTime?: string | number };
  can_terms_change: boolean;
  end_date: Date;
  usage_limit: number | null;
  per_user_limit: number | null;
  used_count: number;
  active: boolean;
};

// ---------------------------------------------------------------- people (001, 003, 006, 017)

export type UserRecord = {
  id: number;
  /** Null once the account is anonymised. */
  phone_number: string | null;
  name: string;
  email: string;
  password_hash: string;
  role: 'customer' | 'staff';
  /** A staff member's restaurant. */
  restaurant_id: number | null;
  is_active: boolean;
  removal_requested_at: Date | null;
  anonymised_at: Date | null;
  created_at: Date;
};

export type AddressRecord = {
  id: number;
  user_id: number;
  address: string;
  flat: string;
  landmark: string;
  address_type: AddressType;
  latitude: number;
  longitude: number;
  address_components: Array<Record<string, unknown>>;
  place_id: string;
  created_at: Date;
};

/** One sign-in (a refresh-token family). */
export type AuthSessionRecord = {
  id: string;
  user_id: number;
  created_at: Date;
  last_refreshed_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
};

export type RefreshTokenRecord = {
  id: number;
  session_id: string;
  token_hash: string;
  parent_id: number | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  access_iat: number;
  access_jti: string;
};

export type OtpCodeRecord = {
  id: number;
  phone_number: string;
  purpose: 'signup' | 'reset' | 'phone_change';
  user_id: number | null;
  code_hash: string;
  /** A pending sign-up (password hash, name, email). */
  payload: Record<string, unknown> | null;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
};

export type RateLimitRecord = {
  bucket: string;
  /** Epoch seconds. */
  window_start: number;
  count: number;
};

export type SmsOutboxRecord = {
  id: number;
  to_number: string;
  text: string;
  purpose: string | null;
  created_at: Date;
};

export type LoginThrottleRecord = {
  key: string;
  failures: number;
  last_failure_at: Date | null;
  last_success_at: Date | null;
};

export type FloodLimitRecord = {
  key: string;
  hits: number;
  window_ends: Date;
};

// ---------------------------------------------------------------- carts (004, 018)

export type CartRecord = {
  id: number;
  session_key: string | null;
  user_id: number | null;
  restaurant_id: number | null;
  coupon_code: string | null;
  created_at: Date;
  updated_at: Date;
};

export type CartItemRecord = {
  cart_id: number;
  menu_item_id: number;
  /** Chosen option ids, sorted ('{}' for none). */
  options: number[];
  quantity: number;
  added_at: Date;
};

/** A client operation id already applied to a cart. */
export type CartOpRecord = {
  cart_id: number;
  op_id: string;
  created_at: Date;
};

// ---------------------------------------------------------------- orders and payments

/** When an order reached each step after payment (one column per status, set once). */
export type OrderStepTimeColumn =
  | 'accepted_at'
  | 'preparing_at'
  | 'ready_at'
  | 'picked_up_at'
  | 'delivered_at'
  | 'cancelled_at'
  | 'rejected_at';

export type OrderRecord = {
  id: number;
  order_number: string;
  user_id: number;
  restaurant_id: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  refund_pending: boolean;
  delivery_address: Record<string, unknown>;
  item_total: number;
  packaging: number;
  delivery_fee: number;
  taxes: number;
  coupon_code: string | null;
  coupon_discount: number;
  coupon_reserved: boolean;
  to_pay: number;
  tip: number;
  distance_m: number | null;
  provider_order_id: string | null;
  idempotency_key: string | null;
  /** The one payment that paid the order (007). */
  payment_id: number | null;
  payment_checks: number;
  payment_checked_at: Date | null;
  prep_time_min: number | null;
  reject_reason: string | null;
  cooking_instructions: string;
  delivery_instructions: string;
  eta: Date | null;
  scheduled_for: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by: number | null;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
  accepted_at: Date | null;
  preparing_at: Date | null;
  ready_at: Date | null;
  picked_up_at: Date | null;
  delivered_at: Date | null;
  cancelled_at: Date | null;
  rejected_at: Date | null;
};

/** An order line: one dish with one set of choices, with the names it was sold with. */
export type OrderItemRecord = {
  order_id: number;
  menu_item_id: number;
  name: string;
  price: number;
  quantity: number;
  is_veg: boolean;
  options: number[];
  choices: string[];
};

/** Our ledger of every provider payment we heard of (007, 016). */
export type PaymentRecord = {
  id: number;
  order_id: number;
  provider: string;
  provider_payment_id: string;
  amount: number;
  currency: string;
  method: string;
  status: LedgerStatus;
  /** UPI ID, already masked. */
  vpa: string | null;
  expires_at: Date | null;
  /** cancelled, rejected, duplicate or amount_mismatch. */
  refund_reason: string | null;
  refund_id: string | null;
  refund_attempts: number;
  refund_next_at: Date | null;
  refund_error: string | null;
  refunded_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** A provider webhook event already handled. */
export type PaymentEventRecord = {
  event_id: string;
  event: string;
  received_at: Date;
};

export type CourierLocationRecord = {
  order_id: number;
  lat: number;
  lng: number;
  source: 'staff' | 'demo';
  updated_at: Date;
};

export type OrderEventSeqRecord = {
  restaurant_id: number;
  seq: number;
};

export type OrderEventRecord = {
  restaurant_id: number;
  seq: number;
  order_id: number;
  type: 'order.created' | 'order.updated' | 'order.acknowledged';
  created_at: Date;
};

// ---------------------------------------------------------------- the sandbox provider's side (007, 016)

export type SandboxOrderRecord = {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  created_at: Date;
};

export type SandboxPaymentRecord = {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  method: string;
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
  /** The full UPI ID of a collect request. */
  vpa: string | null;
  expires_at: Date | null;
  error_reason: string | null;
  created_at: Date;
};

export type SandboxRefundRecord = {
  id: string;
  payment_id: string;
  amount: number;
  idempotency_key: string;
  created_at: Date;
};

// ---------------------------------------------------------------- kitchen (008)

/** Staff sockets of one restaurant held by one server process. */
export type RestaurantPresenceRecord = {
  restaurant_id: number;
  process_id: string;
  connections: number;
  last_seen_at: Date;
};

export type KitchenLogRecord = {
  id: number;
  restaurant_id: number;
  /** Null: the server itself. */
  actor_user_id: number | null;
  action: string;
  subject: string | null;
  subject_id: number | null;
  from_value: string | null;
  to_value: string | null;
  note: string | null;
  created_at: Date;
};

// ---------------------------------------------------------------- web push (009)

export type PushSubscriptionRecord = {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: number;
  session_id: string;
  /** Staff: the restaurant whose orders this device hears about. */
  restaurant_id: number | null;
  created_at: Date;
  updated_at: Date;
};

export type PushDeliveryRecord = {
  id: number;
  subscription_id: number;
  order_id: number;
  /** staff:placed, staff:cancelled, or customer:<status>. */
  kind: string;
  payload: PushMessage;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_at: Date;
  claimed_until: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
};

// ---------------------------------------------------------------- ratings and favourites (013)

export type OrderRatingRecord = {
  order_id: number;
  restaurant_id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: Date;
};

export type OrderItemRatingRecord = {
  order_id: number;
  menu_item_id: number;
  rating: number;
};

export type FavouriteRecord = {
  user_id: number;
  restaurant_id: number;
  created_at: Date;
};
