// One lint setup for client, server, worker and tests; formatting is Prettier's (eslint-config-prettier).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** wouter only through src/lib/router.tsx (docs/decisions/0016), the app's routing vocabulary. */
const WOUTER = {
  regex: '^wouter(/.*)?$',
  message: 'Import routing from src/lib/router.tsx, the one module that uses wouter.',
};

/** What client code may import: third-party plumbing only through src/lib, a feature only through its door. */
function clientDoors() {
  // One place to change each library: IndexedDB through idb.ts, sockets through reconnecting-socket.ts.
  const paths = ['idb-keyval', 'reconnecting-websocket'].map((name) => ({
    name,
    message: 'Use its door in src/lib/ (idb.ts, reconnecting-socket.ts).',
  }));
  // Data is read through use-api.ts (one retry rule), never from the cache under it (docs/decisions/0017).
  const cache = {
    regex: '(^|/)lib/data-cache(\\.ts)?$',
    message: 'Read data through src/lib/use-api.ts (useApi, useData, revalidate).',
  };
  // Another feature is reached through its door: index.tsx (index.ts), or boot.ts at start-up.
  const door = (prefix) => ({
    regex: `^${prefix}[a-z-]+/(?!(index\\.tsx?|boot\\.ts)$)`,
    message: 'Import another feature through its index.tsx (or boot.ts), not its files.',
  });
  // Every request is a function in its feature's api/<verb-noun>.ts (docs/decisions/0015): only those
  // files call the HTTP client; components and hooks call them.
  const http = {
    regex: '(^|/)lib/http(\\.ts)?$',
    importNames: ['api', 'API_BASE'],
    message: "Make the request in the feature's api/<verb-noun>.ts and call that function.",
  };
  const rule = (patterns) => ({
    'no-restricted-imports': ['error', { paths, patterns: [...patterns, cache, WOUTER] }],
  });
  return [
    { files: ['src/app/**/*.{ts,tsx}'], ignores: TESTS, rules: rule([door('(\\.\\./)+features/'), http]) },
    { files: ['src/features/*/*.{ts,tsx}'], ignores: TESTS, rules: rule([door('\\.\\./'), http]) },
    {
      files: ['src/features/*/*/*.{ts,tsx}'],
      ignores: [...TESTS, 'src/features/*/api/**'],
      rules: rule([door('\\.\\./\\.\\./'), http]),
    },
    { files: ['src/features/*/api/*.ts'], ignores: TESTS, rules: rule([door('\\.\\./\\.\\./')]) },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.tmp',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      '.lighthouseci',
      'data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Blocks below that set no-restricted-imports for their files repeat WOUTER (a later block replaces it).
      'no-restricted-imports': ['error', { patterns: [WOUTER] }],
      // Dependency direction shared -> lib -> features -> app; the server and client never meet.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/app', './src/features', './src/lib', './src/server', './sw'],
            },
            { target: './src/lib', from: ['./src/app', './src/features', './src/server'] },
            { target: './src/features', from: ['./src/app', './src/server'] },
            { target: './src/app', from: ['./src/server'] },
            { target: './src/server', from: ['./src/app', './src/features', './src/lib', './sw'] },
            { target: './sw', from: ['./src/app', './src/features', './src/lib', './src/server'] },
          ],
        },
      ],
    },
    settings: {
      // Without a parser for .ts, import-x reads no TypeScript file's imports and no-cycle never fires.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/external-module-folders': ['node_modules'],
      'import-x/ignore': ['node_modules'],
    },
  },
  {
    // A server module reaches another only through its door, index.ts (docs/architecture.md#server).
    files: ['src/server/modules/*/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?!index\\.ts$)',
              message: 'Import another server module through its index.ts, not its files.',
            },
            WOUTER,
          ],
        },
      ],
    },
  },
  {
    // The client's API paths come from the contract (src/shared/api/paths.ts), never written out: a
    // copy drifts from the route it names. Tests may spell a path to prove what a client sends.
    files: ['src/app/**', 'src/features/**', 'src/lib/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api|ws)\\//]',
          message: 'Take API paths from src/shared/api/paths.ts.',
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(api|ws)\\//]',
          message: 'Take API paths from src/shared/api/paths.ts.',
        },
      ],
    },
  },
  {
    // A contract file's schemas bring zod (25 kB gzip) into every chunk that imports it, even for a
    // type written `import { type X }` (the import stays, for its side effects): client code imports
    // types with `import type`, and values from the zod-free modules of src/shared (decision 10).
    // paths.ts and ratings.ts are contract files without zod.
    files: ['src/app/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)shared/api/(?!(paths|ratings)\\.ts$)[a-z-]+\\.ts$',
              allowTypeImports: true,
              message:
                'A value from a contract file brings zod: import types only, values from a zod-free module of src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract files take z from src/shared/api/zod.ts, so its browser setting (no eval) comes
    // before their first schema in whatever order a chunk loads them.
    files: ['src/shared/**/*.ts'],
    ignores: [...TESTS, 'src/shared/api/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Import { z } from src/shared/api/zod.ts.' }],
          patterns: [WOUTER],
        },
      ],
    },
  },
  ...clientDoors(),
  { files: ['src/lib/router.tsx'], rules: { 'no-restricted-imports': 'off' } },
  prettier,
);
