// The discovery API contract (docs/product.md#discovery, docs/product.md#search and docs/product.md#maps):
// request parameters and response bodies of every call the discovery module serves, shared by client and
// server. Money is integer paise; distances are metres; times are ISO 8601 strings.
//
// Bad input: unknown place/restaurant -> 404; lat/lng not numbers or out of range -> 400; a search
// or suggest query longer than SEARCH_QUERY_MAX characters -> 400; an empty (or whitespace-only)
// query -> 200 with empty results. Queries are plain text (never interpreted as SQL or HTML).
// A point with no known address in India -> 404 on reverse-geocode/latlng; the maps service
// failing or refusing (Google provider) -> 502 with code "maps_unavailable".
// Caching: list, all, banners, menu, offers and search GETs carry a strong ETag and Cache-Control
// (search shorter) and answer 304 to If-None-Match; bodies may come brotli/gzip encoded.
// Restaurant list order: open restaurants first in every sort, then by the chosen sort.
import { z } from './zod.ts';
import { couponSchema as offerCouponSchema } from './checkout.ts';
import { text, textCheck } from './fields.ts';
import {
  RESTAURANT_PAGE_SIZE,
  RESTAURANT_PAGE_SIZE_MAX,
  RESTAURANT_SORTS,
  SEARCH_QUERY_MAX,
} from './paths.ts';

// ---------------------------------------------------------------------------------------------
// Limits and enums
// ---------------------------------------------------------------------------------------------

export const restaurantSortSchema = z.enum(RESTAURANT_SORTS);
export type RestaurantSort = z.infer<typeof restaurantSortSchema>;

// ---------------------------------------------------------------------------------------------
// List filters (the paths themselves are in paths.ts)
// ---------------------------------------------------------------------------------------------

/** Query filters of the restaurant list; the client keeps them in its URL with the same names. */
export interface RestaurantListFilters {
  veg?: boolean;
  rating4?: boolean;
  fast?: boolean;
  cuisine?: string;
  sort?: RestaurantSort;
}

/**
 * One page of the restaurant list: the URL's filters, Veg mode (the `veg_mode` cookie: hides the
 * restaurants that serve no veg dish) and which page.
 */
export interface RestaurantListRequest extends RestaurantListFilters {
  veg_mode?: boolean;
  page?: number;
  page_size?: number;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;
const coordinate = (name: string, limit: number) =>
  z
    .string({ error: `${name} is required` })
    .regex(NUMERIC, `${name} must be a number`)
    .transform(Number)
    .refine((v) => v >= -limit && v <= limit, `${name} must be between -${limit} and ${limit}`);
/** Query/path coordinate given as text ("12.9352"). */
export const latSchema = coordinate('lat', 90);
export const lngSchema = coordinate('lng', 180);

/** A boolean query flag: "1"/"true" on, "0"/"false"/absent off. */
export const flagSchema = z
  .enum(['1', '0', 'true', 'false'], { error: 'use 1/0 or true/false' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** A paged list's page number (from 1). */
const pageSchema = z.coerce
  .number({ error: 'page must be a number' })
  .int()
  .min(1)
  .max(10_000)
  .optional()
  .default(1);
const pageSizeSchema = (max: number, fallback: number) =>
  z.coerce.number({ error: 'page_size must be a number' }).int().min(1).max(max).optional().default(fallback);

/** Plain-text search query; absent/empty means "no query" (empty results). */
export const searchQuerySchema = textCheck(
  z.string().trim().max(SEARCH_QUERY_MAX, `query must be at most ${SEARCH_QUERY_MAX} characters`),
  'query',
)
  .optional()
  .transform((v) => v ?? '');

/** Places-autocomplete text (the rest of the path, decoded); empty means "type something". */
export const autocompleteTextSchema = text({
  label: 'text',
  max: SEARCH_QUERY_MAX,
  tooLong: `text must be at most ${SEARCH_QUERY_MAX} characters.`,
});

/** Longest accepted place id (reverse-geocode/{place}). */
export const PLACE_ID_MAX = 512;
export const placeIdSchema = text({
  label: 'place id',
  min: 1,
  max: PLACE_ID_MAX,
  required: 'Send a place id.',
  tooLong: `A place id is at most ${PLACE_ID_MAX} characters.`,
});

const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

// ---------------------------------------------------------------------------------------------
// Maps
// ---------------------------------------------------------------------------------------------

export const placePredictionSchema = z.object({
  /** Opaque, stable id: pass it to reverseGeocodePlace. */
  place_id: z.string(),
  description: z.string(),
  /** First term's value is the title (locality or city), the rest the context. */
  terms: z.array(z.object({ value: z.string(), offset: z.number().int() })),
  structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }),
  types: z.array(z.string()),
});
export type PlacePrediction = z.infer<typeof placePredictionSchema>;

export const autocompleteParamsSchema = z.object({ text: autocompleteTextSchema });
export const autocompleteResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(placePredictionSchema),
});
export type AutocompleteResponse = z.infer<typeof autocompleteResponseSchema>;

