// The signed-in user's name with a small disclosure menu: Profile, Orders (both to the orders page,
// as docs/product.md#layout says) and Log out. Escape or a click outside closes it and focus returns to the
// button.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from '../../lib/router.tsx';
import { useAppState } from '../../lib/app-state.ts';
import { ChevronDownIcon, UserIcon } from './icons.tsx';

/** `onLogout` comes from the shell: an import here would move the sign-out code into a chunk shared
 * with this lazy menu, a cost on every page's first render. */
export function UserMenu({ onLogout }: { onLogout: () => Promise<void> }) {
  const name = useAppState((s) => s.user?.name);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const logOut = async () => {
    setOpen(false);
    await onLogout();
    void navigate('/restaurants');
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="site-header__item user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <UserIcon size={20} />
        <span className="user-menu__name">{name || 'My Account'}</span>
        <ChevronDownIcon size={16} />
      </button>
      <ul id={menuId} className="user-menu__list card" hidden={!open}>
        <li>
          <Link to="/myaccount/orders" onClick={() => setOpen(false)}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/myaccount/orders" onClick={() => setOpen(false)}>
            Orders
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void logOut()}>
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
