// The ?lat=&lng= that the cart and coupon calls take: the point the cart's delivery is priced for.
import type { LatLng } from '../shared/geo.ts';

export const deliveryQuery = (at: LatLng | null): string => (at ? `?lat=${at.lat}&lng=${at.lng}` : '');
