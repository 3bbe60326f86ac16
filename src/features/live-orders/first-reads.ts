// What a server-rendered console reads first (src/app/first-paint.tsx): the kitchen's state for the
// top bar and the board's orders, under the keys the console's data hooks look them up by.
import { kitchenPaths } from '../../shared/api/paths.ts';
import { restaurantOrdersPath } from './api/list-restaurant-orders.ts';
import { BOARD_QUERY } from './order-list-query.ts';

/** The paths to read for the console at these search params, or null: a view the browser renders. */
export function consoleFirstReads(params: URLSearchParams): string[] | null {
  const view = params.get('view');
  if (view !== null && view !== 'board') return null;
  return [kitchenPaths.state, restaurantOrdersPath(BOARD_QUERY)];
}
