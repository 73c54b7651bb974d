import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is loaded from file:// in Electron and from the browser-mode server, so
// every asset path is relative.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
  },
});
