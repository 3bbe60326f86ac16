// Public door of the company feature: what the app shell and other features may use.
export { AboutPage } from './about-page.tsx';
