// Bundles the server (TypeScript) into dist/server (or the folder given) with esbuild; node_modules
// stay external. Beside it, the first-paint renderer (src/app/first-paint.tsx): the app's route tree
// bundled whole (React and the router included, styles left out) so the server renders landing pages
// from the same components the browser runs (docs/architecture.md#first-paint).
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';
const common = {
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: { main: 'src/server/main.ts', 'seed-cli': 'src/server/db/seed-cli.ts' },
  packages: 'external',
});

await build({
  ...common,
  entryPoints: { 'first-paint': 'src/app/first-paint.tsx' },
  jsx: 'automatic',
  loader: { '.css': 'empty' },
  define: {
    'process.env.NODE_ENV': '"production"',
    'import.meta.env.PROD': 'true',
    'import.meta.env': '{"PROD":true}',
  },
  // React's CommonJS files call require() for Node's own modules.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});
