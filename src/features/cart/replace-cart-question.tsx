// "Replace cart?": asked when a dish from another restaurant goes into a cart that holds another's
// dishes. Loaded when asked (replace-cart-dialog.tsx): most visits never see it.
import { ConfirmDialog } from '../../lib/confirm-dialog.tsx';

export interface ReplaceCartDialogProps {
  currentStore: string | null;
  itemName: string;
  onCancel: () => void;
  onReplace: () => void;
}

export function ReplaceCartQuestion({ currentStore, itemName, onCancel, onReplace }: ReplaceCartDialogProps) {
  return (
    <ConfirmDialog
      title="Replace cart?"
      confirmLabel="Replace"
      cancelLabel="No"
      focus="confirm"
      onConfirm={onReplace}
      onCancel={onCancel}
    >
      <p>
        Your cart contains items from {currentStore ?? 'another restaurant'}. Do you want to discard them and
        add {itemName} instead?
      </p>
    </ConfirmDialog>
  );
}
