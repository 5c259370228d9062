import type { Seat } from '@roundtable/core';
import type { Evaluate } from './bot.ts';
import { COLOUR, COLOURS, TYPE, VALUE, total, tokensToWin, type JoustState } from '@roundtable/joust';

/**
 * The greedy bot's score for the jousting game, for `seat` after one move. It only ever sees states rebuilt by
 * `determinize` from the seat's view, so it reads nothing the seat could not know (its own hand, the table).
 *
 * - tokens dominate, a game win most of all; a token the seat lacks is what a tournament is worth;
 * - cards in hand are worth a little (the hand is the only resource, and withdrawing early keeps it);
 * - staying in a tournament is worth the token at stake times a rough chance of winning it: high when ahead
 *   with cards to spare, nil when behind with no way to catch up (then withdrawing scores better).
 */
export const joustGreedy: Evaluate = (_game, _before, after: JoustState, seat: Seat): number => {
  const s = after;
  const tokens = s.tokens[seat]!;
  if (s.phase.kind === 'over') return s.phase.winner === seat ? 1e6 : -1e6;
  let score = 100 * tokens.length;
  // Being one token from the win is worth more than the token itself.
  if (tokens.length === tokensToWin(s.players) - 1) score += 40;
  const hand = s.hands[seat]!;
  score += 3 * hand.length;
  // A maiden in hand is a strong card, action cards are flexible: small bonuses.
  for (const c of hand) score += TYPE[c] === 'action' ? 1 : 0;

  // Lancelot: spend it on a card aimed at this seat (or hitting everyone), keep it otherwise.
  if (s.phase.kind === 'response' && s.phase.lancelot === seat) {
    const m = s.phase.action.move;
    const mass = ['feinte', 'charge', 'contre-charge', 'disgrace', 'adaptation', 'maladresse', 'changement-arme', 'desarconne'];
    score += m.target === seat ? 12 : mass.includes(m.card) ? 4 : -6;
  }
  if (s.colour === null || !s.inTournament[seat]) return score;
  const colour = s.colour;
  const stake = colour === 'purple' || !tokens.includes(colour) ? 60 : 8;
  const mine = total(s, seat);
  let best = 0;
  for (let o = 0; o < s.players; o++) if (o !== seat && s.inTournament[o]) best = Math.max(best, total(s, o));
  const lead = mine - best;
  // What the hand could still add in this colour.
  let reserve = 0;
  for (const c of hand) {
    if (COLOUR[c] === colour || TYPE[c] === 'support') reserve += colour === 'green' ? 1 : VALUE[c]!;
  }
  let chance: number;
  if (lead > 0) chance = Math.min(0.85, 0.45 + 0.04 * lead + 0.01 * reserve);
  else if (mine + reserve > best) chance = 0.25;
  else chance = 0;
  // A maiden on the display risks a token if the seat has to withdraw later.
  const maidenRisk = s.displays[seat]!.some((c) => TYPE[c] === 'support' && VALUE[c] === 6) && tokens.length > 0 ? 15 * (1 - chance) : 0;
  const others = s.inTournament.filter(Boolean).length - 1;
  return score + stake * chance * (others > 2 ? 0.8 : 1) - maidenRisk;
};

/** Colours the seat lacks, for menus and tests. */
export function lackingColours(state: JoustState, seat: Seat): string[] {
  return COLOURS.filter((c) => !state.tokens[seat]!.includes(c));
}
