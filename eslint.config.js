// Folder = runtime. These rules keep each folder to the imports its runtime allows
// (see ARCHITECTURE.md); tsc's per-folder configs enforce the same from the types side.
// Import cycles are oxlint's (.oxlintrc.json, run first by `npm run lint`): its no-cycle counts
// type-only imports, which eslint-plugin-import-x's skips.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronOnly = {
  name: 'electron',
  message: 'Only electron/main.ts, preload.ts and the shell files may import electron.',
};
const nodeBuiltins = { group: ['node:*'], message: 'This folder must run outside Node.' };
const reactOnly = {
  group: ['react', 'react-dom', 'react-dom/*', 'zustand', 'react-arborist'],
  message: 'React belongs in renderer/.',
};

// The host's folders, each with the folders it may import (ARCHITECTURE.md). No circle: every
// folder named on the right sits higher in this list than the folder that names it.
const hostFolders = {
  store: [],
  observe: [],
  context: [],
  catalog: [],
  auth: ['store'],
  connection: ['auth', 'observe'],
  check: ['connection', 'observe'],
  capture: ['context', 'observe'],
};
// A relative import that climbs one level (into the host's root or a sibling folder) and does
// not land in an allowed folder. A test may also drive a whole host (../host).
function hostLayer(folder, below, { test = false } = {}) {
  const allowed = [...below.map((name) => `${name}/`), ...(test ? ['host$'] : [])];
  return {
    regex: `^\\.\\./(?!\\.\\./)${allowed.length > 0 ? `(?!${allowed.join('|')})` : ''}`,
    message: `electron/host/${folder}/ may import ${below.length > 0 ? `only ${below.map((name) => `${name}/`).join(' and ')}` : 'no other folder'} of the host, and never its root (ARCHITECTURE.md).`,
  };
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnly], patterns: [nodeBuiltins, reactOnly] },
      ],
    },
  },
  {
    files: [
      'electron/host/**/*.ts',
      'electron/web/**/*.ts',
      'electron/cli/**/*.ts',
      'electron/config/**/*.ts',
      'electron/demo-server/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [reactOnly] }] },
  },
  // Then folder = concern: inside electron/host/, each folder imports only the folders below it
  // (hostFolders), never the composition root above them (host.ts and its host-*.ts parts).
  ...Object.entries(hostFolders).flatMap(([folder, below]) => [
    {
      files: [`electron/host/${folder}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          { paths: [electronOnly], patterns: [reactOnly, hostLayer(folder, below)] },
        ],
      },
    },
    {
      files: [`electron/host/${folder}/**/*.test.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [electronOnly],
            patterns: [reactOnly, hostLayer(folder, below, { test: true })],
          },
        ],
      },
    },
  ]),
  {
    // The shell's helpers take Electron objects as parameters so they run under vitest, where
    // Electron cannot load: types only. main.ts and preload.ts do the real imports.
    files: ['electron/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              ...electronOnly,
              allowTypeImports: true,
              message:
                'Only electron/main.ts and preload.ts may import electron at run time; use import type here.',
            },
          ],
          patterns: [reactOnly],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [
            nodeBuiltins,
            {
              group: ['**/electron/**'],
              message: 'The renderer sees the host only through HostApi.',
            },
          ],
        },
      ],
    },
  },
);
