// A search worker runs TypeScript like the rest of the repository: register tsx, then load the real worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
