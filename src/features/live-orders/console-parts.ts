// The console's parts that load on use, after its first screen: the history, the kitchen controls
// and the Accept / Reject dialog, prefetched when the console is idle. One chunk for the three, not
// one each: they share the cards and the kitchen state with the first screen, and the bundler keeps
// those shared modules in the first screen's chunk only while a single lazy chunk reaches them (with
// several it moves them into small chunks of their own, which the first screen then loads as well).
// The history comes first: the bundler settles shared modules in the order it meets them from here,
// and meeting the cards (through the history) before the kitchen's constants keeps those in the first
// screen's chunk too (scripts/bundle-report.ts shows the difference, about 0.2 kB).
export { OrderHistory } from './order-history.tsx';
export { ActionDialog } from './action-dialog.tsx';
export { KitchenControls } from '../kitchen/index.ts';
