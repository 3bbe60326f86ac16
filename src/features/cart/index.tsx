// Public door of the cart feature: the Add / quantity stepper and the cart engine's calls that the
// checkout and coupons features use.
export { CartStepper } from './cart-stepper.tsx';
export { CustomisableStepper } from './customisable-stepper.tsx';
export { ReplaceCartDialog } from './replace-cart-dialog.tsx';
export { useCartKnown } from './cart-known.ts';
export {
  applyReorder,
  cartCall,
  cartChanges,
  cartConflict,
  dismissCartChanges,
  onCartChanges,
  keepCart,
  newOpId,
  onCartConflict,
  refreshCart,
  storeServerCart,
} from './cart-sync.ts';
