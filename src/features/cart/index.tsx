// Public door of the cart feature: the Add / quantity stepper and the cart engine's calls that the
// checkout and coupons features use.
export { CartStepper, type CartStepperItem } from './cart-stepper.tsx';
export { CustomisableStepper } from './customisable-stepper.tsx';
export { ReplaceCartDialog } from './replace-cart-dialog.tsx';
export {
  applyReorder,
  cartApi,
  cartChanges,
  cartConflict,
  dismissCartChanges,
  onCartChanges,
  keepCart,
  newOpId,
  onCartConflict,
  refreshCart,
  setItemQuantity,
  storeServerCart,
  pendingChanges,
  type StepperItem,
} from './cart-sync.ts';
export type { CartChange } from './cart-changes.ts';
