// Review threads start plain Node: register tsx here, then load the TypeScript thread.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
