// Entry: styles, start-up state, router, and the service worker registration.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { bootstrap } from './bootstrap.ts';
import { createAppRouter } from './router.tsx';
import './styles/global.css';

bootstrap();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
