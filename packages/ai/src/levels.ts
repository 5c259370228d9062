import type { Bot } from './bot.ts';
import { greedyBot } from './greedy.ts';
import { randomBot } from './random.ts';
import { searchBot } from './search-bot.ts';

/** How often easy and medium play a random move instead of their search (see LevelSpec.blunder). */
export const EASY_BLUNDER = 0.25;
export const MEDIUM_BLUNDER = 0.08;
/**
 * The Tournament's own rates: a short search and a long one mostly keep the greedy score's card (the search
 * leaves it only for a gain it measured), so the random cards are what sets its levels apart. With the common
 * rates medium sat 84 Elo below strong at five players. A seat's win rate falls about by half for every 0.2 of
 * random cards, less and less (five-player runs: 0 → 32 %, 0.25 → 13 %, 0.45 → 8 %, 1 → 1 %), and strong wins
 * ~45 %: so medium plays a random card one time in five and easy one in two, for two gaps of ~150 Elo
 * (medium 0.25 and easy 0.45 left easy only 80 Elo below medium: packages/ai/README.md, "Measured for issue 16").
 */
export const TOURNAMENT_EASY_BLUNDER = 0.5;
export const TOURNAMENT_MEDIUM_BLUNDER = 0.2;
/**
 * Lancelot's easy: with one random move in four it searched its 20 iterations to about greedy's level, 102 Elo
 * below medium at five players; two in five set it clearly below medium and still well above random.
 */
export const LANCELOT_EASY_BLUNDER = 0.4;

/**
 * The share of an iteration budget (the arena's `--iterations`) each level searches in the games whose ratings
 * are measured that way (`LevelSpec.effort`): strong searches it in each of its two shares, medium 0.3 of it
 * and easy 0.05, as their time budgets (1 s over two threads, 300 ms, 50 ms) would.
 */
const EFFORT_GAMES = ['lancelot', 'joust', 'tournament'] as const;
const effort = (share: number, own: Record<string, number> = {}): Record<string, number> => ({
  ...Object.fromEntries(EFFORT_GAMES.map((g) => [g, share])),
  ...own,
});
/**
 * Strong's thinking time: 900 ms, so that its answer (the search's last iteration, the threads' results merged)
 * comes within the second a level promises on this 2-core machine; searching 1,000 ms it answered in 1.00–1.23 s.
 */
export const STRONG_MS = 900;
export const EASY_EFFORT = 0.05;
export const MEDIUM_EFFORT = 0.3;
/**
 * Lancelot's medium searches a tenth of strong's share (and thinks 100 ms, not 300): at five players 0.3 left it
 * within 45 Elo of strong, while a tenth still keeps it above greedy (packages/ai/README.md, "Ratings").
 */
export const LANCELOT_MEDIUM_EFFORT = 0.1;
/**
 * The Tournament's medium too, thinking 100 ms: its search keeps the greedy card at either share unless a gain
 * is measured, so its share is not what sets it apart (its random cards are); a tenth is what 100 ms buys.
 */
export const TOURNAMENT_MEDIUM_EFFORT = 0.1;
const TENTH_MEDIUM_MS = 100;

/** A level that plays some games with another spec (the others with `base`). */
function perGame(base: Bot, own: Readonly<Record<string, Bot>>): Bot {
  return {
    level: base.level,
    choose: (input) => (Object.hasOwn(own, input.game.id) ? (own[input.game.id] as Bot) : base).choose(input),
  };
}

const MEDIUM = {
  level: 'medium',
  ms: 300,
  blunder: MEDIUM_BLUNDER,
  effort: effort(MEDIUM_EFFORT, { lancelot: LANCELOT_MEDIUM_EFFORT, tournament: TOURNAMENT_MEDIUM_EFFORT }),
} as const;
const EASY = { level: 'easy', ms: 50, maxDepth: 2, blunder: EASY_BLUNDER, effort: effort(EASY_EFFORT) } as const;

/**
 * The bots a seat can be given, by level name. The searching levels differ by budget (a `budget` in the input
 * replaces it): easy answers within 100 ms, searches shallow and plays a random move one time in four (two in
 * five in Lancelot, one in two in the Tournament), medium thinks ~300 ms (100 ms in Lancelot and the Tournament) and
 * plays a random move one time in twelve (the Tournament one in five), strong ~1 s, never at random, and spreads the
 * search over worker threads (root parallelism).
 */
export const bots: Readonly<Record<string, Bot>> = {
  random: randomBot,
  greedy: greedyBot,
  easy: perGame(searchBot(EASY), {
    lancelot: searchBot({ ...EASY, blunder: LANCELOT_EASY_BLUNDER }),
    tournament: searchBot({ ...EASY, blunder: TOURNAMENT_EASY_BLUNDER }),
  }),
  medium: perGame(searchBot(MEDIUM), {
    lancelot: searchBot({ ...MEDIUM, ms: TENTH_MEDIUM_MS }),
    tournament: searchBot({ ...MEDIUM, ms: TENTH_MEDIUM_MS, blunder: TOURNAMENT_MEDIUM_BLUNDER }),
  }),
  strong: searchBot({ level: 'strong', ms: STRONG_MS, parallel: true }),
};

export const BOT_LEVELS = Object.keys(bots);

export function botFor(level: string): Bot | undefined {
  return Object.hasOwn(bots, level) ? bots[level] : undefined;
}
