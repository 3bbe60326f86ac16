// Start-up half of the cart feature, loaded with the first page: kept tiny on purpose. The cart engine
// (server load, IndexedDB copy, offline queue) is its own chunk.
import { cartSettled } from './cart-known.ts';

export function loadCart(): void {
  void import('./cart-sync.ts')
    .then((m) => m.refreshCart())
    .catch(() => undefined)
    .finally(cartSettled);
}
