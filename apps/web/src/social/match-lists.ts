import type { Lang } from '@roundtable/core';
import type { MatchSummary } from '@roundtable/protocol';
import { BOT_LABELS } from '../i18n.ts';
import type { MyMatch, RatingRow } from './api.ts';
import { publishedRatings, word } from './account-words.ts';

/** What the social pages list (my matches, leaderboards), as pure functions of what the server answered. */

/** The other seats of a match, by name: people, bots with their level, or a free seat. */
export function opponents(lang: Lang, m: MatchSummary, mine: number): string {
  const others = m.seats.filter((s) => s.seat !== mine);
  return others
    .map((s) =>
      s.kind === 'bot'
        ? `${word(lang, 'bot')} ${BOT_LABELS[s.level ?? '']?.[lang] ?? s.level ?? ''}`.trim()
        : s.kind === 'open'
          ? word(lang, 'openSeat')
          : `${s.name ?? `${lang === 'fr' ? 'Joueur' : 'Player'} ${s.seat + 1}`}${s.botAccount ? ' · BOT' : ''}`,
    )
    .join(', ');
}

/** Where a match stands, for this seat, in words. */
export function standing(
  lang: Lang,
  m: MatchSummary,
  mine: number,
  yourTurn: boolean,
): { text: string; tone: 'turn' | 'wait' | 'won' | 'lost' | 'draw' | 'off' } {
  if (m.status === 'open') return { text: word(lang, 'waitingPlayers'), tone: 'wait' };
  if (m.status === 'active')
    return yourTurn ? { text: word(lang, 'yourTurn'), tone: 'turn' } : { text: word(lang, 'theirTurn'), tone: 'wait' };
  if (m.status === 'archived') return { text: word(lang, 'archived'), tone: 'off' };
  const o = m.outcome;
  if (!o || o.reason === 'cancelled') return { text: word(lang, 'cancelled'), tone: 'off' };
  if (o.draw) return { text: word(lang, 'drawn'), tone: 'draw' };
  return o.winners.includes(mine)
    ? { text: word(lang, 'won'), tone: 'won' }
    : { text: word(lang, 'lost'), tone: 'lost' };
}

/** Your turn first, then the matches in play, then the rest; newest first within each. */
export function sortMatches(list: readonly MyMatch[]): MyMatch[] {
  const rank = (m: MyMatch): number =>
    m.yourTurn ? 0 : m.match.status === 'active' ? 1 : m.match.status === 'open' ? 2 : 3;
  return [...list].sort((a, b) => rank(a) - rank(b) || b.match.createdAt - a.match.createdAt);
}

export type Line = { kind: 'player'; rank: number; row: RatingRow } | { kind: 'bot'; level: string; rating: number };

/** The players, best first, with the measured bot levels slotted in at their ratings as reference lines. */
export function boardLines(game: string, rows: readonly RatingRow[]): Line[] {
  const measured = Object.entries(publishedRatings(game)?.ratings ?? {}).flatMap(([level, r]) =>
    typeof r === 'number' ? [{ kind: 'bot' as const, level, rating: r }] : [],
  );
  // Greedy alone (1000 by definition) is no reference: a game needs two measured levels to show any.
  const bots = measured.length > 1 ? measured : [];
  const players: Line[] = rows.map((row, i) => ({ kind: 'player', rank: i + 1, row }));
  const value = (l: Line): number => (l.kind === 'bot' ? l.rating : l.row.rating);
  // Stable: players keep the server's order; a bot goes after the players rated at or above it.
  const out: Line[] = [];
  const pending = [...bots].sort((a, b) => b.rating - a.rating);
  for (const p of players) {
    while (pending.length > 0 && pending[0]!.rating > value(p)) out.push(pending.shift()!);
    out.push(p);
  }
  return [...out, ...pending];
}
