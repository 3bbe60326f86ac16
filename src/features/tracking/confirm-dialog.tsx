// A yes/no question in the native <dialog> opened with showModal(): the browser keeps focus inside,
// makes the page behind it inert and closes it on Escape. Replaces window.confirm, which the app
// cannot style, phones show out of context, and installed PWAs may suppress.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog.ts';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Style of the confirm button: danger for something that cannot be undone. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  /** Closed without confirming: the cancel button, Escape or a click on the backdrop. */
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  // The safe answer has the focus: Enter on an accidental second tap keeps the order.
  const dismiss = useModalDialog(ref, { onCancel, focus: () => keep.current });
  useEffect(() => {
    document.body.dataset['overlay'] = 'open';
    return () => {
      delete document.body.dataset['overlay'];
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      {...dismiss}
    >
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={textId} className="confirm-dialog__text">
          {children}
        </div>
        <div className="dialog__actions">
          <button ref={keep} type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`button button--${tone}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
