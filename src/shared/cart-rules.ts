// Rules of a cart line shared by the server (which enforces them) and the client (which explains them
// before asking): kept free of zod so client chunks can import them.

/** The most of one dish a cart line holds (the database checks it too). */
export const MAX_ITEM_QUANTITY = 50;

export const quantityLimitMessage = (name?: string): string =>
  `You can add up to ${MAX_ITEM_QUANTITY}${name ? ` × ${name}` : ' of one item'} per order.`;

/** Cart error codes worth branching on (the message is always human-readable). */
export const CART_ERROR_CODES = {
  storeConflict: 'cart_store_conflict',
  userNotFound: 'user_not_found',
  itemNotFound: 'item_not_found',
  outOfStock: 'item_out_of_stock',
  cartEmpty: 'cart_empty',
  conflict: 'cart_conflict',
  /** The choices sent do not fit the dish (missing a required one, too many, gone, unavailable). */
  choices: 'item_choices_invalid',
  /** Reorder: none of the order's dishes can be ordered now. */
  nothingToReorder: 'reorder_nothing_available',
} as const;
