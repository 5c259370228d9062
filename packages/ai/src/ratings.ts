/**
 * The levels' published ratings, measured in the arena (`roundtable arena`; the commands and samples are in
 * packages/ai/README.md, "Ratings"). Elo on the arena's scale (a Bradley–Terry fit of every pairwise result:
 * the winner beats each loser), shifted so that the greedy bot is 1000 in every game: 400 points apart means
 * about 10 wins to 1 between two bots. `null`: not measured (yet). Menus show them next to the level names.
 * Measured with a fixed iteration budget (reproducible on a loaded machine). In Lancelot, joust and the Tournament it
 * is strong's per share, and medium and easy search 0.3 and 0.05 of it (the medium of Lancelot and the Tournament
 * 0.1: `LevelSpec.effort`), as their time budgets would, and easy and medium play at random at their game's rates;
 * elsewhere every searching level gets the same and the gap between them is their random moves
 * (`EASY_BLUNDER`, `MEDIUM_BLUNDER`) and strong's two search shares.
 * Each game's figures, with how they were measured, are in its AI folder (`<id>/ratings.ts`), carried by its bot
 * profile (`BotProfile.ratings`, `.teamWinRates`); a page reads the same object from the catalog's line.
 */
import { profileOf, type PublishedRatings, type RatedLevel } from './profile.ts';

export const RATED_LEVELS: readonly RatedLevel[] = ['random', 'greedy', 'easy', 'medium', 'strong'];

/** A percentage as the language writes it: "78%", "78 %" (a non-breaking space in French). */
function percent(n: number, lang: 'en' | 'fr'): string {
  return lang === 'fr' ? `${n}\u00a0%` : `${n}%`;
}

/**
 * What follows a level's name where a bot is chosen: its rating (" (≈1079)"), or in a team game its side's wins.
 * `published`: the game's figures (nothing when it has none).
 */
export function strengthSuffixOf(
  published: PublishedRatings | undefined,
  level: string,
  lang: 'en' | 'fr' = 'en',
): string {
  if (published?.teamWinRates) {
    const team = published.teamWinRates[level as RatedLevel];
    if (!team) return '';
    return lang === 'fr'
      ? ` (une équipe de ce niveau gagne ${percent(team.alone, lang)})`
      : ` (a team of these wins ${percent(team.alone, lang)})`;
  }
  const r = published?.ratings?.[level as RatedLevel];
  return typeof r === 'number' ? ` (≈${r})` : '';
}

/** `strengthSuffixOf` for a game registered with packages/ai (its bot profile's figures). */
export function strengthSuffix(game: string, level: string, lang: 'en' | 'fr' = 'en'): string {
  return strengthSuffixOf(profileOf(game), level, lang);
}

/** One line for a menu: "Bot ratings (arena Elo, greedy = 1000): random 540 · greedy 1000 · …" (measured levels only). */
export function ratingsLineOf(published: PublishedRatings | undefined, lang: 'en' | 'fr' = 'en'): string {
  const team = published?.teamWinRates;
  if (team) {
    const levels = RATED_LEVELS.flatMap((l) =>
      team[l] ? [`${l} ${percent(team[l].alone, lang)} / ${percent(team[l].traitor, lang)}`] : [],
    );
    return lang === 'fr'
      ? `Force des robots (jeu d’équipe\u00a0: victoires des loyaux avec ce niveau à chaque place, 4 joueurs, sans traître / avec un traître)\u00a0: ${levels.join(' · ')}`
      : `Bot strength (a team game: the loyal side's wins with the level in every seat, 4 players, without a traitor / with one): ${levels.join(' · ')}`;
  }
  const r = published?.ratings;
  const parts = r ? RATED_LEVELS.flatMap((l) => (r[l] === null ? [] : [`${l} ${r[l]}`])) : [];
  if (parts.length <= 1)
    return lang === 'fr'
      ? 'Force des robots\u00a0: pas encore mesurée pour ce jeu.'
      : 'Bot ratings: not measured yet for this game.';
  // French puts a non-breaking space before the colon.
  return lang === 'fr'
    ? `Force des robots (Elo mesuré dans l’arène, greedy = 1000)\u00a0: ${parts.join(' · ')}`
    : `Bot ratings (arena Elo, greedy = 1000): ${parts.join(' · ')}`;
}

/** `ratingsLineOf` for a game registered with packages/ai (its bot profile's figures). */
export function ratingsLine(game: string, lang: 'en' | 'fr' = 'en'): string {
  return ratingsLineOf(profileOf(game), lang);
}
