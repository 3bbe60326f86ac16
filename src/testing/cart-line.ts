// A line of the customer's cart as the cart API answers it and the store keeps it: one Chicken
// Biryani (₹250) from restaurant 1 unless told otherwise; line_total follows price × quantity.
import type { CartItem } from '../shared/api/checkout.ts';

export function cartLine(over: Partial<CartItem> = {}): CartItem {
  const line: CartItem = {
    id: 7,
    name: 'Chicken Biryani',
    price: 25000,
    quantity: 1,
    line_total: 0,
    is_veg: false,
    in_stock: true,
    image: null,
    restaurant_id: 1,
    ...over,
  };
  return { ...line, line_total: over.line_total ?? line.price * line.quantity };
}
