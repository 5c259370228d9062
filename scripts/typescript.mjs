// Imported first by every entry point and worker thread that runs the repository's TypeScript (the CLI, the
// server, the bots' and reviews' threads): registers scripts/ts-hooks.mjs, which compiles each .ts file with
// esbuild as it is loaded, and turns on source maps so that stack traces name TypeScript lines.
import { register } from 'node:module';

process.setSourceMapsEnabled(true);
register('./ts-hooks.mjs', import.meta.url);
