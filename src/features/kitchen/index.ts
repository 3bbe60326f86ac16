// Public door of the kitchen feature (staff console only): the controls panel, the order card's prep
// time steps, ticket printing, and the kitchen state the console bar shows.
export { KitchenControls } from './kitchen-controls.tsx';
export { KitchenDialog } from './kitchen-dialog.tsx';
export { PrepTimeAdjust } from './prep-time-adjust.tsx';
export { PrintTicketButton } from './print-ticket-button.tsx';
export { useKitchenState } from './use-kitchen-state.ts';
export { intakeLabel } from './labels.ts';
