// Business constants from SPEC.md section 9, shared by client, server and service worker.
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
export const TABLE_HEIGHT_OFFSET = 126;
export const DEFAULT_FETCH_DELAY_MS = 200;
export const ORDER_NOTIFICATION = {
  title: '!! Order Update Received',
  body: 'You have a new Order Update',
} as const;

/** Cookie names of SPEC.md section 3. */
export const COOKIES = {
  sessionKey: 'session_key',
  restaurantId: 'res_id',
  authToken: 'auth._token.local',
  userLocation: 'userLocation',
  csrf: 'csrftoken',
} as const;
