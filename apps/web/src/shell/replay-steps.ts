import type { Seat } from '@roundtable/core';
import type { Step } from '../session/narration.ts';

/** How many views are asked of the server at once. */
const AT_ONCE = 4;

interface ReplayView {
  readonly view?: unknown;
  readonly last?: { readonly seat: Seat; readonly move: string } | null;
}

/**
 * The steps of a finished online match told again from its replay: the view after each ply, as the server
 * gives it to this screen (`/api/matches/:id/replay/:ply`, with the seat's token for its own hand), and the move
 * when the server may say it (games without secrets, or this seat's own moves). A card game does not publish its
 * record, so a screen that opens the match after it ended (a reload, a link) tells the log from these; each step
 * is one ply, so the replay can highlight the entry of the step it shows. Null when a view cannot be had.
 */
export async function stepsFromReplay(matchId: string, plies: number, token: string | null, lang: string): Promise<Step[] | null> {
  if (!Number.isInteger(plies) || plies < 0) return null;
  const views: (ReplayView | null)[] = new Array<ReplayView | null>(plies + 1).fill(null);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next <= plies) {
      const ply = next++;
      const res = await fetch(`/api/matches/${encodeURIComponent(matchId)}/replay/${ply}?lang=${lang}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!res.ok) {
        failed = true;
        return;
      }
      const data = (await res.json()) as ReplayView;
      if (data === null || typeof data !== 'object' || !('view' in data)) {
        failed = true;
        return;
      }
      views[ply] = data;
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, plies + 1) }, worker));
  if (failed || views.some((v) => v === null)) return null;
  const steps: Step[] = [];
  let before: unknown = null;
  views.forEach((v, ply) => {
    const after = (v as ReplayView).view;
    const last = ply > 0 ? ((v as ReplayView).last ?? null) : null;
    // Whose turn it was is public (the view before says who was to move), even when the move itself is not.
    const toMove = (before as { toMove?: readonly Seat[] } | null)?.toMove;
    const seat = last?.seat ?? (ply > 0 && toMove?.length === 1 ? (toMove[0] as Seat) : null);
    steps.push({ before, after, move: last ? { seat: last.seat, notation: last.move } : null, seat });
    before = after;
  });
  return steps;
}
