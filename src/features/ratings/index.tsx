// Public door of ratings: the "Rate your order" card, loaded only when a delivered order shows (and by
// the server before it renders a tracking or orders page: src/app/first-paint.tsx).
import { preloadable } from '../../lib/preloadable.ts';

const rateOrderCard = preloadable(() => import('./rate-order-card.tsx').then((m) => m.RateOrderCard));
export const LazyRateOrderCard = rateOrderCard.Component;
export const preloadRateOrderCard = rateOrderCard.preload;
