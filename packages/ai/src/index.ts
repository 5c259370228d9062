export * from './bot.ts';
export * from './random.ts';
export * from './greedy.ts';
export * from './levels.ts';
export { searchBot, type LevelSpec } from './search-bot.ts';
export { searcherFor } from './dispatch.ts';
export { closeWorkers, SHARES } from './parallel/pool.ts';
export type { RootReport, SearchRequest } from './search.ts';
export * from './ratings.ts';
