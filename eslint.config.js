// One lint setup for client, server, worker and tests; formatting is Prettier's (eslint-config-prettier).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/external-module-folders': ['node_modules'],
      'import-x/ignore': ['node_modules'],
    },
  },
  prettier,
);
