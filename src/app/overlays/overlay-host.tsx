// Opens the overlay named by an app-wide event ('show-auth', 'show-location', ...), one at a time,
// loading its component lazily from the owning feature. While one is open the body is marked
// (data-overlay="open"); Escape, a backdrop click or 'close-overlay' closes it; focus moves into the
// dialog, stays there, and returns to whatever opened it.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { on, type AppEvents } from '../../lib/events.ts';
import { CloseIcon } from '../layout/icons.tsx';
import './overlays.css';

export type OverlayEvent = 'show-auth' | 'show-location' | 'show-address' | 'show-profile' | 'show-coupons';

interface OverlayKind {
  /** Accessible name of the dialog frame. */
  label: string;
  /** dialog: centred box; sheet: panel from the side (full screen on phones either way). */
  frame: 'auth' | 'dialog' | 'sheet';
  component: ComponentType<Record<string, unknown> & { onClose: () => void }>;
}

// Each overlay is its own chunk, fetched the first time it opens.
const load = <T,>(factory: () => Promise<T>, pick: (m: T) => ComponentType<never>) =>
  lazy(async () => ({ default: pick(await factory()) as ComponentType<Record<string, unknown>> }));

export const OVERLAYS: Record<OverlayEvent, OverlayKind> = {
  'show-auth': {
    label: 'Log in or sign up',
    frame: 'auth',
    component: load(
      () => import('../../features/auth/index.tsx'),
      (m) => m.AuthOverlay,
    ),
  },
  'show-location': {
    label: 'Choose delivery location',
    frame: 'sheet',
    component: load(
      () => import('../../features/location/index.tsx'),
      (m) => m.LocationOverlay,
    ),
  },
  'show-address': {
    label: 'Save delivery address',
    frame: 'dialog',
    component: load(
      () => import('../../features/addresses/index.tsx'),
      (m) => m.AddressOverlay,
    ),
  },
  'show-profile': {
    label: 'Edit Profile',
    frame: 'sheet',
    component: load(
      () => import('../../features/account/index.tsx'),
      (m) => m.ProfileOverlay,
    ),
  },
  'show-coupons': {
    label: 'Available Coupons',
    frame: 'sheet',
    component: load(
      () => import('../../features/coupons/index.tsx'),
      (m) => m.CouponsPanel,
    ),
  },
};

interface Open {
  name: OverlayEvent;
  payload: AppEvents[OverlayEvent];
  opener: Element | null;
  /** Changes on every opening so a re-opened overlay starts fresh. */
  key: number;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function OverlayHost() {
  const [open, setOpen] = useState<Open | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const counter = useRef(0);

  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    const offs = (Object.keys(OVERLAYS) as OverlayEvent[]).map((name) =>
      on(name, (payload) => {
        const key = ++counter.current;
        // One replacing another keeps the first opener: focus goes back there when all is closed.
        setOpen((prev) => ({ name, payload, opener: prev ? prev.opener : document.activeElement, key }));
      }),
    );
    offs.push(on('close-overlay', () => setOpen(null)));
    return () => offs.forEach((off) => off());
  }, []);

  // Mark the body, listen for Escape, and hand focus back to the opener on close.
  const opener = open?.opener ?? null;
  const isOpen = open !== null;
  useEffect(() => {
    if (!isOpen) return;
    document.body.dataset['overlay'] = 'open';
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      delete document.body.dataset['overlay'];
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [isOpen, opener, close]);

  // Move focus into the dialog on every opening (unless the overlay already focused a field).
  const openKey = open?.key;
  useEffect(() => {
    if (openKey === undefined) return;
    if (!frame.current?.contains(document.activeElement)) frame.current?.focus();
  }, [openKey]);

  if (!open) return null;
  const kind = OVERLAYS[open.name];
  const Component = kind.component;

  const onBackdrop = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget) close();
  };

  // Keep Tab inside the dialog.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !frame.current) return;
    const items = [...frame.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => !el.closest('[hidden]'),
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === frame.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={`overlay overlay--${kind.frame}`} onClick={onBackdrop} data-testid="overlay-backdrop">
      <div
        ref={frame}
        className={`overlay__frame overlay__frame--${kind.frame}`}
        role="dialog"
        aria-modal="true"
        aria-label={kind.label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-overlay={open.name}
      >
        <button type="button" className="overlay__close" aria-label="Close" onClick={close}>
          <CloseIcon size={22} />
        </button>
        <Suspense
          fallback={
            <div className="overlay__loading" role="status">
              <span className="overlay__spinner" aria-hidden="true" />
              Loading…
            </div>
          }
        >
          <Component key={open.key} {...(open.payload as Record<string, unknown>)} onClose={close} />
        </Suspense>
      </div>
    </div>
  );
}
