// The small-screen bottom navigation: Near Me, Search, Cart, Account (to /login when signed out).
import { NavLink } from '../../lib/router.tsx';
import { useAppState } from '../../lib/app-state.ts';
import { CartIcon, NearMeIcon, SearchIcon, UserIcon } from './icons.tsx';

export function BottomNav() {
  const loggedIn = useAppState((s) => s.loggedIn);
  const count = useAppState((s) => s.cart_meta?.item_count ?? 0);
  return (
    <nav className="bottom-nav small-screen-only" aria-label="Bottom navigation">
      <NavLink to="/restaurants" className="bottom-nav__link" end>
        <NearMeIcon />
        <span>Near Me</span>
      </NavLink>
      <NavLink to="/search" className="bottom-nav__link">
        <SearchIcon />
        <span>Search</span>
      </NavLink>
      <NavLink to="/checkout" className="bottom-nav__link">
        <span className="bottom-nav__icon">
          <CartIcon />
          {count > 0 && (
            <span className="shell-badge" aria-hidden="true">
              {count}
            </span>
          )}
        </span>
        <span>Cart</span>
        {count > 0 && (
          <span className="visually-hidden">{`, ${count} ${count === 1 ? 'item' : 'items'}`}</span>
        )}
      </NavLink>
      <NavLink to={loggedIn ? '/myaccount' : '/login'} className="bottom-nav__link">
        <UserIcon />
        <span>Account</span>
      </NavLink>
    </nav>
  );
}
