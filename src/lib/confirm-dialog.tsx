// A yes/no question in the native <dialog> opened with showModal(): the browser keeps focus inside,
// makes the page behind it inert and closes it on Escape; a sheet at the bottom on phones. Replaces
// window.confirm, which the app cannot style, phones show out of context, and installed PWAs may
// suppress. Rendered into <body>, so a question asked from inside a card or a list row is not clipped.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from './use-modal-dialog.ts';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Style of the confirm button: danger for something that cannot be undone. */
  tone?: 'danger' | 'primary';
  /** The button that has the focus: the safe answer unless saying yes is the expected one. */
  focus?: 'cancel' | 'confirm';
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
  focus = 'cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  const dismiss = useModalDialog(ref, {
    onCancel,
    focus: () => (focus === 'confirm' ? confirmButton : cancelButton).current,
  });
  useEffect(() => {
    document.body.dataset['overlay'] = 'open';
    return () => {
      delete document.body.dataset['overlay'];
    };
  }, []);

  return createPortal(
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
        <div id={textId} className="dialog__text">
          {children}
        </div>
        <div className="dialog__actions">
          <button ref={cancelButton} type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button ref={confirmButton} type="button" className={`button button--${tone}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}
