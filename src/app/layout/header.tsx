// The desktop header of docs/product.md#layout: logo, current location, Search, Offers, Help, the user menu
// or Log In, and the Cart with its item-count badge (0 when empty), then Veg mode and dark mode. Large
// screens only.
import { Link, NavLink } from '../../lib/router.tsx';
import { emit } from '../../lib/events.ts';
import { useAppState } from '../../lib/app-state.ts';
import { ColorModeToggle } from './color-mode-toggle.tsx';
import { COMPANY, EXTERNAL } from './company.ts';
import { ExternalLink } from './external-link.tsx';
import { CartIcon, HelpIcon, LogoMark, OfferIcon, SearchIcon, UserIcon } from './icons.tsx';
import { LocationButton } from './location-button.tsx';
import { UserMenu } from './user-menu.tsx';
import { VegModeSwitch } from '../../features/veg-mode/index.tsx';

export function Header({ onLogout }: { onLogout: () => Promise<void> }) {
  const loggedIn = useAppState((s) => s.loggedIn);
  const count = useAppState((s) => s.cart_meta?.item_count ?? 0);
  return (
    <header className="site-header large-screen-only">
      <div className="site-header__inner">
        <Link to="/restaurants" className="site-header__logo">
          <LogoMark />
          <span className="site-header__brand">{COMPANY.brand}</span>
        </Link>
        <LocationButton className="site-header__location" />
        <nav className="site-header__nav" aria-label="Main">
          <NavLink to="/search" className="site-header__item">
            <SearchIcon size={20} />
            Search
          </NavLink>
          <NavLink to="/offers" className="site-header__item">
            <OfferIcon size={20} />
            Offers
          </NavLink>
          <ExternalLink href={EXTERNAL.help} className="site-header__item">
            <HelpIcon size={20} />
            Help
          </ExternalLink>
          {loggedIn ? (
            <UserMenu onLogout={onLogout} />
          ) : (
            <button
              type="button"
              className="site-header__item"
              onClick={() => emit('show-auth', { mode: 'login' })}
            >
              <UserIcon size={20} />
              Log In
            </button>
          )}
          <NavLink to="/checkout" className="site-header__item site-header__cart">
            <span className="site-header__cart-icon">
              <CartIcon size={20} />
              <span className="shell-badge" data-testid="cart-count" aria-hidden="true">
                {count}
              </span>
            </span>
            Cart
            <span className="visually-hidden">{`, ${count} ${count === 1 ? 'item' : 'items'}`}</span>
          </NavLink>
          <VegModeSwitch className="site-header__item" />
          <ColorModeToggle className="site-header__item site-header__theme" compact />
        </nav>
      </div>
    </header>
  );
}
