import { toKernel, type LancelotState } from '@roundtable/lancelot';
import type { Evaluate } from './bot.ts';

/** What one captured knight is worth to the greedy bot. */
const CAPTURE = 10;
/** Each of our knights an opponent could take with their next placement. */
const EXPOSED = 8;
/** Spending the white shield (Excalibur) is worth it only for a capture. */
const SHIELD = 3;

/**
 * Lancelot, one move deep: take the most knights now, and do not leave a line where an opponent's next
 * placement makes exactly +2 on our knights (a 1-ply look at each opponent's best knight placement,
 * Excalibur invocations left out to keep it cheap).
 */
export const lancelotGreedy: Evaluate = (game, before: LancelotState, after: LancelotState, seat) => {
  const outcome = game.outcome(after);
  if (outcome) {
    if (!outcome.winners.includes(seat)) return -1_000_000;
    return outcome.draw ? 1_000 : 1_000_000;
  }
  const gained = (after.captures[seat] ?? 0) - (before.captures[seat] ?? 0);
  const kernel = toKernel(after);
  let exposed = 0;
  for (let other = 0; other < after.players; other++) {
    if (other !== seat) exposed = Math.max(exposed, kernel.bestCapture(other, seat));
  }
  const spends =
    (before.shields[seat] === true && after.shields[seat] === false) ||
    (after.phase === 'swordAfter' && before.phase !== 'swordAfter');
  return gained * CAPTURE - exposed * EXPOSED - (spends ? SHIELD : 0);
};
