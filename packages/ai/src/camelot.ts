import { EMPTY, MoveList, engineOf, type CamelotState, type Side } from '@roundtable/camelot';
import type { Evaluate } from './bot.ts';

const KNIGHT = 150;
const MAN = 100;
const reply = new MoveList();

/**
 * The greedy bot's view of a Camelot position for `seat`: a decided game first; then material (knights worth
 * more), the biggest capture the opponent can answer with, and progress towards the enemy castle.
 */
export const camelotGreedy: Evaluate<CamelotState> = (_game, _before, after, seat) => {
  if (after.outcome) {
    if (after.outcome.draw) return 0;
    return after.outcome.winners.includes(seat) ? 1e9 : -1e9;
  }
  const engine = engineOf(after);
  const geo = engine.geo;
  const me = seat as Side;
  let score = 0;
  for (const c of geo.cells) {
    const p = after.board[c] as number;
    if (p === EMPTY) continue;
    const owner = (p - 1) >> 1;
    const value = p === 2 || p === 4 ? KNIGHT : MAN;
    // Progress: closeness to the nearest enemy castle square, counted for both sides.
    let best = Infinity;
    for (const t of geo.castleCells[(1 - owner) as Side]) {
      const d = Math.max(Math.abs(geo.fileOf(t) - geo.fileOf(c)), Math.abs(geo.rankOf(t) - geo.rankOf(c)));
      if (d < best) best = d;
    }
    const progress = 20 - best;
    score += owner === me ? value + progress : -(value + progress);
  }
  // What the opponent can take at once (captures are compulsory, so it will).
  engine.generate(after, reply);
  let threat = 0;
  for (let i = 0; i < reply.count; i++) {
    const taken = reply.capLen[i] as number;
    if (taken > threat) threat = taken;
  }
  return score - threat * MAN;
};