export const addressComponentSchema = z.object({
  long_name: z.string(),
  short_name: z.string(),
  types: z.array(z.string()),
});
export type AddressComponent = z.infer<typeof addressComponentSchema>;

export const geocodeResultSchema = z.object({
  place_id: z.string(),
  formatted_address: z.string(),
  address_components: z.array(addressComponentSchema),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
  types: z.array(z.string()),
  /** Convenience: the neighbourhood/locality name (store's userLocation.area). */
  area: z.string(),
  /** Convenience: the city name ('' when unknown). */
  city: z.string(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

/** reverse-geocode/{place} and reverse-geocode/latlng/{latlng}: data[0] is the best match. */
export const geocodeResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(geocodeResultSchema),
});
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

/** {latlng} path segment: "12.93,77.62" (the route parses the numbers with parseLatLng). */
export const latLngParamSchema = text({ label: 'latlng', max: 60 });

/**
 * reverse-geocode/allowed/latlng/{latlng}/{storeID}: 200 either way; status true when the point is
 * within the store's delivery radius, with a human message ("Delivers here" / "Outside ...").
 * data[] holds the reverse-geocoded address of the point.
 */
export const allowedResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(geocodeResultSchema),
  distance_m: z.number().int(),
  delivery_radius_m: z.number().int(),
  restaurant_id: z.number().int(),
});
export type AllowedResponse = z.infer<typeof allowedResponseSchema>;

/**
 * GET /api/v1/gmaps/browser-key/: how the client draws a map. `key` is the Google browser key (the
 * Google widget) or null; `tiles` is the street map shown without it (and on tracking): a tile URL
 * template with {z}/{x}/{y} and the attribution its licence requires (docs/decisions/0005).
 */
export const browserKeyResponseSchema = z.object({
  key: z.string().nullable(),
  tiles: z.object({ url: z.string(), attribution: z.string() }),
});
export type BrowserKeyResponse = z.infer<typeof browserKeyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Restaurants
// ---------------------------------------------------------------------------------------------

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  /** Client route or absolute URL the banner opens. */
  link: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersResponseSchema = listEnvelope(bannerSchema);
export type BannersResponse = z.infer<typeof bannersResponseSchema>;

