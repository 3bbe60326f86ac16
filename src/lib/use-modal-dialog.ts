// Opens a native <dialog> as a modal while the component is mounted: the browser keeps focus inside,
// makes the page behind it inert and sends Escape as a cancel event; on unmount focus goes back to
// whatever had it before. `focus` picks the first element to focus (default: the dialog's first field
// or button). The returned handlers go on the <dialog>: Escape and a tap on the backdrop call
// `onCancel`; without one the dialog cannot be dismissed (a question that needs an answer).
import { useEffect, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

export interface ModalDialogOptions {
  onCancel?: () => void;
  focus?: (dialog: HTMLDialogElement) => HTMLElement | null;
}

const firstField = (d: HTMLDialogElement) =>
  d.querySelector<HTMLElement>('input:checked, input, select, textarea, button');

export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  { onCancel, focus = firstField }: ModalDialogOptions = {},
) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    // happy-dom and old engines have no showModal: open it plainly there.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    focus(dialog)?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
    // Opened once per mount: a new `focus` function on a re-render must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault();
      onCancel?.();
    },
    // A tap on the ::backdrop reaches the dialog element itself.
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (onCancel && e.target === e.currentTarget) onCancel();
    },
  };
}
