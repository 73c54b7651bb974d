// Builds every face into out/: the renderer with Vite, the Node entries with esbuild.
// Node dependencies stay external (resolved from node_modules at run time), except in the
// sandboxed preload, which may load nothing but 'electron' and so is bundled whole.
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const quiet = process.argv.includes('--quiet');

const node = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  absWorkingDir: root,
};

await rm(new URL('../out', import.meta.url), { recursive: true, force: true });
await Promise.all([
  // Split, so a command loads only what it runs: `assemble` alone needs the tokenizer, whose
  // tables cost every other command about 0.2 s and 70 MB at start. The host's token worker
  // is an entry too: token-pool.ts finds out/token-worker.mjs from wherever it was bundled.
  esbuild({
    ...node,
    entryPoints: {
      cli: 'electron/cli/main.ts',
      'demo-server': 'electron/demo-server/main.ts',
      'token-worker': 'electron/host/context/token-worker.ts',
    },
    outdir: 'out',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
  }),
  esbuild({
    ...node,
    entryPoints: { main: 'electron/main.ts' },
    outdir: 'out/electron',
    format: 'esm',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
  }),
  esbuild({
    ...node,
    entryPoints: { preload: 'electron/preload.ts' },
    outdir: 'out/electron',
    format: 'cjs',
    external: ['electron'],
    outExtension: { '.js': '.cjs' },
  }),
  viteBuild({ configFile: `${root}/vite.config.ts`, logLevel: quiet ? 'warn' : 'info' }),
]);