export const restaurantCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  rating: z.number(),
  rating_count: z.number().int(),
  delivery_time_min: z.number().int(),
  /** Paise. */
  cost_for_two: z.number().int(),
  cuisines: z.array(z.string()),
  offer_text: z.string().nullable(),
  pure_veg: z.boolean(),
  /** Serves at least one veg dish: it shows in Veg mode (src/shared/diet.ts). */
  serves_veg: z.boolean(),
  area: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  delivery_radius_m: z.number().int(),
  /** Metres from the requested point; null when the call had no point. */
  distance_m: z.number().int().nullable(),
  is_open: z.boolean(),
  /** When closed: the next opening (ISO 8601), else null. */
  next_open_at: z.string().nullable(),
  /** When closed: e.g. "Opens at 11:00 AM" / "Opens tomorrow at 11:00 AM", else null. */
  next_open_label: z.string().nullable(),
  /** e.g. "11:00 AM – 11:00 PM" or "Open 24 hours". */
  hours_label: z.string(),
  // Kitchen controls (docs/kitchen-controls.md). Always sent; optional so that bodies cached before
  // they existed (service worker) still read as taking orders.
  /** False while the restaurant is paused (by staff, or with no staff device connected). */
  accepting_orders: z.boolean().optional(),
  /** "Not accepting orders right now" while paused, else null. */
  not_accepting_reason: z.string().nullable().optional(),
  /** The end of a timed pause (ISO 8601), else null. */
  paused_until: z.string().nullable().optional(),
});
export type RestaurantCard = z.infer<typeof restaurantCardSchema>;

export const restaurantListQuerySchema = z.object({
  lat: latSchema,
  lng: lngSchema,
  veg: flagSchema,
  rating4: flagSchema,
  fast: flagSchema,
  cuisine: text({ label: 'cuisine', max: 60, tooLong: 'cuisine must be at most 60 characters' }).optional(),
  sort: restaurantSortSchema.optional().default('relevance'),
  veg_mode: flagSchema,
  page: pageSchema,
  page_size: pageSizeSchema(RESTAURANT_PAGE_SIZE_MAX, RESTAURANT_PAGE_SIZE),
});
export type RestaurantListQuery = z.infer<typeof restaurantListQuerySchema>;

/**
 * A page of the restaurants delivering to the point that pass the filters, in the list's order: `count`
 * is all of them, `next` and `previous` the neighbouring pages' paths (null at either end).
 */
export const restaurantListResponseSchema = listEnvelope(restaurantCardSchema).extend({
  /** Cuisines offered by restaurants delivering to the point (before filters), alphabetical. */
  cuisines: z.array(z.string()),
  /** How many restaurants deliver to the point before filters (0: nothing delivers here). */
  total_nearby: z.number().int(),
});
export type RestaurantListResponse = z.infer<typeof restaurantListResponseSchema>;

/** GET /api/v1/restaurant/all/: every active restaurant, by id, paginated (optionally one city). */
export const allRestaurantsQuerySchema = z.object({
  city: text({ label: 'city', max: 60, tooLong: 'city must be at most 60 characters' }).optional(),
  page: pageSchema,
  page_size: pageSizeSchema(200, 100),
});
export type AllRestaurantsQuery = z.infer<typeof allRestaurantsQuerySchema>;
export const allRestaurantsResponseSchema = listEnvelope(restaurantCardSchema);
export type AllRestaurantsResponse = z.infer<typeof allRestaurantsResponseSchema>;

/** A coupon's display fields (docs/product.md#coupons) plus its discount terms: the checkout's
 * Coupon, one schema for both (no time window: empty startTime and endTime). */
export { couponSchema as offerCouponSchema, type Coupon as OfferCoupon } from './checkout.ts';

/** A dish's variant or add-on group (src/shared/customisation.ts has its rules). */
export const optionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['variant', 'addon']),
  min: z.number().int(),
  max: z.number().int(),
  options: z.array(
    z.object({ id: z.number().int(), name: z.string(), price: z.number().int(), in_stock: z.boolean() }),
  ),
});

export const menuItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Paise: the price without choices (options add theirs). */
  price: z.number().int(),
  is_veg: z.boolean(),
  /** The dish's dietary mark: veg, egg (egg but no meat or fish) or non-veg. */
  diet: z.enum(['veg', 'egg', 'non_veg']),
  is_bestseller: z.boolean(),
  in_stock: z.boolean(),
  image: z.string().nullable(),
  /** Sent only for a dish with choices: its variant and add-on groups, in menu order. */
  option_groups: z.array(optionGroupSchema).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  items: z.array(menuItemSchema),
});
export type MenuCategory = z.infer<typeof menuCategorySchema>;

