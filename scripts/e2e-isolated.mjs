// Builds client and server into .tmp/<name>/ and runs Playwright on its own port, so several people
// (or helpers) can run e2e tests at once without touching dist/. Usage:
//   node scripts/e2e-isolated.mjs <name> [playwright args...]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';

const [name = 'local', ...args] = process.argv.slice(2);
const dist = `.tmp/${name}`;
const port = 9000 + (parseInt(createHash('sha1').update(name).digest('hex').slice(0, 4), 16) % 900);
const run = (cmd, argv, env = {}) =>
  execFileSync(cmd, argv, { stdio: 'inherit', env: { ...process.env, ...env } });

run('node_modules/.bin/vite', ['build', '--outDir', `${dist}/client`, '--logLevel', 'warn']);
run('node', ['scripts/precompress.mjs', `${dist}/client`]);
run('node', ['scripts/build-server.mjs', `${dist}/server`]);
run('node_modules/.bin/playwright', ['test', `--output=${dist}/test-results`, ...args], {
  E2E_DIST: dist,
  E2E_PORT: String(port),
});
