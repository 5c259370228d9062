export * from './bot.ts';
export * from './random.ts';
export * from './greedy.ts';
export * from './levels.ts';