/** A restaurant's numeric id or slug in a path; anything unknown (or odd) is a 404. */
export const restaurantRefSchema = text({ label: 'Restaurant id', max: 120 });
export const restaurantParamsSchema = z.object({ id: restaurantRefSchema });
/** reverse-geocode/allowed/latlng/{latlng}/{storeID} */
export const allowedParamsSchema = z.object({ latlng: latLngParamSchema, storeID: restaurantRefSchema });

/** GET /api/v1/restaurant/{id}/: header info + offers strip + menu. */
export const restaurantDetailSchema = restaurantCardSchema.extend({
  address: z.string(),
  /** Paise per order. */
  packaging_fee: z.number().int(),
  /** Coupons valid for this store (store_type all or listing it), active and not expired. */
  offers: z.array(offerCouponSchema),
  categories: z.array(menuCategorySchema),
  item_count: z.number().int(),
});
export type RestaurantDetail = z.infer<typeof restaurantDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

// Search and suggestions match dish and restaurant names as typed and by their spelling key
// (src/shared/spelling-key.ts: "panner" finds paneer). With lat and lng (both or neither: 400
// otherwise) what delivers to that point comes first, by the restaurant list's rule (each
// restaurant's delivery radius); anything else follows, if at all, with delivers false. Without a
// point delivers is null. Answers are cached per query and rounded point.
export const searchQueryParamsSchema = z.object({
  query: searchQuerySchema,
  lat: latSchema.optional(),
  lng: lngSchema.optional(),
});
export const suggestQueryParamsSchema = searchQueryParamsSchema;

/** True: delivers to the point asked about; false: does not; null: no point was given. */
const deliversSchema = z.boolean().nullable();

export const suggestionSchema = z.object({
  type: z.enum(['dish', 'restaurant']),
  /** Menu item id (dish) or restaurant id. */
  id: z.number().int(),
  name: z.string(),
  /** Dish: restaurant name; restaurant: cuisines joined. */
  subtitle: z.string(),
  restaurant_id: z.number().int(),
  restaurant_slug: z.string(),
  image: z.string().nullable(),
  is_veg: z.boolean().nullable(),
  /** Whether the restaurant (of the dish) delivers to the point asked about. */
  delivers: deliversSchema,
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestResponseSchema = z.object({
  query: z.string(),
  results: z.array(suggestionSchema),
});
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;

export const searchRestaurantRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  area: z.string(),
  city: z.string(),
  image: z.string(),
  rating: z.number(),
  delivery_time_min: z.number().int(),
  is_open: z.boolean(),
  distance_m: z.number().int().nullable(),
  delivers: deliversSchema,
});
export const dishHitSchema = menuItemSchema.extend({
  category: z.string(),
  restaurant: searchRestaurantRefSchema,
});
export type DishHit = z.infer<typeof dishHitSchema>;

export const searchRestaurantSchema = restaurantCardSchema.extend({ delivers: deliversSchema });
export type SearchRestaurant = z.infer<typeof searchRestaurantSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  dishes: z.array(dishHitSchema),
  restaurants: z.array(searchRestaurantSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Offers
// ---------------------------------------------------------------------------------------------

export const offersQuerySchema = z.object({ lat: latSchema.optional(), lng: lngSchema.optional() });
export const offersResponseSchema = z.object({
  /** Active, unexpired coupons. */
  coupons: z.array(offerCouponSchema),
  /** Restaurants with an offer_text delivering to the point (empty without a point). */
  restaurants: z.array(restaurantCardSchema),
});
export type OffersResponse = z.infer<typeof offersResponseSchema>;
