// Route names as docs/product.md#routes calls the pages; the table
// itself lives in src/shared/routes.ts, shared with the server.
export { ROUTE_NAMES, type RouteName } from '../shared/routes.ts';
