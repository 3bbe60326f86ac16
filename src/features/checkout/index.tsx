// Public door of the checkout feature: the checkout and order-placed pages.
export { CheckoutPage } from './checkout-page.tsx';
export { CheckoutSuccessPage } from './success-page.tsx';
