// Entry: the styles, and React DOM, which evaluates with this module; the app's own code (start-app.tsx)
// is a chunk of its own that evaluates in a task after it. The shell registers the service worker.
import './react-dom-load.ts';
import './styles/global.css';

void import('./start-app.tsx').then(({ startApp }) => startApp());
