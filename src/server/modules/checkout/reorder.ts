// Reorder (issue 16): a past order's dishes go back in the cart with their choices and quantities, at
// today's menu, and the customer is told what changed since: a dish repriced (in the cart at its
// price now), unavailable (left out), or whose choices no longer exist (left out: choose them again on
// the menu). setQuantity applies the cart's own rules to each line, so a reorder can put in the cart
// nothing that the menu's Add could not.
import { CART_ERROR_CODES, type ReorderWarning } from '../../../shared/api/checkout.ts';
import { lineKey, lineLabel } from '../../../shared/customisation.ts';
import type { Queryable } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { setQuantity } from './cart.ts';
import { cartLines, orderedLines, ownOrderRestaurant, type CartRow, type OrderedLine } from './queries.ts';

export async function reorderInto(
  q: Queryable,
  cart: CartRow,
  userId: number,
  orderId: number,
  replace: boolean,
): Promise<{ added: number; warnings: ReorderWarning[] }> {
  const restaurantId = await ownOrderRestaurant(q, userId, orderId);
  if (restaurantId === undefined) throw new HttpError(404, 'Order not found.', 'not_found');
  const lines = await orderedLines(q, orderId);
  const warnings: ReorderWarning[] = [];
  const added: OrderedLine[] = [];
  for (const line of lines) {
    try {
      // The first line added empties another restaurant's cart when the customer said so.
      await setQuantity(q, cart, {
        item: line.menu_item_id,
        quantity: line.quantity,
        options: line.options,
        replace: replace && added.length === 0,
      });
      added.push(line);
      // The cart is the order's restaurant's now (setQuantity reads the row it is given).
      cart = { ...cart, restaurant_id: restaurantId };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const name = lineLabel(line.name, line.choices);
      if (err.code === CART_ERROR_CODES.choices) {
        warnings.push({ kind: 'choices', item: line.menu_item_id, options: line.options, name });
      } else if (err.code === CART_ERROR_CODES.outOfStock || err.code === CART_ERROR_CODES.itemNotFound) {
        warnings.push({ kind: 'unavailable', item: line.menu_item_id, options: line.options, name });
      } else {
        throw err; // another restaurant's cart (409): the customer decides first
      }
    }
  }
  if (!added.length) {
    throw new HttpError(
      409,
      'None of the dishes of this order can be ordered now.',
      CART_ERROR_CODES.nothingToReorder,
    );
  }
  const now = new Map((await cartLines(q, cart.id)).map((l) => [lineKey(l.id, l.options), l.price]));
  for (const line of added) {
    const price = now.get(lineKey(line.menu_item_id, line.options));
    if (price !== undefined && price !== line.price) {
      const name = lineLabel(line.name, line.choices);
      warnings.push({
        kind: 'price',
        item: line.menu_item_id,
        options: line.options,
        name,
        from: line.price,
        to: price,
      });
    }
  }
  return { added: added.length, warnings };
}
