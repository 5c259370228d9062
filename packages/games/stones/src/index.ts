export * from './game.ts';
export { descriptor } from './descriptor.ts';
