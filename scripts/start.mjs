// `npm start`: installs what is missing, builds when stale, then runs the server in THIS process
// (one Node process serves the PWA and the API; it migrates and seeds on first start).
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { ensureBuild, ensureDependencies, ROOT } from './lib/setup.mjs';

ensureDependencies();
ensureBuild();
process.chdir(ROOT);
await import(pathToFileURL(path.join(ROOT, 'dist/server/main.mjs')).href);
