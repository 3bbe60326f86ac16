// Public door of the coupons feature: the Available Coupons panel.
export { CouponsPanel } from './coupons-panel.tsx';
