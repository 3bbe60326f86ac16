// Ratings and favourites (issue 16). After delivery the customer who placed an order rates it once,
// 1-5, and may rate its dishes and leave a comment; a customer hearts restaurants and finds them in
// /myaccount. Plain types and limits here (paths in paths.ts); the zod request schemas live in
// ratings-schemas.ts so the list and menu pages (which show the heart) carry no zod.

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Longest comment kept (characters, after trimming). */
export const RATING_COMMENT_MAX = 500;
/** Most favourites one customer keeps. */
export const FAVOURITES_MAX = 500;

/**
 * How the seeded ratings (imported with the demo data, thousands of votes) combine with ours: the
 * seeded average counts as at most this many votes, so a rating from one of our customers moves the
 * shown average visibly, while the shown count is the seeded count plus ours. The seeded average and
 * count are kept on the restaurant (prior_rating, prior_rating_count) when its first real rating lands.
 */
export const PRIOR_WEIGHT_MAX = 10;

/** The shown average: seeded votes (weight capped) and real ones, rounded to one decimal. */
export function combinedRating(
  prior: { rating: number; count: number },
  real: { sum: number; count: number },
): { rating: number; count: number } {
  const weight = Math.min(prior.count, PRIOR_WEIGHT_MAX);
  const votes = weight + real.count;
  const rating = votes === 0 ? prior.rating : (prior.rating * weight + real.sum) / votes;
  return { rating: Math.round(rating * 10) / 10, count: prior.count + real.count };
}

export interface RatedDish {
  menu_item_id: number;
  name: string;
}

export interface GivenRating {
  rating: number;
  comment: string | null;
  items: Array<RatedDish & { rating: number }>;
  created_at: string;
}

/** The answer of GET and POST on ratingsPaths.order. */
export interface OrderRatingState {
  order_id: number;
  /** The order's restaurant (the client refreshes its list and menu once it has rated). */
  restaurant: { id: number; slug: string };
  /** True while the order is delivered and not yet rated. */
  can_rate: boolean;
  /** The dishes that may be rated (one entry per dish, in order). */
  items: RatedDish[];
  rating: GivenRating | null;
}

export interface FavouriteRestaurant {
  id: number;
  slug: string;
  name: string;
  image: string;
  area: string;
  cuisines: string[];
  rating: number;
  rating_count: number;
  delivery_time_min: number;
  /** Paise. */
  cost_for_two: number;
  pure_veg: boolean;
}

export interface FavouriteList {
  results: FavouriteRestaurant[];
}

export interface FavouriteChange {
  restaurant_id: number;
  favourite: boolean;
}
