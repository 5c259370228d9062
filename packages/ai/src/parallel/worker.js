// A search worker runs TypeScript like the rest of the repository: register tsx, then load the real worker.
import { register } from 'tsx/esm/api';

register();
// The module that registers the games and their bots in this thread (the catalog), before the worker listens.
const { workerData } = await import('node:worker_threads');
if (workerData.setup) await import(workerData.setup);
await import('./worker.ts');
