import type { BotProfile } from '../profile.ts';
import { published } from './ratings.ts';
import { camelotGreedy } from '../camelot.ts';
import { camelotAnalysisPosition } from './analysis.ts';
import { searchCamelot } from './search.ts';

/**
 * Camelot's bots: its own alpha-beta over the engine's move generator (camelot/search.ts), and the analysis
 * search on the same board (camelot/analysis.ts).
 */
export const profile: BotProfile = {
  id: 'camelot',
  ...published,
  greedy: camelotGreedy,
  searcher: searchCamelot,
  analysisPosition: camelotAnalysisPosition,
};
