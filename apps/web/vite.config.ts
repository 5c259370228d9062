import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

/**
 * The engines and bots are TypeScript packages of this workspace, resolved from source. The bot package's
 * root-parallel search pool uses Node worker threads; its package.json maps `#pool` to a one-thread search under
 * the `browser` condition, which Vite resolves for the page and its workers (the page runs bots in a Web Worker).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [preact()],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
  },
});
