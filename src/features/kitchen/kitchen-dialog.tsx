// The console's confirmation on the native <dialog> opened with showModal(): the browser keeps focus
// inside, makes the console behind it inert and closes it on Escape; focus returns to the opener.
import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog.ts';

export interface KitchenDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** While the control is on its way: the confirm button waits. */
  working?: boolean;
  /** False while what the dialog asks for is not given yet (a reason too short). */
  canConfirm?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function KitchenDialog({
  title,
  children,
  confirmLabel,
  tone = 'primary',
  working = false,
  canConfirm = true,
  onConfirm,
  onCancel,
}: KitchenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const firstFocus = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  // The choice already made has the focus (arrow keys move it), else the first field, else Cancel.
  const dismiss = useModalDialog(ref, {
    onCancel,
    focus: (dialog) =>
      dialog.querySelector<HTMLInputElement>('input:checked') ??
      dialog.querySelector<HTMLElement>('input, select, textarea') ??
      firstFocus.current,
  });

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} {...dismiss}>
      <form
        className="dialog__body"
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (!working && canConfirm) onConfirm();
        }}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
        <div className="dialog__actions">
          <button ref={firstFocus} type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={`button button--${tone}`} disabled={working || !canConfirm}>
            {working ? 'Saving…' : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
