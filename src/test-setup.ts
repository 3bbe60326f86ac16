// Vitest setup for unit tests: DOM matchers, an in-memory IndexedDB, and a clean DOM and data cache per test.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetDataCache } from './lib/data-cache.ts';

// `npm test` runs these next to the API suites on two cores: a render that takes 20 ms alone can take
// over a second there. findBy/waitFor give up after 5 s instead of 1 s, so only a UI that never
// reaches the awaited state fails.
configure({ asyncUtilTimeout: 5000 });

// Unmounted first, so no hook is left holding a key of the cache that is then emptied.
afterEach(() => {
  cleanup();
  resetDataCache();
});
