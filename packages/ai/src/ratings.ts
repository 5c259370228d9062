/**
 * The levels' published ratings, measured in the arena (`roundtable arena`; the commands and samples are in
 * packages/ai/README.md, "Ratings"). Elo on the arena's scale (a Bradley–Terry fit of every pairwise result:
 * the winner beats each loser), shifted so that the greedy bot is 1000 in every game: 400 points apart means
 * about 10 wins to 1 between two bots. `null`: not measured (yet). Menus show them next to the level names.
 * Measured with a fixed iteration budget for every searching level (reproducible on a loaded machine): the gap
 * between the searching levels is then their random moves (`EASY_BLUNDER`, `MEDIUM_BLUNDER`) and strong's two
 * search shares; with their own time budgets (50 ms, 300 ms, 1 s) strong searches 3–20 times more.
 */
export type RatedLevel = 'random' | 'greedy' | 'easy' | 'medium' | 'strong';

export const RATED_LEVELS: readonly RatedLevel[] = ['random', 'greedy', 'easy', 'medium', 'strong'];

export const BOT_RATINGS: Readonly<Record<string, Readonly<Record<RatedLevel, number | null>>>> = {
  // Pairs of 20 games, 5,000 nodes per move, chained from greedy (a 20–0 score is a floor: ≥ 646 points).
  camelot: { random: 354, greedy: 1000, easy: 1034, medium: 1480, strong: 2126 },
  // 5 players, one seat per level, 40 games, 50 iterations per move.
  lancelot: { random: 456, greedy: 1000, easy: 830, medium: 1078, strong: 1055 },
  joust: { random: 508, greedy: 1000, easy: 925, medium: 1037, strong: 1126 },
  // Not measured: a 5-level Tournament game took 5 minutes on the loaded machine.
  tournament: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
  // A team game: one Elo per seat mixes the sides (measured: with a random knight at the table the loyal side
  // won 0 of 24 games, so every level scored alike); the loyal win rates are in packages/games/shadows/BOTS.md.
  shadows: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
};

/** One line for a menu: "Bot ratings (arena Elo, greedy = 1000): random 540 · greedy 1000 · …" (measured levels only). */
export function ratingsLine(game: string, lang: 'en' | 'fr' = 'en'): string {
  const r = Object.hasOwn(BOT_RATINGS, game) ? BOT_RATINGS[game] : undefined;
  const parts = r ? RATED_LEVELS.flatMap((l) => (r[l] === null ? [] : [`${l} ${r[l]}`])) : [];
  if (parts.length <= 1) return lang === 'fr' ? 'Force des robots : pas encore mesurée pour ce jeu.' : 'Bot ratings: not measured yet for this game.';
  return `${lang === 'fr' ? 'Force des robots (Elo mesuré dans l’arène, greedy = 1000)' : 'Bot ratings (arena Elo, greedy = 1000)'}: ${parts.join(' · ')}`;
}
