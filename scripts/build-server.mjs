// Bundles the server (TypeScript) into dist/server (or the folder given) with esbuild;
// node_modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', 'seed-cli': 'src/server/db/seed-cli.ts' },
  outdir: process.argv[2] ?? 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
