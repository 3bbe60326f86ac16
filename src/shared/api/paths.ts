// Every API path and the limits both sides must agree on, in one module without zod: the server's
// contract modules (the schemas, beside this file) and the client's calls import the same tables, so
// client chunks carry no copy and no schema. The client may not write an /api/ or /ws/ path of its
// own (eslint.config.js), and tests/api/paths.test.ts checks that every path here is a route the
// server has. One naming style: `<area>Paths`, each entry a string or a function of its parameters.
import type { RestaurantListRequest } from './discovery.ts';

// ---------------------------------------------------------------- limits

/** Longest accepted search/suggest/autocomplete text (characters, after trimming). */
export const SEARCH_QUERY_MAX = 100;
/** At most this many suggestions are answered by the suggest call. */
export const SUGGEST_LIMIT = 8;
/** "Fast delivery" filter: delivery time at most this many minutes. */
export const FAST_DELIVERY_MAX_MIN = 30;
/** "Rating 4.0+" filter threshold. */
export const HIGH_RATING_MIN = 4;
/** The restaurant list's sorts (`sort`), the first the default. */
export const RESTAURANT_SORTS = ['relevance', 'delivery_time', 'rating', 'cost_asc', 'cost_desc'] as const;
/** Restaurant list: cards a page answers when the request names no page_size, and the most it may ask. */
export const RESTAURANT_PAGE_SIZE = 20;
export const RESTAURANT_PAGE_SIZE_MAX = 100;

// ---------------------------------------------------------------- paths

