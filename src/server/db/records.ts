// Row shapes of core tables (migrations/001-core.ts) shared by the code that writes them (the seed)
// and the code that reads them (modules). Money in paise; times of day in IST minutes.

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
