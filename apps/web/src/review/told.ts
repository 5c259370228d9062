import type { AnyGame, Lang, LogEntry, Match, Seat } from '@roundtable/core';
import { narrateStep, type Step } from '../session/narration.ts';

/** How the review names seats: the table's own two namings (session/names.ts). */
export interface ReviewNames {
  /** The name the log uses ("Alice", "Bot 2"). */
  readonly person: (seat: Seat) => string;
  /** The name the table shows ("Alice (White)"). */
  readonly title: (seat: Seat) => string;
}

/**
 * Every move of a match in the words of the table's log, as the seat that made it read them: entry `i` holds the
 * log's entries for move `i + 1` told to its mover (the log's own step narration, session/narration.ts, on that
 * seat's two views, so it says what the log said and nothing the seat could not see then). The review has no
 * wording of its own.
 */
export function movesInWords(game: AnyGame, match: Match, lang: Lang, name: (seat: Seat) => string): LogEntry[][] {
  return match.history.map(({ seat, move }, i) => {
    // The step as the web's local session builds it for the mover (session/local.ts): its own move is known to it.
    const step: Step = {
      before: game.view(match.stateAt(i), seat),
      after: game.view(match.stateAt(i + 1), seat),
      move: { seat, notation: move },
      seat,
    };
    return narrateStep(game, step, i + 1, { viewer: seat, lang, players: match.players, name });
  });
}

/**
 * A move that was not played, in the log's words: what the log would have told `seat` had it played `move` in
 * `state` (its own action only, not what the deck would then have dealt). Null when the move does not apply.
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
  const parsed = game.parseMove(state, seat, move);
  if (!parsed.ok) return null;
  const next = game.play(state, seat, parsed.value);
  if (!next.ok) return null;
  const entries = narrateStep(
    game,
    { before: game.view(state, seat), after: game.view(next.value, seat), move: { seat, notation: move }, seat },
    1,
    { viewer: seat, lang, players, name },
  );
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
