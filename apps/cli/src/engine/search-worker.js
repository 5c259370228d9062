// The engine's search thread runs TypeScript like the rest of the repository: register tsx, then load it.
import { register } from 'tsx/esm/api';

register();
await import('./search-worker.ts');
