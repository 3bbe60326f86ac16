// Public door of the favourites feature: the heart on restaurant cards and menus, and the
// "Favourite restaurants" section of /myaccount. The section loads on its own when shown: through a
// plain re-export it would share a chunk with the heart and ride along on every list and menu.
import { lazy } from 'react';

export { HeartButton } from './heart-button.tsx';

export const FavouritesSection = lazy(() =>
  import('./favourites-section.tsx').then((m) => ({ default: m.FavouritesSection })),
);
