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
 */
export type RatedLevel = 'random' | 'greedy' | 'easy' | 'medium' | 'strong';

export const RATED_LEVELS: readonly RatedLevel[] = ['random', 'greedy', 'easy', 'medium', 'strong'];

export const BOT_RATINGS: Readonly<Record<string, Readonly<Record<RatedLevel, number | null>>>> = {
  // Pairs of 20 games, 5,000 nodes per move, chained from greedy (a 20–0 score is a floor: ≥ 646 points).
  camelot: { random: 354, greedy: 1000, easy: 1034, medium: 1480, strong: 2126 },
  // 5 players, one seat per level, 400 iterations per move (medium 40, easy 20; easy at random two moves in five),
  // the line-up in each order (at five players the seat after a weak one profits: strong won 49.2% in one order,
  // 83.1% in the other), 80 games each, seed 3, one Bradley–Terry fit over both runs (24 Nov); 95% bootstrap
  // intervals: random 263–618, easy 608–888, medium 920–1104, strong 1186–1337 (gaps: medium − easy 252
  // [136–399], strong − medium 241 [166–312]).
  lancelot: { random: 462, greedy: 1000, easy: 761, medium: 1013, strong: 1254 },
  // 5 players, one seat per level; 200 iterations per move (medium 60, easy 10), the search's greedy playouts (24 Nov).
  // 80 games, 40 with the line-up in each order, one Bradley–Terry fit over both runs; 95% bootstrap intervals:
  // random 310–455, easy 355–874, medium 857–1086, strong 1067–1259 (gaps: medium − easy 259 [112–597],
  // strong − medium 183 [90–283]).
  joust: { random: 373, greedy: 1000, easy: 711, medium: 969, strong: 1152 },
  // 5 players, the line-up in both orders, 160 games each, seed 6, 300 iterations per move (medium 30, easy 15: the
  // levels' effort; medium plays a random card one time in five, easy one in two), one Bradley–Terry fit over both
  // runs (24 Nov, the search reading the others' plays and searching value changes); 95% bootstrap intervals:
  // random 81–549, easy 626–789, medium 830–946, strong 1040–1123 (gaps: medium − easy 183 [89–276], strong −
  // medium 187 [142–246]; packages/ai/README.md, "Ratings").
  tournament: { random: 415, greedy: 1000, easy: 709, medium: 892, strong: 1079 },
  // A team game: one Elo per seat mixes the sides, so the levels are published as their side's wins
  // (TEAM_WIN_RATES, below).
  shadows: { random: null, greedy: 1000, easy: null, medium: null, strong: null },
};

/**
 * Team games, where one Elo per seat would mix the sides: the win rate (%) of the loyal side with that level in
 * every seat, without a traitor and with one (Chevaliers, 4 players, 8 iterations per move, 60 and 40 games;
 * packages/games/shadows/BOTS.md, "The levels apart", re-measured 24 Nov after the fourth round).
 */
export const TEAM_WIN_RATES: Readonly<
  Record<string, Readonly<Partial<Record<RatedLevel, { alone: number; traitor: number }>>>>
> = {
  shadows: { easy: { alone: 0, traitor: 0 }, medium: { alone: 13, traitor: 3 }, strong: { alone: 78, traitor: 48 } },
};

/** A percentage as the language writes it: "78%", "78 %" (a non-breaking space in French). */
function percent(n: number, lang: 'en' | 'fr'): string {
  return lang === 'fr' ? `${n}\u00a0%` : `${n}%`;
}

/** What follows a level's name where a bot is chosen: its rating (" (≈1079)"), or in a team game its side's wins. */
export function strengthSuffix(game: string, level: string, lang: 'en' | 'fr' = 'en'): string {
  if (Object.hasOwn(TEAM_WIN_RATES, game)) {
    const team = TEAM_WIN_RATES[game]![level as RatedLevel];
    if (!team) return '';
    return lang === 'fr'
      ? ` (une équipe de ce niveau gagne ${percent(team.alone, lang)})`
      : ` (a team of these wins ${percent(team.alone, lang)})`;
  }
  const r = Object.hasOwn(BOT_RATINGS, game) ? BOT_RATINGS[game]![level as RatedLevel] : undefined;
  return typeof r === 'number' ? ` (≈${r})` : '';
}

/** One line for a menu: "Bot ratings (arena Elo, greedy = 1000): random 540 · greedy 1000 · …" (measured levels only). */
export function ratingsLine(game: string, lang: 'en' | 'fr' = 'en'): string {
  const team = Object.hasOwn(TEAM_WIN_RATES, game) ? TEAM_WIN_RATES[game] : undefined;
  if (team) {
    const levels = RATED_LEVELS.flatMap((l) =>
      team[l] ? [`${l} ${percent(team[l].alone, lang)} / ${percent(team[l].traitor, lang)}`] : [],
    );
    return lang === 'fr'
      ? `Force des robots (jeu d’équipe : victoires des loyaux avec ce niveau à chaque place, 4 joueurs, sans traître / avec un traître) : ${levels.join(' · ')}`
      : `Bot strength (a team game: the loyal side's wins with the level in every seat, 4 players, without a traitor / with one): ${levels.join(' · ')}`;
  }
  const r = Object.hasOwn(BOT_RATINGS, game) ? BOT_RATINGS[game] : undefined;
  const parts = r ? RATED_LEVELS.flatMap((l) => (r[l] === null ? [] : [`${l} ${r[l]}`])) : [];
  if (parts.length <= 1)
    return lang === 'fr'
      ? 'Force des robots : pas encore mesurée pour ce jeu.'
      : 'Bot ratings: not measured yet for this game.';
  return `${lang === 'fr' ? 'Force des robots (Elo mesuré dans l’arène, greedy = 1000)' : 'Bot ratings (arena Elo, greedy = 1000)'}: ${parts.join(' · ')}`;
}
