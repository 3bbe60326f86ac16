// /myaccount: the profile summary with Edit Profile, the account menu and the favourite restaurants.
import { Suspense, useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { emit } from '../../lib/events.ts';
import { logout } from '../auth/boot.ts';
import { FavouritesSection } from '../favourites/index.tsx';
import { UserLoadError } from './user-load-error.tsx';
import { useUser } from './use-user.ts';
import './account.css';

const MENU = [
  { to: '/myaccount/orders', label: 'Orders', hint: 'Track and reorder' },
  { to: '/myaccount/addresses', label: 'Addresses', hint: 'Saved delivery addresses' },
  { to: '/myaccount/payments', label: 'Payments', hint: 'Your payment history' },
  { to: '/request-remove', label: 'Request account removal', hint: 'Delete your account and data' },
] as const;

export function MyAccountPage() {
  const { user, error, retry } = useUser();
  const [leaving, setLeaving] = useState(false);

  return (
    <main id="main" className="page account-page">
      <h1>My Account</h1>
      <section className="account-summary card" aria-labelledby="account-summary-title">
        <h2 id="account-summary-title" className="visually-hidden">
          Profile
        </h2>
        {user ? (
          <div className="account-summary__details">
            <p className="account-summary__name">{user.name}</p>
            <p className="account-summary__line">
              <span className="visually-hidden">Phone number: </span>+91 {user.phone_number}
            </p>
            {user.email && (
              <p className="account-summary__line">
                <span className="visually-hidden">Email: </span>
                {user.email}
              </p>
            )}
          </div>
        ) : error ? (
          <UserLoadError error={error} retry={retry} className="account-summary__details" />
        ) : (
          <div className="account-summary__details" aria-busy="true" aria-label="Loading your profile">
            <div className="skeleton account-summary__skeleton" />
            <div className="skeleton account-summary__skeleton account-summary__skeleton--short" />
          </div>
        )}
        <button
          type="button"
          className="button account-summary__edit"
          onClick={() => emit('show-profile', {})}
          disabled={!user}
        >
          Edit Profile
        </button>
      </section>
      <nav aria-label="Account" className="account-menu card">
        <ul>
          {MENU.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="account-menu__item">
                <span>
                  <span className="account-menu__label">{item.label}</span>
                  <span className="account-menu__hint text-muted">{item.hint}</span>
                </span>
                <span aria-hidden="true" className="account-menu__chevron">
                  ›
                </span>
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="account-menu__item account-menu__logout"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void logout();
              }}
            >
              <span className="account-menu__label">{leaving ? 'Logging out…' : 'Log out'}</span>
            </button>
          </li>
        </ul>
      </nav>
      <Suspense fallback={null}>
        <FavouritesSection />
      </Suspense>
    </main>
  );
}
