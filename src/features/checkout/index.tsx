// Public door of the checkout feature: the checkout and order pages.
export { CheckoutPage } from './checkout-page.tsx';
export { CheckoutSuccessPage } from './success-door.tsx';
