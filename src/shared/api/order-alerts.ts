// The staff alert contract (issue 14): a new order rings on every staff screen until someone accepts
// it or presses Acknowledge. The acknowledgement goes through the server, which relays it to every
// staff socket of the restaurant as an `order.acknowledged` event; the alert list tells a screen that
// (re)connects which orders should still be ringing. Staff only, under the live-orders API.

/** Orders placed longer ago than this no longer ring: the kitchen has long seen them or they lapsed. */
export const RINGING_WINDOW_HOURS = 12;
/** At most this many ringing orders are listed (oldest first). */
export const RINGING_LIST_LIMIT = 50;

/** One order that should be ringing. */
export interface RingingOrder {
  id: number;
  order_number: string;
  placed_at: string;
}

/** A paid order scheduled for later: it starts ringing at `ring_at` (when its cooking should start). */
export interface UpcomingOrder {
  id: number;
  order_number: string;
  ring_at: string;
}

export interface RingingList {
  count: number;
  results: RingingOrder[];
  /**
   * Scheduled orders that will ring later (the next two days, soonest first, at most
   * RINGING_LIST_LIMIT), so a screen opened or reloaded before their time still rings on time.
   */
  upcoming?: UpcomingOrder[];
}

/** The answer to an acknowledgement (also when the order was already acknowledged or accepted). */
export interface Acknowledged {
  order_id: number;
  order_number: string;
  acknowledged_at: string | null;
  /** Whether this call silenced it (false: someone did before, or it is no longer waiting). */
  changed: boolean;
}
