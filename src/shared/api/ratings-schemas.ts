// Request schemas of ratings and favourites (issue 16): every field bounded and storable, one clear
// message per rule (the server answers 400 with it; the rating card checks the same before sending).
import { z } from './zod.ts';
import { idParamSchema, idSchema, text } from './fields.ts';
import { RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from './ratings.ts';

const starsMessage = (label: string) =>
  `${label} must be a whole number of stars from ${RATING_MIN} to ${RATING_MAX}.`;
const stars = (label: string) =>
  z
    .number({ error: starsMessage(label) })
    .int(starsMessage(label))
    .min(RATING_MIN, starsMessage(label))
    .max(RATING_MAX, starsMessage(label));

/** At most one entry per dish of an order; orders never hold this many different dishes. */
export const RATED_ITEMS_MAX = 100;

export const rateOrderRequestSchema = z.object({
  rating: stars('Rating'),
  items: z
    .array(z.object({ menu_item_id: idSchema('Dish id'), rating: stars('Dish rating') }), {
      error: 'Dish ratings must be a list.',
    })
    .max(RATED_ITEMS_MAX, `At most ${RATED_ITEMS_MAX} dish ratings.`)
    .refine(
      (items) => new Set(items.map((i) => i.menu_item_id)).size === items.length,
      'Each dish can be rated once.',
    )
    .optional()
    .default([]),
  comment: text({ label: 'Comment', max: RATING_COMMENT_MAX, multiline: true }).optional().nullable(),
});
export type RateOrderRequest = z.input<typeof rateOrderRequestSchema>;

export const favouriteParamsSchema = z.object({ restaurantId: idParamSchema('Restaurant id') });
