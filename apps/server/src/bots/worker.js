// Worker threads start plain Node: register the TypeScript hooks here, then load the TypeScript worker.
import '../../../../scripts/typescript.mjs';

await import('./worker.ts');
