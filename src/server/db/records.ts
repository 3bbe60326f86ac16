// Row shapes of core tables (migrations/001-core.ts) shared by the code that writes them (the seed)
// and the code that reads them (modules). Money in paise; times of day in IST minutes.
import type { OrderStatus, PaymentStatus } from '../../shared/order-status.ts';

/** A row of `restaurants`, without its bookkeeping columns (is_active, updated_at). */
export interface RestaurantRecord {
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
  rating: number;
  rating_count: number;
  cost_for_two: number;
  delivery_time_min: number;
  delivery_radius_m: number;
  open_minute: number;
  close_minute: number;
  image: string;
  offer_text: string | null;
  packaging_fee: number;
}

/** The columns of `orders` that the order module reads back (times as node-postgres returns them). */
export interface OrdersTableRecord {
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
  provider_order_id: string | null;
  prep_time_min: number | null;
  reject_reason: string | null;
  cooking_instructions: string;
  delivery_instructions: string;
  eta: Date | null;
  scheduled_for: Date | null;
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
}
