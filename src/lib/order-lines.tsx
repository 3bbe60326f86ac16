// An order's lines as the customer sees them ("2 × Name", its choices, the line's price): the success
// page, tracking and the orders page list them one way; each place keeps its own list class.
import type { ReactNode } from 'react';
import { orderLineKey } from '../shared/customisation.ts';
import { formatRupees } from './format.ts';

export interface OrderLine {
  menu_item_id: number;
  name: string;
  quantity: number;
  /** One unit's price in paise. */
  price: number;
  choices?: string[];
}

export function OrderLines<L extends OrderLine>({
  items,
  className,
  mark,
}: {
  items: L[];
  className: string;
  /** Shown before the quantity (the orders page's veg mark). */
  mark?: (line: L) => ReactNode;
}) {
  return (
    <ul className={className}>
      {items.map((i) => (
        <li key={orderLineKey(i.menu_item_id, i.choices)}>
          <span>
            {mark?.(i)}
            {i.quantity} × {i.name}
            {!!i.choices?.length && <span className="item-choices">{i.choices.join(', ')}</span>}
          </span>
          <span>{formatRupees(i.price * i.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
