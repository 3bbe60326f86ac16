// "Replace cart?": an accessible modal alert dialog (focus moves in, stays in, returns; Escape cancels).
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export interface ReplaceCartDialogProps {
  currentStore: string | null;
  itemName: string;
  onCancel: () => void;
  onReplace: () => void;
}

export function ReplaceCartDialog({ currentStore, itemName, onCancel, onReplace }: ReplaceCartDialogProps) {
  const title = useId();
  const desc = useId();
  const replaceBtn = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement;
    replaceBtn.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const buttons = [...box.current.querySelectorAll<HTMLButtonElement>('button')];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return createPortal(
    <div
      className="replace-cart"
      onClick={(e) => {
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      <div
        ref={box}
        className="replace-cart__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={title}
        aria-describedby={desc}
        onKeyDown={onKeyDown}
      >
        <h2 id={title} className="replace-cart__title">
          Replace cart?
        </h2>
        <p id={desc} className="replace-cart__text">
          Your cart contains items from {currentStore ?? 'another restaurant'}. Do you want to discard them
          and add {itemName} instead?
        </p>
        <div className="replace-cart__actions">
          <button type="button" className="button" onClick={onCancel}>
            No
          </button>
          <button ref={replaceBtn} type="button" className="button button--primary" onClick={onReplace}>
            Replace
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
