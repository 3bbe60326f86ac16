// Start-up: each feature's tiny boot module restores its state before the first route renders.
import { initAuth } from '../features/auth/boot.ts';
import { initLocation } from '../features/location/boot.ts';

export function bootstrap(): void {
  initLocation();
  initAuth();
}
