export { startServer, type RunningServer, type StartOptions } from './server.ts';
export { main } from './main.ts';
export { readConfig, DEFAULTS, type ServerConfig } from './config.ts';
export type { Store } from './storage/store.ts';
export { SqliteStore } from './storage/sqlite.ts';
export * as pairing from './events/pairing/index.ts';
