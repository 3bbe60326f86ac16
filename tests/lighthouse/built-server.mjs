// The built server (dist/server/main.mjs) on a fresh embedded database, for the scripts in this folder
// that audit the app as a browser sees it. `ready` resolves when it says "Storefront ready".
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function startBuiltServer({ port, dataDir, env = {}, echo = false }) {
  rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  const server = spawn('node', ['dist/server/main.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 120 s')), 120_000);
    server.stdout.on('data', (chunk) => {
      if (echo) process.stdout.write(chunk);
      if (!String(chunk).includes('Storefront ready')) return;
      clearTimeout(timer);
      resolve();
    });
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
  return { server, ready };
}
