// The kitchen controls API contract (staff of one restaurant, under /api/v1/restaurant-admin/): prep
// time adjustments, busy mode, pause, auto-accept, item stock and the control history. Rules:
// src/shared/kitchen.ts and docs/kitchen-controls.md.
import { z } from './zod.ts';
import {
  BUSY_EXTRA_CHOICES,
  PAUSE_MINUTES_CHOICES,
  PAUSE_UNTIL_REOPENED,
  PREP_ADJUST_MAX_MIN,
  PREP_STEP_MIN,
  STOCK_DURATIONS,
} from '../kitchen.ts';
import { PREP_TIME_LIMITS } from '../order-status.ts';
import { pageSchema } from './errors.ts';
import { boundedNumber, idParamSchema } from './fields.ts';
import { orderSummarySchema } from './orders.ts';

// ---------------------------------------------------------------- requests

/** PUT kitchen/busy/: minutes added to every prep time (0 turns busy mode off). */
export const busyBodySchema = z.object({
  extra_min: z.literal(BUSY_EXTRA_CHOICES, {
    error: `extra_min must be one of ${BUSY_EXTRA_CHOICES.join(', ')}.`,
  }),
});
export type BusyBody = z.infer<typeof busyBodySchema>;

/** POST kitchen/pause/: 15, 30 or 60 minutes, or "until_reopened". */
export const pauseBodySchema = z.object({
  duration: z.literal([...PAUSE_MINUTES_CHOICES, PAUSE_UNTIL_REOPENED], {
    error: `duration must be one of ${PAUSE_MINUTES_CHOICES.join(', ')} (minutes) or "${PAUSE_UNTIL_REOPENED}".`,
  }),
});
export type PauseBody = z.infer<typeof pauseBodySchema>;

const prepMinutes = (label: string) =>
  boundedNumber(label, PREP_TIME_LIMITS.min, PREP_TIME_LIMITS.max).int(
    `${label} must be a whole number of minutes.`,
  );

/** PUT kitchen/auto-accept/: the toggle, and optionally the prep time auto-accepted orders get. */
export const autoAcceptBodySchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
  default_prep_time_min: prepMinutes('default_prep_time_min').optional(),
});
export type AutoAcceptBody = z.infer<typeof autoAcceptBodySchema>;

/** PUT menu/items/{id}/stock/: back in stock, or out of stock for a duration. */
export const itemStockBodySchema = z
  .object({
    in_stock: z.boolean({ error: 'in_stock must be true or false.' }),
    duration: z
      .literal(STOCK_DURATIONS, { error: `duration must be one of ${STOCK_DURATIONS.join(', ')}.` })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.in_stock && b.duration === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['duration'],
        message: `Say how long the item is out of stock: ${STOCK_DURATIONS.join(', ')}.`,
      });
    if (b.in_stock && b.duration !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['duration'],
        message: 'duration applies only when marking an item out of stock.',
      });
  });
export type ItemStockBody = z.infer<typeof itemStockBodySchema>;

/** POST orders/{id}/prep-time/: move the prep time (and the ETA) by whole 5-minute steps. */
export const prepTimeBodySchema = z.object({
  delta_min: boundedNumber('delta_min', -PREP_ADJUST_MAX_MIN, PREP_ADJUST_MAX_MIN)
    .int('delta_min must be a whole number of minutes.')
    .refine((n) => n !== 0 && n % PREP_STEP_MIN === 0, {
      message: `delta_min must be a non-zero multiple of ${PREP_STEP_MIN}, e.g. ${PREP_STEP_MIN} or -${PREP_STEP_MIN}.`,
    }),
});
export type PrepTimeBody = z.infer<typeof prepTimeBodySchema>;

export const itemIdParamsSchema = z.object({ id: idParamSchema('Item id') });

export const kitchenLogQuerySchema = z.object({
  limit: z.coerce
    .number<number | string>({ error: 'limit must be a number from 1 to 100.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be a number from 1 to 100.')
    .max(100, 'limit must be a number from 1 to 100.')
    .default(20),
  offset: z.coerce
    .number<number | string>({ error: 'offset must be a number from 0 to 100000.' })
    .int('offset must be a whole number.')
    .min(0, 'offset must be a number from 0 to 100000.')
    .max(100_000, 'offset must be a number from 0 to 100000.')
    .default(0),
});

// ---------------------------------------------------------------- answers

/** GET kitchen/ and every control's answer: the restaurant's whole kitchen state, now. */
export const kitchenStateSchema = z.object({
  restaurant: z.object({
    id: z.number().int(),
    name: z.string(),
    is_open: z.boolean(),
    hours_label: z.string(),
  }),
  /** What customers see: false while any pause is in force. */
  accepting_orders: z.boolean(),
  /** "Not accepting orders right now" while paused, else null. */
  not_accepting_reason: z.string().nullable(),
  /** A pause set by staff, while in force: until (ISO 8601) or until reopened (until null). */
  pause: z
    .object({
      until: z.string().nullable(),
      until_reopened: z.boolean(),
      since: z.string().nullable(),
    })
    .nullable(),
  /** The server's own pause while no staff device is connected; ends when one connects. */
  unattended_pause: z.object({ since: z.string(), reason: z.string() }).nullable(),
  busy_extra_min: z.number().int(),
  auto_accept: z.boolean(),
  default_prep_time_min: z.number().int(),
  /** Staff devices (live-orders sockets) connected now, over every server process. */
  staff_devices: z.object({ connected: z.number().int(), last_seen_at: z.string().nullable() }),
  /** Items out of stock now; until null means until turned back on. */
  out_of_stock: z.array(z.object({ id: z.number().int(), name: z.string(), until: z.string().nullable() })),
});
export type KitchenState = z.infer<typeof kitchenStateSchema>;

export const kitchenItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  price: z.number().int(),
  is_veg: z.boolean(),
  /** In stock now (a timed "out of stock" that ran out counts as in stock). */
  in_stock: z.boolean(),
  /** While out of stock: when it comes back by itself (null: when turned back on). */
  out_of_stock_until: z.string().nullable(),
});
export type KitchenItem = z.infer<typeof kitchenItemSchema>;
export const kitchenItemPageSchema = pageSchema(kitchenItemSchema);
export type KitchenItemPage = z.infer<typeof kitchenItemPageSchema>;
export const itemStockResponseSchema = z.object({ item: kitchenItemSchema });

export const prepTimeResponseSchema = z.object({ order: orderSummarySchema });

export const KITCHEN_ACTIONS = [
  'busy',
  'pause',
  'resume',
  'auto_pause',
  'auto_resume',
  'auto_accept',
  'default_prep_time',
  'stock',
  'prep_time',
] as const;
export type KitchenAction = (typeof KITCHEN_ACTIONS)[number];

/** One control in the history: who (null: the server itself), when, what, from and to. */
export const kitchenLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.enum(KITCHEN_ACTIONS),
  /** The item or order it was about (name or order number), else null. */
  subject: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  /** One sentence for the console: "Ravi Kumar paused new orders for 30 minutes." */
  summary: z.string(),
});
export type KitchenLogEntry = z.infer<typeof kitchenLogEntrySchema>;
export const kitchenLogPageSchema = pageSchema(kitchenLogEntrySchema);
export type KitchenLogPage = z.infer<typeof kitchenLogPageSchema>;
