import type { Lang } from './errors.ts';
import type { AnyGame } from './game.ts';
import type { Match } from './match.ts';
import type { LogEntry } from './narration.ts';
import type { Seat } from './seat.ts';

/**
 * Every move of a match in the words of the log, as the seat that made it read them: entry `i` holds the game's
 * narration of move `i + 1` told to its mover (its views before and after, its own move known to it), so it says
 * what the table's log said and nothing that seat could not see then. A review tells its decisions with this and
 * has no wording of its own. Empty for a game without a narrator.
 */
export function movesInWords(game: AnyGame, match: Match, lang: Lang, name: (seat: Seat) => string): LogEntry[][] {
  return match.history.map(({ seat, move }, i) =>
    game.narrate
      ? game.narrate(game.view(match.stateAt(i), seat), game.view(match.stateAt(i + 1), seat), {
          viewer: seat,
          lang,
          players: match.players,
          name,
          move: { seat, notation: move },
        })
      : [],
  );
}

/**
 * A move that was not played, in the log's words: what the log would have told `seat` had it played `move` in
 * `state` — its own action only, not what the deck would then have dealt. Null when the move does not apply or the
 * game has no narrator.
 */
export function moveInWords(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  move: string,
  players: number,
  lang: Lang,
  name: (seat: Seat) => string,
): LogEntry[] | null {
  if (!game.narrate) return null;
  const parsed = game.parseMove(state, seat, move);
  if (!parsed.ok) return null;
  const next = game.play(state, seat, parsed.value);
  if (!next.ok) return null;
  const entries = game.narrate(game.view(state, seat), game.view(next.value, seat), {
    viewer: seat,
    lang,
    players,
    name,
    move: { seat, notation: move },
  });
  const own = entries.filter((e) => e.kind === 'move' && e.seat === seat);
  if (own.length > 0) return own;
  // A choice the log tells as an event (a token taken): its public sentences.
  const told = entries.filter((e) => e.kind === 'event' && !e.private);
  return told.length > 0 ? told : null;
}

/** The sentence that heads a move's entries: the mover's own act, else the first thing told. */
export function headline(entries: readonly LogEntry[], seat: Seat): LogEntry | undefined {
  return entries.find((e) => e.kind === 'move' && e.seat === seat) ?? entries[0];
}
