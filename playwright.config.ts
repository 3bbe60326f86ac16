// End-to-end journeys in Debian's Chromium against the real built server on a fresh embedded database.
// E2E_DIST (default dist) and E2E_PORT let several builds be tested side by side.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env['E2E_PORT'] ?? 8181);
const dist = process.env['E2E_DIST'] ?? 'dist';
const dataDir = process.env['E2E_DATA_DIR'] ?? `.tmp/e2e-data-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node ${dist}/server/main.mjs`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIR: `${dist}/client`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DEMO_MODE: 'false',
      // Street-map tiles never come from the internet in tests: specs answer this host with a fixture
      // tile through page.route (tests/e2e/support.ts), so the CSP meets a real foreign tile origin.
      MAP_TILE_URL: 'https://tiles.e2e.test/{z}/{x}/{y}.png',
      // The journeys open and close staff consoles for much longer than the 5 minutes after which a
      // restaurant with no staff device pauses itself, and a later journey's order would be refused.
      // That pause has its own server and journey (unattended-pause.spec.ts).
      UNATTENDED_PAUSE_AFTER_S: '0',
    },
  },
});
