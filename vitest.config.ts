// Unit tests (next to the code, happy-dom), API tests (tests/api, Node) and the attack suite
// (tests/security: hostile requests to every route) on PGlite and PostgreSQL.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

/** The attack suite: FUZZ_RUNS requests per database (a bounded sample unless set). */
const security = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `security-${db}`,
    include: ['tests/security/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'happy-dom',
          // A device far from India: dates and days must come out in Indian time all the same.
          env: { TZ: 'America/Los_Angeles' },
          setupFiles: ['src/test-setup.ts'],
        },
      },
      api('pglite'),
      api('postgres'),
      security('pglite'),
      security('postgres'),
    ],
  },
});
