// The heart on a restaurant card and its menu: a toggle button (aria-pressed) that saves or removes
// the restaurant from the customer's favourites at once; signed out, it asks them to log in and
// hearts it once they have.
import { emit, snackbar } from '../../lib/events.ts';
import { useAppState } from '../../lib/app-state.ts';
import { actions, heartAfterLogin, useFavourites } from './use-favourites.ts';
import './favourites.css';

export function HeartButton({
  restaurantId,
  name,
  className = '',
}: {
  restaurantId: number;
  name: string;
  className?: string;
}) {
  const loggedIn = useAppState((s) => s.loggedIn);
  const { ids } = useFavourites();
  const on = loggedIn && ids.has(restaurantId);
  const click = () => {
    if (!loggedIn) {
      heartAfterLogin(restaurantId);
      snackbar.success('Log in to save your favourite restaurants.');
      emit('show-auth', { mode: 'login', redirect: false });
      return;
    }
    void actions().then((a) => a.toggleFavourite(restaurantId));
  };
  return (
    <button
      type="button"
      className={`heart${on ? ' heart--on' : ''} ${className}`}
      aria-pressed={on}
      aria-label={`Favourite: ${name}`}
      title={on ? 'Remove from favourites' : 'Save to favourites'}
      onClick={click}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 20.5l-1.2-1.1C6 15.1 3 12.3 3 8.9 3 6.1 5.1 4 7.8 4c1.6 0 3.1.8 4.2 2 1.1-1.2 2.6-2 4.2-2C18.9 4 21 6.1 21 8.9c0 3.4-3 6.2-7.8 10.5L12 20.5z" />
      </svg>
    </button>
  );
}
