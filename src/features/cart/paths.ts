// The checkout API paths (src/shared/api/checkout.ts CHECKOUT_PATHS), written out so client chunks do
// not pull in the contract's zod schemas.
export const CART_PATH = '/api/v1/checkout/';
export const ADD_PATH = '/api/v1/checkout/add/';
export const COUPON_LIST_PATH = '/api/v1/checkout/get-coupon/';
export const applyCouponPath = (code: string) =>
  `/api/v1/checkout/get-coupon-value/${encodeURIComponent(code)}`;
export const REMOVE_COUPON_PATH = '/api/v1/checkout/remove-coupon/';
export const PROVIDER_KEY_PATH = '/api/v1/checkout/getrazorpayapi/';
export const CREATE_ORDER_PATH = '/api/v2/orders/createorder/';
export const PAYMENT_SUCCESS_PATH = '/api/v1/orders/paymentsuccess/';
export const KEEP_CART_PATH = '/api/v1/checkout/keep-cart/';
