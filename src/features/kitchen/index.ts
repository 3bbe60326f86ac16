// Public door of the kitchen feature (staff console only): the controls panel and the console's
// confirmation dialog. The console loads them on use (live-orders/console-parts.ts); what its first
// screen needs (the bar's kitchen state, a card's prep-time steps and ticket button) is boot.ts.
export { KitchenControls } from './kitchen-controls.tsx';
export { KitchenDialog } from './kitchen-dialog.tsx';
