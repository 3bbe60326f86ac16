// Start-up: each feature's tiny boot module restores its state before the first route renders.
import { initAuth, logout } from '../features/auth/boot.ts';
import { loadCart } from '../features/cart/boot.ts';
import { initLocation } from '../features/location/boot.ts';
import { hooks } from './hooks.ts';

export function bootstrap(): void {
  hooks.loadCart = loadCart;
  hooks.logout = logout;
  initLocation();
  initAuth();
}
