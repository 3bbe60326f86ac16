// Unit tests (next to the code, happy-dom) and API tests (tests/api, Node) on PGlite and PostgreSQL.
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

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['src/test-setup.ts'],
        },
      },
      api('pglite'),
      api('postgres'),
    ],
  },
});
