// Builds the PWA into dist/client; the service worker in sw/ gets the precache manifest injected.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME_COLOR } from './src/shared/constants.ts';

const SHORTCUT_ICON = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };

export default defineConfig({
  resolve: {
    alias: {
      // wouter imports this shim for React before 18; React's own hook saves its bytes on every page.
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // Food and banner pictures are cached as they are seen, not all up front; the fallback
        // picture is precached so a failed image still has something to show offline.
        globIgnores: ['img/restaurants/**', 'img/dishes/**', 'img/banners/**', 'screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Bhojan: food delivery',
        short_name: 'Bhojan',
        description: 'Order food from restaurants near you, even on a flaky network.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['food', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The richer install sheet (Chrome, Edge): the app as it looks, taken from the real app
        // (scripts/take-store-screenshots.mjs); only the install sheet loads them, never the app.
        screenshots: [
          {
            src: '/screenshots/menu-phone.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A restaurant menu with dishes, prices and Add buttons',
          },
          {
            src: '/screenshots/restaurants-desktop.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Restaurants near you, with ratings and delivery times',
          },
        ],
        // Long-press (Android) or right-click (desktop) on the installed icon.
        shortcuts: [
          { name: 'Search for food', short_name: 'Search', url: '/search', icons: [SHORTCUT_ICON] },
          { name: 'Your cart', short_name: 'Cart', url: '/checkout', icons: [SHORTCUT_ICON] },
          { name: 'Your orders', short_name: 'Orders', url: '/myaccount/orders', icons: [SHORTCUT_ICON] },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    reportCompressedSize: true,
    manifest: true,
    modulePreload: {
      // Every browser we support knows <link rel=modulepreload>: no polyfill in the first chunk.
      polyfill: false,
      // A lazy chunk's own imports are left to the browser's module loader, which finds them as it
      // reads the chunk: Vite's preload helper resolved and added a link for each dependency of each
      // lazy import, up to 60 ms of a slow phone's start-up task. A first page's chunks are named by
      // the server (src/server/http/route-chunks.ts); a link's page starts loading on intent.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and Vite's loader of lazy chunks: evaluated with the entry (main.tsx), a
            // task before the app's own code (the entry may import nothing of the start-app chunk); and
            // the module that loads React DOM with stackless errors (src/app/react-dom-load.ts).
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper|src[\\/]app[\\/](stackless-errors|react-dom-load)\.ts$/,
              priority: 2,
            },
            // The app's start and all it imports, in one chunk: every page loads it first, and as a dozen
            // small chunks it cost each page 1-1.5 kB more.
            { name: 'start-app', test: /src[\\/]app[\\/]start-app\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } },
  },
});
