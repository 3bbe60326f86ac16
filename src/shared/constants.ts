// Business constants of docs/product.md#constants-and-limits, shared by client, server and service worker.
export const THEME_COLOR = '#fed501';
export const SNACKBAR_MS = 3000;
export const LOCATION_SEARCH_DEBOUNCE_MS = 2000;
export const RECENT_SEARCHES_MAX = 5;
export const USER_LOCATION_COOKIE_S = 604_800;
export const CART_SESSION_COOKIE_S = 604_800;
export const AUTH_COOKIE_DAYS = 7;
export const MAP_ZOOM = 13;
export const MAP_OPEN_DELAY_MS = 1000;
export const MAP_CLUSTER_GRID = 60;
export const MAP_CLUSTER_MIN_SIZE = 2;
export const MAPS_SCRIPT_TIMEOUT_MS = 5000;
export const CAROUSEL = {
  autoplayMs: 3000,
  swipeDistance: 50,
  throttleMs: 500,
  progressThrottleMs: 200,
  progressDurationMs: 5000,
} as const;
export const TOKEN_REFRESH = { fraction: 0.75, minMs: 10_000, defaultMs: 675_000 } as const;
export const LIVE_ORDERS_REFRESH = { limit: 10, offset: 0 } as const;
export const SOCKET = { connectionTimeoutMs: 1000, maxRetries: 3 } as const;
/**
 * The order sockets' heartbeat: the server pings every socket this often (WS_HEARTBEAT_MS, at most
 * this) and a client that hears nothing for MISSED_BEATS beats treats the connection as dead.
 */
export const WS_HEARTBEAT_DEFAULT_MS = 10_000;
export const WS_MISSED_BEATS = 2;
export const TABLE_HEIGHT_OFFSET = 126;
export const DEFAULT_FETCH_DELAY_MS = 200;
export const ORDER_NOTIFICATION = {
  title: '!! Order Update Received',
  body: 'You have a new Order Update',
} as const;

/** Cookie names (docs/product.md#cookies). */
export const COOKIES = {
  sessionKey: 'session_key',
  restaurantId: 'res_id',
  authToken: 'auth._token.local',
  userLocation: 'userLocation',
  csrf: 'csrftoken',
  /** Lines of the cart this browser last showed: a first page knows an empty cart without loading it. */
  cartLines: 'cart_lines',
} as const;
/** Close codes of the order sockets: the client stops retrying on these. */
export const WS_CLOSE = {
  unauthenticated: 4401,
  forbidden: 4403,
  notFound: 4404,
  unsupported: 1003,
} as const;
