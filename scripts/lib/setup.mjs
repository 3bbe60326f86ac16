// Set-up shared by `npm start` and `npm test`: install dependencies when missing or out of date,
// and rebuild when any build input changed since the last build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-server.mjs',
  'tsconfig.base.json',
];
const STAMP = path.join(ROOT, 'dist/.build-stamp');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });

export function log(msg) {
  console.log(`\u001b[1m> ${msg}\u001b[22m`);
}

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies (npm ci)');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

function* files(p) {
  const st = statSync(p);
  if (st.isFile()) {
    yield p;
    return;
  }
  for (const name of readdirSync(p).sort()) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    yield* files(path.join(p, name));
  }
}

function inputsHash() {
  const h = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    const abs = path.join(ROOT, input);
    if (!existsSync(abs)) continue;
    for (const f of files(abs)) h.update(path.relative(ROOT, f)).update(readFileSync(f));
  }
  return h.digest('hex');
}

/** Builds client and server unless dist/ was built from exactly these inputs. */
export function ensureBuild({ force = false } = {}) {
  const hash = inputsHash();
  const fresh =
    !force &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8') === hash &&
    existsSync(path.join(ROOT, 'dist/server/main.mjs')) &&
    existsSync(path.join(ROOT, 'dist/client/index.html'));
  if (fresh) return false;
  log('Building the storefront (client and server)');
  run(npm, ['run', '--silent', 'build']);
  writeFileSync(STAMP, hash);
  return true;
}

export { ROOT };
