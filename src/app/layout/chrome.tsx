// The per-route chrome that a page may or may not show (header, mobile location header, bottom
// navigation, cart bar), as one lazily loaded chunk: the home page shows none of it, so its first
// route carries none of this code. The shell reserves the exact space while it loads.
export { BottomNav } from './bottom-nav.tsx';
export { CartBar } from './cart-bar.tsx';
export { Header } from './header.tsx';
export { MobileLocationHeader } from './mobile-location-header.tsx';
