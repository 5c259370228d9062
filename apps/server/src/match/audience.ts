import type { Seat } from '@roundtable/core';
import type { ChatLine } from '@roundtable/protocol';
import type { LiveMatch, Listener } from '../live-match.ts';
import type { Audience } from './cluster.ts';

const isOver = (live: LiveMatch): boolean =>
  live.status === 'finished' || live.status === 'abandoned' || live.status === 'archived';

/**
 * Who sees a chat channel. While a game with secrets is played, the players' channel is the seats' alone and the
 * spectators' is the spectators' alone (a spectator could otherwise pass on what a player said of their hand,
 * and players would read kibitzing). In a game without secrets, and once any game is over, everyone reads both.
 */
export function sees(live: LiveMatch, seat: Seat | null, channel: ChatLine['channel']): boolean {
  if (live.game.perfectInformation || isOver(live)) return true;
  return channel === 'players' ? seat !== null : seat === null;
}

/** Whether `listener` is to read a message told to `to` (on the owner, and on every process following the match). */
export function reaches(live: LiveMatch, listener: Listener, to: Audience): boolean {
  if ('everyone' in to) return true;
  if ('seat' in to) return listener.seat === to.seat;
  if ('players' in to) return listener.seat !== null;
  return !listener.muted && sees(live, listener.seat, to.chat);
}
