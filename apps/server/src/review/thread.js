// Review threads start plain Node: register the TypeScript hooks here, then load the TypeScript thread.
import '../../../../scripts/typescript.mjs';

await import('./thread.ts');
