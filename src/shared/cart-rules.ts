// Rules of a cart line shared by the server (which enforces them) and the client (which explains them
// before asking): kept free of zod so client chunks can import them.

/** The most of one dish a cart line holds (the database checks it too). */
export const MAX_ITEM_QUANTITY = 50;

export const quantityLimitMessage = (name?: string): string =>
  `You can add up to ${MAX_ITEM_QUANTITY}${name ? ` × ${name}` : ' of one item'} per order.`;
