// Test data for the API tests, in one vocabulary: make<Thing>(db or app, options) writes a thing into
// the test database and answers a typed fixture. Import from here only.
export { phone } from './unique.ts';
export {
  DEFAULT_PASSWORD,
  ageOtps,
  latestOtp,
  login,
  makeUser,
  type Role,
  type UserFixture,
  type UserOptions,
} from './users.ts';
export {
  makeCity,
  makeDish,
  makeRestaurant,
  type ChoiceGroup,
  type CityFixture,
  type DishFixture,
  type DishOptions,
  type LatLng,
  type MenuOptions,
  type RestaurantFixture,
  type RestaurantOptions,
} from './restaurants.ts';
export { makeCoupon, type CouponFixture, type CouponOptions } from './coupons.ts';
export { makeCart, type CartFixture, type CartOptions } from './carts.ts';
export { makeOrder, type OrderFixture, type OrderOptions } from './orders.ts';
export { makeCheckoutFixture, makePizza, type CheckoutFixture } from './checkout.ts';
export {
  BANDRA,
  HSR,
  INDIRANAGAR,
  KORAMANGALA,
  makeDiscoveryFixture,
  type DiscoveryFixture,
} from './discovery.ts';
export { setupDemoApp, type DemoContext } from './demo.ts';
