// Public door of the favourites feature: the heart on restaurant cards and menus, and the
// "Favourite restaurants" section of /myaccount.
export { FavouritesSection } from './favourites-section.tsx';
export { HeartButton } from './heart-button.tsx';
