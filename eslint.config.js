// Folder = runtime. These rules keep each folder to the imports its runtime allows
// (see ARCHITECTURE.md); tsc's per-folder configs enforce the same from the types side.
// Import cycles are oxlint's (.oxlintrc.json, run first by `npm run lint`): its no-cycle counts
// type-only imports, which eslint-plugin-import-x's skips.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronOnly = { name: 'electron', message: 'Only electron/main.ts, preload.ts and the shell files may import electron.' };
const nodeBuiltins = { group: ['node:*'], message: 'This folder must run outside Node.' };
const reactOnly = { group: ['react', 'react-dom', 'react-dom/*', 'zustand', 'react-arborist'], message: 'React belongs in renderer/.' };

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [nodeBuiltins, reactOnly] }] },
  },
  {
    files: ['electron/host/**/*.ts', 'electron/web/**/*.ts', 'electron/cli/**/*.ts', 'electron/config/**/*.ts', 'electron/demo-server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [reactOnly] }] },
  },
  {
    // The shell's helpers take Electron objects as parameters so they run under vitest, where
    // Electron cannot load: types only. main.ts and preload.ts do the real imports.
    files: ['electron/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ ...electronOnly, allowTypeImports: true, message: 'Only electron/main.ts and preload.ts may import electron at run time; use import type here.' }], patterns: [reactOnly] }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [nodeBuiltins, { group: ['**/electron/**'], message: 'The renderer sees the host only through HostApi.' }] }],
    },
  },
);
