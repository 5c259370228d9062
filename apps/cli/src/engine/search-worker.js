// The engine's search thread runs TypeScript like the rest of the repository: register the hooks, then load it.
import '../../../../scripts/typescript.mjs';

await import('./search-worker.ts');
