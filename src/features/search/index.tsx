// Public door of the search feature: what the app shell and other features may use.
export { SearchPage } from './search-page.tsx';
