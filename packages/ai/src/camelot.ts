import type { Evaluate } from './bot.ts';

// Filled in once the Camelot engine lands.
export const camelotGreedy: Evaluate = () => 0;
