import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type LogLevel, type Plugin } from 'vite';
import preact from '@preact/preset-vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest, manifestFilename, type ManifestGame } from './src/pwa/manifest.ts';
import { precompress } from './src/pwa/precompress.ts';

// The catalog is TypeScript of this workspace: loaded through Vite's module runner (the config itself is bundled
// by Vite, which leaves packages to Node, and Node does not read TypeScript).
// The games of the catalog, without those kept for tests (whose shortcuts would have no icon).
const { module: catalog } = await runnerImport<typeof import('@roundtable/catalog/lines')>('@roundtable/catalog/lines');
const GAMES: ManifestGame[] = catalog.LINES.map((l) => l.descriptor)
  .filter((d) => !d.fixture)
  .map((d) => ({ id: d.id, name: d.name }));

/** The French manifest beside the English one that vite-plugin-pwa writes (the page links the one of its language). */
function frenchManifest(): Plugin {
  return {
    name: 'roundtable:manifest-fr',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: manifestFilename('fr'),
        source: `${JSON.stringify(manifest('fr', GAMES), null, 2)}\n`,
      });
    },
  };
}

/**
 * The service worker is built by a Vite build of its own (vite-plugin-pwa's): it is told the main build's log
 * level (tests build silently) and always gets Workbox's production code (vitest sets NODE_ENV to "test").
 */
let logLevel: LogLevel = 'info';
const serviceWorkerBuild: Plugin = {
  name: 'roundtable:service-worker-build',
  config: () => ({ logLevel, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
};
const mainLogLevel: Plugin = {
  name: 'roundtable:log-level',
  configResolved(config) {
    logLevel = config.logLevel ?? logLevel;
  },
};

/**
 * The engines and bots are TypeScript packages of this workspace, resolved from source. The bot package's
 * root-parallel search pool uses Node worker threads; its package.json maps `#pool` to a one-thread search under
 * the `browser` condition, which Vite resolves for the page and its workers (the page runs bots in a Web Worker).
 *
 * The app is installable and works offline (src/pwa/, src/sw/): vite-plugin-pwa builds the service worker from
 * src/sw/service-worker.ts and injects the list of every built file into it (Workbox precaching), so the shell,
 * every table, the engines, the bot worker, the lessons and the rules are on the device after one visit. Every
 * text file is also written compressed beside itself (.br, .gz), which the server sends as they are.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [
    preact(),
    mainLogLevel,
    frenchManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      // A new version waits until the page accepts it (src/pwa/update.ts offers it between games only).
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: manifestFilename('en'),
      manifest: manifest('en', GAMES),
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        buildPlugins: { vite: [serviceWorkerBuild] },
        // (The English manifest is listed by the plugin itself.)
        globPatterns: ['**/*.{js,css,html,svg,png}', manifestFilename('fr')],
        // The bot worker holds every engine and bot (about 400 kB): it must be precached too.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
  },
});