const enc = encodeURIComponent;
const qs = (params: Record<string, string | number | undefined>): string => {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${enc(k)}=${enc(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
};

/** Every accounts call, with the /api prefix (pass straight to lib/http `api()`). */
export const accountsPaths = {
  loginCustomer: '/api/v1/login/customers',
  loginStaff: '/api/v1/login/staff',
  refresh: '/api/v1/login/refresh/',
  logout: '/api/v1/logout/',
  signup: '/api/v1/users/customer/create',
  verify: '/api/v1/users/customer/verify/',
  sendOtp: '/api/v1/users/sendotp/',
  sendOtpUpdate: '/api/v1/users/sendotp-update/',
  changePhoneNumber: '/api/v1/users/changephonenumber/',
  changePassword: '/api/v1/users/changepassword/',
  updateProfile: '/api/v1/users/update-profile/',
  details: '/api/v1/users/details/',
  requestRemove: '/api/v1/users/request-remove/',
  addresses: '/api/v1/users/customer/address/',
  address: (id: number | string) => `/api/v1/users/customer/address/${encodeURIComponent(String(id))}`,
  createAddress: '/api/v1/users/customer/address/create',
  deleteAddress: (id: number | string) =>
    `/api/v1/users/customer/address/details/${encodeURIComponent(String(id))}`,
  /** Dev/test only: 404 when the server runs with NODE_ENV=production. */
  devOutbox: (phoneNumber: string) => `/api/v1/dev/outbox?phone_number=${encodeURIComponent(phoneNumber)}`,
} as const;

export const checkoutPaths = {
  cart: '/api/v1/checkout/',
  add: '/api/v1/checkout/add/',
  delete: (item: number) => `/api/v1/checkout/delete/${item}`,
  coupons: '/api/v1/checkout/get-coupon/',
  applyCoupon: (code: string) => `/api/v1/checkout/get-coupon-value/${encodeURIComponent(code)}`,
  removeCoupon: '/api/v1/checkout/remove-coupon/',
  /** A past order's dishes back in the cart, with what changed since (issue 16). */
  reorder: '/api/v1/checkout/reorder/',
  /** After sign-in with a visitor cart from another restaurant than the account's: which to keep. */
  keepCart: '/api/v1/checkout/keep-cart/',
  providerKey: '/api/v1/checkout/getrazorpayapi/',
  createOrder: '/api/v2/orders/createorder/',
  paymentSuccess: '/api/v1/orders/paymentsuccess/',
  cancelOrder: (orderId: number | string) => `/api/v1/orders/cancel-order/${orderId}`,
  webhook: '/api/v1/payments/webhook',
  sandboxScript: '/api/v1/payments/sandbox/checkout.js',
  sandboxPay: '/api/v1/payments/sandbox/pay',
  /** The sandbox's UPI collect: start one, and the checkout window's poll of its state. */
  sandboxUpi: '/api/v1/payments/sandbox/upi',
  sandboxUpiStatus: (paymentId: string) => `/api/v1/payments/sandbox/upi/${paymentId}`,
  /** The sandbox's stand-in for the customer's UPI app (a page of its own, docs/product.md#upi-payments). */
  sandboxUpiApp: '/api/v1/payments/sandbox/upi-app',
} as const;

export const discoveryPaths = {
  placesAutocomplete: (text: string) => `/api/v1/gmaps/places-autocomplete/${enc(text)}`,
  reverseGeocodePlace: (placeId: string) => `/api/v1/gmaps/reverse-geocode/${enc(placeId)}`,
  reverseGeocodeLatLng: (lat: number, lng: number) => `/api/v1/gmaps/reverse-geocode/latlng/${lat},${lng}`,
  allowedLatLng: (lat: number, lng: number, storeId: number | string) =>
    `/api/v1/gmaps/reverse-geocode/allowed/latlng/${lat},${lng}/${enc(String(storeId))}`,
  browserKey: () => '/api/v1/gmaps/browser-key/',
  banners: () => '/api/v1/restaurant/all-banners/',
  allRestaurants: (opts: { city?: string; page?: number; page_size?: number } = {}) =>
    `/api/v1/restaurant/all/${qs({ city: opts.city, page: opts.page, page_size: opts.page_size })}`,
  /** One spelling per page: defaults left out, so page 1 unfiltered is `?lat=&lng=` (server links too). */
  restaurantList: (lat: number, lng: number, request: RestaurantListRequest = {}) =>
    `/api/v1/restaurant/list/${qs({
      lat,
      lng,
      veg: request.veg ? 1 : undefined,
      rating4: request.rating4 ? 1 : undefined,
      fast: request.fast ? 1 : undefined,
      cuisine: request.cuisine,
      sort: request.sort && request.sort !== 'relevance' ? request.sort : undefined,
      veg_mode: request.veg_mode ? 1 : undefined,
      page: request.page && request.page > 1 ? request.page : undefined,
      page_size:
        request.page_size && request.page_size !== RESTAURANT_PAGE_SIZE ? request.page_size : undefined,
    })}`,
  /** id is the numeric id or the slug. */
  restaurant: (idOrSlug: number | string) => `/api/v1/restaurant/${enc(String(idOrSlug))}/`,
  /** near: the chosen delivery location; answers then put what delivers there first. */
  searchSuggest: (query: string, near?: { lat: number; lng: number }) =>
    `/api/v1/product/search/suggest${qs({ query, lat: near?.lat, lng: near?.lng })}`,
  search: (query: string, near?: { lat: number; lng: number }) =>
    `/api/v1/product/search${qs({ query, lat: near?.lat, lng: near?.lng })}`,
  offers: (near?: { lat: number; lng: number }) => `/api/v1/offers/${qs({ lat: near?.lat, lng: near?.lng })}`,
} as const;

export const ordersPaths = {
  customerList: '/api/v1/orders/all/customer/',
  details: (orderNumber: string) => `/api/v1/orders/details/${encodeURIComponent(orderNumber)}/`,
  detailsById: (id: number | string) => `/api/v1/orders/details/id/${id}/`,
  tracking: (id: number | string) => `/api/v1/orders/tracking/${id}/`,
  publicStatus: (id: number | string, token: string) =>
    `/api/v1/orders/status/${id}/?t=${encodeURIComponent(token)}`,
  location: (id: number | string) => `/api/v1/orders/get-order-location/${id}/`,
  payments: '/api/v1/orders/payments/',
  checkPayment: (id: number | string) => `/api/v1/orders/check-payment/${id}/`,
  cancel: (id: number | string) => `/api/v1/orders/cancel-order/${id}`,
  restaurantList: '/api/v1/orders/restaurant/',
  restaurantStatus: (id: number | string) => `/api/v1/orders/restaurant/${id}/status/`,
  courierLocation: (id: number | string) => `/api/v1/orders/${id}/courier-location/`,
};

/** The order sockets (staff per restaurant, a customer per order). */
export const wsPaths = {
  restaurant: (restaurantId: number | string) => `/ws/orders/${restaurantId}/`,
  tracking: (orderId: number | string) => `/ws/track/${orderId}/`,
};

const KITCHEN_BASE = '/api/v1/restaurant-admin';
export const kitchenPaths = {
  state: `${KITCHEN_BASE}/kitchen/`,
  busy: `${KITCHEN_BASE}/kitchen/busy/`,
  pause: `${KITCHEN_BASE}/kitchen/pause/`,
  resume: `${KITCHEN_BASE}/kitchen/resume/`,
  autoAccept: `${KITCHEN_BASE}/kitchen/auto-accept/`,
  log: `${KITCHEN_BASE}/kitchen/log/`,
  items: `${KITCHEN_BASE}/menu/items/`,
  itemStock: (id: number | string) => `${KITCHEN_BASE}/menu/items/${id}/stock/`,
  prepTime: (orderId: number | string) => `${KITCHEN_BASE}/orders/${orderId}/prep-time/`,
};

export const orderAlertsPaths = {
  /** GET: the restaurant's orders that should be ringing (placed, paid, not acknowledged). */
  ringing: '/api/v1/orders/restaurant/alerts/',
  /** POST (no body): silence this order's alert on every screen. */
  acknowledge: (orderId: number | string) => `/api/v1/orders/restaurant/${orderId}/ack/`,
};

export const ratingsPaths = {
  /** GET: whether the order can be rated, its dishes, and the rating given (null until rated). POST: rate it. */
  order: (orderId: number | string) => `/api/v1/orders/${orderId}/rating/`,
};

export const favouritesPaths = {
  /** GET: the signed-in customer's favourite restaurants, newest first. */
  list: '/api/v1/favourites/',
  /** PUT: heart this restaurant (idempotent). DELETE: un-heart it (idempotent). */
  one: (restaurantId: number | string) => `/api/v1/favourites/${restaurantId}/`,
};

export const pushPaths = {
  publicKey: '/api/v1/push/public-key/',
  subscriptions: '/api/v1/push/subscriptions/',
} as const;
