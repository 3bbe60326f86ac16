// Public door of ratings: the "Rate your order" card, loaded only when a delivered order shows.
import { lazy } from 'react';

export const LazyRateOrderCard = lazy(() =>
  import('./rate-order-card.tsx').then((m) => ({ default: m.RateOrderCard })),
);
