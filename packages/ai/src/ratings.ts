/**
 * The levels' published ratings, measured in the arena (`roundtable arena`; the commands and samples are in
 * packages/ai/README.md, "Ratings"). Elo on the arena's scale (a Bradley–Terry fit of every pairwise result:
 * the winner beats each loser), shifted so that the greedy bot is 1000 in every game: 400 points apart means
 * about 10 wins to 1 between two bots. `null`: not measured (yet). Menus show them next to the level names.
 */
export type RatedLevel = 'random' | 'greedy' | 'easy' | 'medium' | 'strong';

export const RATED_LEVELS: readonly RatedLevel[] = ['random', 'greedy', 'easy', 'medium', 'strong'];

export const BOT_RATINGS: Readonly<Record<string, Readonly<Record<RatedLevel, number | null>>>> = {
  camelot: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
  lancelot: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
  joust: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
  tournament: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
  shadows: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
};

/** One line for a menu: "Bot ratings (arena Elo, greedy = 1000): random 540 · greedy 1000 · …" (measured levels only). */
export function ratingsLine(game: string, lang: 'en' | 'fr' = 'en'): string {
  const r = Object.hasOwn(BOT_RATINGS, game) ? BOT_RATINGS[game] : undefined;
  const parts = r ? RATED_LEVELS.flatMap((l) => (r[l] === null ? [] : [`${l} ${r[l]}`])) : [];
  if (parts.length <= 1) return lang === 'fr' ? 'Force des robots : pas encore mesurée pour ce jeu.' : 'Bot ratings: not measured yet for this game.';
  return `${lang === 'fr' ? 'Force des robots (Elo mesuré dans l’arène, greedy = 1000)' : 'Bot ratings (arena Elo, greedy = 1000)'}: ${parts.join(' · ')}`;
}
