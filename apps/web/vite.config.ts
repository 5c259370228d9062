import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

const shim = (name: string): string => fileURLToPath(new URL(`./src/shims/${name}`, import.meta.url));

/**
 * The engines and bots are TypeScript packages of this workspace, resolved from source. The bot package's
 * root-parallel search pool (packages/ai/src/parallel/pool.ts) uses Node worker threads; the browser gets a
 * stand-in with the same API that searches on one thread (the page runs bots in a Web Worker already).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [preact()],
  resolve: {
    alias: [{ find: /^\.\/parallel\/pool\.ts$/, replacement: shim('ai-pool.ts') }],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
  },
});
