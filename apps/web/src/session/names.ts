import type { AnyGame, Lang, Seat } from '@roundtable/core';
import type { SeatState } from './types.ts';

/**
 * People, not seat numbers: a seat is called by its player's name, else "Player 2" (a bot: "Bot 2"), counted
 * from 1. The game's own seat name is added where it means something on the table (White, Red), not where it is
 * only a number ("Knight 0").
 */
export function personName(seats: readonly SeatState[], seat: Seat, lang: Lang): string {
  const s = seats[seat];
  const name = s?.name?.trim();
  // An engine's seat says so wherever the seat is named (the mark is the same in French).
  if (name) return s?.botAccount ? `${name} · BOT` : name;
  if (s?.kind === 'bot') return `${lang === 'fr' ? 'Robot' : 'Bot'} ${seat + 1}`;
  return `${lang === 'fr' ? 'Joueur' : 'Player'} ${seat + 1}`;
}

/** The game's name for a seat when it is a role or a colour ("White", "Rouge"), null when it is just a number. */
export function roleName(game: AnyGame, seat: Seat, players: number, lang: Lang): string | null {
  const role = game.seatName(seat, players, lang);
  return /\d/.test(role) ? null : role;
}

/** "Alice (White)", "Player 2", "Bot 3 (Red)". */
export function seatTitle(game: AnyGame, seats: readonly SeatState[], seat: Seat, lang: Lang): string {
  const role = roleName(game, seat, seats.length, lang);
  const person = personName(seats, seat, lang);
  return role ? `${person} (${role})` : person;
}
