// The kitchen's part of the staff console's first screen: the state the console bar shows, and an
// order card's prep-time steps and ticket button. The rest of the feature (the controls panel, the
// console's confirmation dialog) is its door index.ts, which the console loads on use.
export { PrepTimeAdjust } from './prep-time-adjust.tsx';
export { PrintTicketButton, preloadTicketPrinting } from './print-ticket-button.tsx';
export { useKitchenState } from './use-kitchen-state.ts';
export { intakeLabel } from './labels.ts';
