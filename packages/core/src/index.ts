export * from './result.ts';
export * from './errors.ts';
export * from './rng.ts';
export * from './game.ts';
export * from './options.ts';
export * from './match.ts';
export * from './stored.ts';
export * from './narration.ts';
