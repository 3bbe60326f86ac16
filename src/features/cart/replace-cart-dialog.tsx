// "Replace cart?": a modal alert on the native <dialog> (focus moves in, stays in, returns; Escape and
// a tap outside cancel), a sheet at the bottom on phones.
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '../../lib/use-modal-dialog.ts';
import './cart.css';

export interface ReplaceCartDialogProps {
  currentStore: string | null;
  itemName: string;
  onCancel: () => void;
  onReplace: () => void;
}

export function ReplaceCartDialog({ currentStore, itemName, onCancel, onReplace }: ReplaceCartDialogProps) {
  const title = useId();
  const desc = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const replaceBtn = useRef<HTMLButtonElement>(null);
  const dismiss = useModalDialog(ref, { onCancel, focus: () => replaceBtn.current });

  return createPortal(
    <dialog
      ref={ref}
      className="dialog"
      role="alertdialog"
      aria-labelledby={title}
      aria-describedby={desc}
      {...dismiss}
    >
      <div className="dialog__body">
        <h2 id={title} className="dialog__title">
          Replace cart?
        </h2>
        <p id={desc} className="dialog__text">
          Your cart contains items from {currentStore ?? 'another restaurant'}. Do you want to discard them
          and add {itemName} instead?
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onCancel}>
            No
          </button>
          <button ref={replaceBtn} type="button" className="button button--primary" onClick={onReplace}>
            Replace
          </button>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}
